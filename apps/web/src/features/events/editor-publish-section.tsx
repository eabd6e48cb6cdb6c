// How the event goes out: published now, released later at a chosen time, or kept as a draft.
// A published event is only saved (it cannot go back to draft or scheduled).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import type { PublishChoice } from './event-draft';
import type { EventStatus } from './event-records';
import { EditorTextField } from './editor-text-field';
import type { EditorSectionProps } from './editor-section-props';

export function choicesFor(status: EventStatus | undefined): PublishChoice[] {
  if (status === 'published' || status === 'cancelled') return ['keep'];
  return ['now', 'later', 'draft'];
}

/** The preselected choice keeps an event where it is: a draft stays a draft and a scheduled
 * event stays scheduled unless the admin picks otherwise; a new event is published now. */
export function defaultChoice(status: EventStatus | undefined): PublishChoice {
  if (status === 'draft') return 'draft';
  if (status === 'scheduled') return 'later';
  return choicesFor(status)[0]!;
}

export function EditorPublishSection(
  props: EditorSectionProps & {
    status: EventStatus | undefined;
    choice: PublishChoice;
    onChoice: (choice: PublishChoice) => void;
  },
) {
  const t = useT(eventsMessages);
  const choices = choicesFor(props.status);
  if (choices.length === 1) return null;
  return (
    <Card aria-labelledby="editor-publishing">
      <CardHeader id="editor-publishing" title={t('editor.sections.publishing')} />
      <CardBody>
        <div role="radiogroup" aria-labelledby="editor-publishing" className="space-y-2">
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="publish-choice"
                value={choice}
                checked={props.choice === choice}
                onChange={() => props.onChoice(choice)}
              />
              {t(`editor.publishing.${choice === 'keep' ? 'save' : choice}`)}
            </label>
          ))}
        </div>
        {props.choice === 'later' ? (
          <EditorTextField
            path="releaseAt"
            type="datetime-local"
            label={t('editor.fields.releaseAt')}
            help={t('editor.publishing.laterHelp')}
            value={props.draft.releaseAt}
            onValue={(releaseAt) => props.change((d) => ({ ...d, releaseAt }))}
            props={props}
            className="max-w-xs"
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
