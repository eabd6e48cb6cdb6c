// The event image on the kit's UploadField: accepted types and size are stated before picking;
// a wrong file is refused with a message at once; an upload shows its progress, then a
// preview of the stored image.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { UploadField } from '../../components/upload/upload-field';
import { useT } from '../../lib/i18n';
import { fieldId, type EditorSectionProps } from './editor-section-props';
import { eventImageAccept, eventImageUrl, uploadEventImage } from './upload-event-image';

export function EditorImageField({
  draft,
  change,
  communityId,
}: Pick<EditorSectionProps, 'draft' | 'change'> & { communityId: string }) {
  const t = useT(eventsMessages);
  return (
    <Card aria-labelledby="editor-image">
      {/* The field states the accepted types and size under itself, once. */}
      <CardHeader id="editor-image" title={t('editor.sections.image')} />
      <CardBody>
        <UploadField
          id={fieldId('image')}
          label={t('editor.sections.image')}
          accept={eventImageAccept}
          value={draft.imagePath}
          onChange={(imagePath) => change((d) => ({ ...d, imagePath }))}
          upload={(file, onProgress) => uploadEventImage(communityId, file, onProgress)}
          previewUrl={eventImageUrl}
          messages={{
            accepted: t('editor.image.accepted'),
            wrongType: t('editor.image.wrongType'),
            tooLarge: t('editor.image.tooLarge'),
            failed: t('editor.image.failed'),
            preview: t('editor.image.preview'),
            choose: t('editor.image.choose'),
            replace: t('editor.image.replace'),
            remove: t('editor.image.remove'),
          }}
        />
      </CardBody>
    </Card>
  );
}
