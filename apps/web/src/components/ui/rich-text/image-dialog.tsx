// Adds an image: a picture uploaded to the area's bucket (when the area offers uploads) or an
// https address, with the words a screen reader says instead. Type and size are stated before
// picking and checked at once.
import { richTextMessages } from '@club/i18n/namespaces/rich-text';
import { isAllowedImage } from '@club/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FormField } from '../form-field';
import { Input } from '../input';

const maxBytes = 5 * 1024 * 1024;
const types = ['image/png', 'image/jpeg'];

export function ImageDialog({
  open,
  onOpenChange,
  uploadImage,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploadImage?: ((file: File) => Promise<string>) | undefined;
  onInsert: (src: string, alt: string) => void;
}) {
  const t = useT(richTextMessages);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setUrl('');
      setAlt('');
      setError(undefined);
      setBusy(false);
    }
  }, [open]);
  const pick = (picked: File | null) => {
    setError(undefined);
    if (picked && !types.includes(picked.type)) setError(t('imageDialog.wrongType'));
    else if (picked && picked.size > maxBytes) setError(t('imageDialog.tooLarge'));
    setFile(picked);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The dialog sits in a portal, but React passes its submit on to the page's own form.
    e.stopPropagation();
    if (error && file) return;
    if (file && uploadImage) {
      setBusy(true);
      try {
        onInsert(await uploadImage(file), alt.trim());
        onOpenChange(false);
      } catch {
        setError(t('imageDialog.uploadFailed'));
      } finally {
        setBusy(false);
      }
      return;
    }
    const src = url.trim();
    if (!src) return setError(t('imageDialog.missing'));
    if (!isAllowedImage(src)) return setError(t('imageDialog.invalidUrl'));
    onInsert(src, alt.trim());
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('imageDialog.title')}
      description={t('imageDialog.description')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {uploadImage ? (
          <FormField label={t('imageDialog.file')} help={t('imageDialog.fileHelp')}>
            <Input
              id="rich-text-image-file"
              type="file"
              accept={types.join(',')}
              className="pt-2"
              onChange={(e) => pick(e.target.files?.[0] ?? null)}
            />
          </FormField>
        ) : null}
        <FormField label={t('imageDialog.url')} help={t('imageDialog.urlHelp')}>
          <Input
            id="rich-text-image-url"
            type="url"
            inputMode="url"
            value={url}
            disabled={file !== null}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://"
          />
        </FormField>
        <FormField label={t('imageDialog.alt')} help={t('imageDialog.altHelp')}>
          <Input
            id="rich-text-image-alt"
            value={alt}
            maxLength={500}
            onChange={(e) => setAlt(e.target.value)}
          />
        </FormField>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? t('imageDialog.uploading') : t('imageDialog.insert')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
