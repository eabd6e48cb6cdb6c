// A logo in a form (the field `logo_path`): the community's own logo on the settings screen and
// each club's logo on the club page. PNG or JPEG up to 5 MB in the community-logos bucket under
// "<community id>/<folder>/…", which only the community's owners may write (storage policies,
// app_private.may_write_image). Read-only forms show the image alone.
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { logoBucket, logoUrl } from '../../lib/community-logo';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { FieldShell } from '../form/form';
import { UploadField, type UploadAccept, type UploadMessages } from './upload-field';

export const logoAccept: UploadAccept = {
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PNG, JPEG',
  maxBytes: 5 * 1024 * 1024,
};
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export async function uploadLogo(
  communityId: string,
  folder: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = `${communityId}/${folder}/${crypto.randomUUID()}.${extensions[file.type] ?? 'png'}`;
  await uploadWithProgress({ bucket: logoBucket, path, file, onProgress });
  return path;
}

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
        accept={logoAccept}
        value={value}
        onChange={(path) => setValue('logo_path', path, { shouldDirty: true })}
        upload={(file, onProgress) => uploadLogo(communityId, folder, file, onProgress)}
        previewUrl={logoUrl}
        messages={messages}
      />
    </div>
  );
}
