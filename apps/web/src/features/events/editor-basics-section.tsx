// Title, location (checked as an address), rich-text description, visibility and type.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { RichTextEditor } from '../../components/ui/rich-text/rich-text-editor';
import { storagePath } from '../../components/ui/rich-text/storage-url';
import { useT } from '../../lib/i18n';
import { eventKinds, eventVisibilities, type EventKind, type EventVisibility } from './event-records';
import { EditorTextField } from './editor-text-field';
import { eventImageBucket, uploadEventImage } from './upload-event-image';
import { fieldId, type EditorSectionProps } from './editor-section-props';

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function EditorBasicsSection(props: EditorSectionProps & { communityId: string }) {
  const t = useT(eventsMessages);
  const { draft, change } = props;
  return (
    <Card aria-labelledby="editor-basics">
      <CardHeader id="editor-basics" title={t('editor.sections.basics')} />
      <CardBody>
        <EditorTextField
          path="title"
          label={t('editor.fields.title')}
          value={draft.title}
          onValue={(title) => change((d) => ({ ...d, title }))}
          props={props}
        />
        <EditorTextField
          path="location"
          label={t('editor.fields.location')}
          help={t('editor.fields.locationHelp')}
          value={draft.location}
          onValue={(location) => change((d) => ({ ...d, location }))}
          props={props}
        />
        <div className="space-y-1.5">
          <span id="editor-description-label" className="block text-sm font-medium">
            {t('editor.fields.description')}
          </span>
          <RichTextEditor
            id={fieldId('description')}
            labelledBy="editor-description-label"
            value={draft.description}
            onChange={(description) => change((d) => ({ ...d, description }))}
            uploadImage={async (file) =>
              storagePath(eventImageBucket, await uploadEventImage(props.communityId, file))
            }
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('editor.fields.visibility')}>
            <select
              id={fieldId('visibility')}
              className={selectClass}
              value={draft.visibility}
              onChange={(e) => change((d) => ({ ...d, visibility: e.target.value as EventVisibility }))}
            >
              {eventVisibilities.map((v) => (
                <option key={v} value={v}>
                  {t(`visibility.${v}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('editor.fields.kind')}>
            <select
              id={fieldId('kind')}
              className={selectClass}
              value={draft.kind}
              onChange={(e) => change((d) => ({ ...d, kind: e.target.value as EventKind }))}
            >
              {eventKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </CardBody>
    </Card>
  );
}
