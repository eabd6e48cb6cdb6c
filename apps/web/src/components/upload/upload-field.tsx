// A file upload that says what it accepts before anything is picked ("PNG or JPEG, up to
// 5 MB"), refuses a wrong type or size at once with the reason, shows progress while the file
// goes up, then a preview (images) or the file's name, with replace and remove.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { FileUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFormat, useT } from '../../lib/i18n';
import { Button } from '../ui/button';

export interface UploadAccept {
  /** MIME types and the file-name endings that go with them. */
  types: Record<string, readonly string[]>;
  /** The types in words: "PNG or JPEG". */
  label: string;
  maxBytes: number;
}

export interface UploadMessages {
  accepted?: string;
  wrongType?: string;
  tooLarge?: string;
  failed?: string;
  preview?: string;
  choose?: string;
  replace?: string;
  remove?: string;
}

export type UploadProblem = 'wrongType' | 'tooLarge';

/** Why a file cannot be uploaded, checked by type, name ending and size. */
export function checkUpload(file: File, accept: UploadAccept): UploadProblem | undefined {
  const endings = accept.types[file.type];
  const name = file.name.toLowerCase();
  if (!endings || !endings.some((ending) => name.endsWith(ending))) return 'wrongType';
  if (file.size > accept.maxBytes) return 'tooLarge';
  return undefined;
}

export function UploadField({
  label,
  accept,
  value,
  onChange,
  upload,
  previewUrl,
  messages = {},
  id,
}: {
  label: string;
  accept: UploadAccept;
  /** The stored file (a storage path), '' when none. */
  value: string;
  onChange: (value: string) => void;
  /** Stores the file, reporting progress 0…1; resolves to the value to keep (its path). */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<string>;
  /** An image preview for a stored value; leave out for files that are not images. */
  previewUrl?: (value: string) => string;
  messages?: UploadMessages;
  id?: string;
}) {
  const t = useT(kitMessages);
  const format = useFormat();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | undefined>();
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${format.number(bytes / 1024 / 1024, 1)} MB`
      : `${format.number(Math.ceil(bytes / 1024))} KB`;
  const accepted =
    messages.accepted ?? t('upload.accepts', { types: accept.label, size: size(accept.maxBytes) });

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const check = checkUpload(file, accept);
    if (check === 'wrongType') {
      setProblem(messages.wrongType ?? t('upload.wrongType', { name: file.name, types: accept.label }));
      return;
    }
    if (check === 'tooLarge') {
      setProblem(
        messages.tooLarge ??
          t('upload.tooLarge', { name: file.name, size: size(file.size), max: size(accept.maxBytes) }),
      );
      return;
    }
    setProblem(undefined);
    setProgress({ name: file.name, fraction: 0 });
    try {
      onChange(await upload(file, (fraction) => setProgress({ name: file.name, fraction })));
    } catch {
      setProblem(messages.failed ?? t('upload.failed', { name: file.name }));
    } finally {
      setProgress(undefined);
    }
  };

  const messageId = `${inputId}-message`;
  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <div className="space-y-3">
      {value && previewUrl ? (
        <img
          src={previewUrl(value)}
          alt={messages.preview ?? t('upload.preview', { name: label })}
          className="max-h-56 rounded-md border border-border object-cover"
        />
      ) : value ? (
        <p className="text-sm">{value.split('/').pop()}</p>
      ) : null}
      {progress ? (
        <div className="space-y-1" role="status">
          <p className="text-sm">{t('upload.uploading', { name: progress.name, percent })}</p>
          <progress value={percent} max={100} aria-label={label} className="h-2 w-full accent-accent" />
        </div>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={Object.entries(accept.types)
          .flatMap(([type, endings]) => [type, ...endings])
          .join(',')}
        className="sr-only"
        aria-label={label}
        aria-describedby={messageId}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={Boolean(progress)} onClick={() => input.current?.click()}>
          <FileUp aria-hidden="true" />
          {value ? (messages.replace ?? t('upload.replace')) : (messages.choose ?? t('upload.choose'))}
        </Button>
        {value ? (
          <Button variant="ghost" onClick={() => onChange('')}>
            <Trash2 aria-hidden="true" />
            {messages.remove ?? t('upload.remove')}
          </Button>
        ) : null}
      </div>
      <p
        id={messageId}
        role={problem ? 'alert' : undefined}
        className={problem ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
      >
        {problem ?? accepted}
      </p>
    </div>
  );
}
