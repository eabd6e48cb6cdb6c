// A logo in a form (the field `logo_path`): the community's own logo on the settings screen and
// each club's logo on the club page. PNG or JPEG up to 5 MB in the community-logos bucket under
// "<community id>/<folder>/…", which only the community's owners may write (storage policies,
// app_private.may_write_image). Read-only forms show the image alone.
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { logoBucket, logoUrl } from '../../lib/community-logo';
import { publicImageAccept, uploadPublicImage } from '../../lib/upload-with-progress';
import { FieldShell } from '../form/form';
import { UploadField, type UploadMessages } from './upload-field';

export function LogoField({
  communityId,
  folder,
  label,
  readOnly,
  messages,
}: {
  communityId: string;
  folder: string;
  label: string;
  readOnly: boolean;
  messages: UploadMessages;
}) {
  const id = useId();
  const { watch, setValue } = useFormContext<{ logo_path: string }>();
  const value = watch('logo_path');
  if (readOnly)
    return value ? (
      <FieldShell name="logo_path" label={label}>
        <img src={logoUrl(value)} alt={messages.preview} className="h-20 w-auto rounded border" />
      </FieldShell>
    ) : null;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <UploadField
        id={id}
        label={label}
        accept={publicImageAccept}
        value={value}
        onChange={(path) => setValue('logo_path', path, { shouldDirty: true })}
        upload={(file, onProgress) =>
          uploadPublicImage(logoBucket, `${communityId}/${folder}`, file, onProgress)
        }
        previewUrl={logoUrl}
        messages={messages}
      />
    </div>
  );
}
