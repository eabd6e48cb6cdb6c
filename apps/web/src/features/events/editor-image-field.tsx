// The event image: accepted types and size are stated before picking; a wrong file is refused
// with a message at once; an upload shows progress, then a preview of the stored image.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useT } from '../../lib/i18n';
import { fieldId, type EditorSectionProps } from './editor-section-props';
import { checkEventImage, eventImageUrl, uploadEventImage } from './upload-event-image';

export function EditorImageField({
  draft,
  change,
  communityId,
}: Pick<EditorSectionProps, 'draft' | 'change'> & { communityId: string }) {
  const t = useT(eventsMessages);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<'wrongType' | 'tooLarge' | 'failed' | undefined>();
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const check = checkEventImage(file);
    setProblem(check);
    if (check) return;
    setUploading(true);
    try {
      const path = await uploadEventImage(communityId, file);
      change((d) => ({ ...d, imagePath: path }));
    } catch {
      setProblem('failed');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const messageId = `${fieldId('image')}-message`;
  return (
    <Card aria-labelledby="editor-image">
      <CardHeader
        id="editor-image"
        title={t('editor.sections.image')}
        description={t('editor.image.accepted')}
      />
      <CardBody>
        {draft.imagePath ? (
          <img
            src={eventImageUrl(draft.imagePath)}
            alt={t('editor.image.preview')}
            className="max-h-56 rounded-md border border-border object-cover"
          />
        ) : null}
        {uploading ? (
          <div className="space-y-1">
            <p className="text-sm">{t('editor.image.uploading')}</p>
            <progress
              aria-label={t('editor.image.progress')}
              className="h-2 w-full overflow-hidden rounded accent-accent"
            />
          </div>
        ) : null}
        <input
          ref={input}
          id={fieldId('image')}
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          className="sr-only"
          aria-describedby={messageId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={uploading} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {draft.imagePath ? t('editor.image.replace') : t('editor.image.choose')}
          </Button>
          {draft.imagePath ? (
            <Button variant="ghost" onClick={() => change((d) => ({ ...d, imagePath: '' }))}>
              <Trash2 aria-hidden="true" />
              {t('editor.image.remove')}
            </Button>
          ) : null}
        </div>
        <p
          id={messageId}
          role={problem ? 'alert' : undefined}
          className={problem ? 'text-sm font-medium text-destructive' : 'sr-only'}
        >
          {problem ? t(`editor.image.${problem}`) : t('editor.image.accepted')}
        </p>
      </CardBody>
    </Card>
  );
}
