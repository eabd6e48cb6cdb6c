// The post's link: checked on the server (check-url) when the field is left, showing "Invalid
// URL or unreachable" under it; the editor refuses to save until the link in the field has
// passed. A check's answer is kept per address, so saving does not ask again.
import { newsMessages } from '@club/i18n/namespaces/news';
import { useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldShell } from '../../components/form/form';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { checkNewsLink } from './check-news-link';

export type LinkVerdict = 'checking' | 'ok' | 'bad';

/** Remembers each address's verdict and checks an address once at a time. */
export function useLinkChecks() {
  const verdicts = useRef(new Map<string, Promise<LinkVerdict>>());
  return (url: string): Promise<LinkVerdict> => {
    const known = verdicts.current.get(url);
    if (known) return known;
    const asked = checkNewsLink(url).then((r): LinkVerdict => (r.valid ? 'ok' : 'bad'));
    verdicts.current.set(url, asked);
    return asked;
  };
}

export function NewsLinkField({ check }: { check: (url: string) => Promise<LinkVerdict> }) {
  const t = useT(newsMessages);
  const { control, setError, clearErrors } = useFormContext();
  const [state, setState] = useState<{ url: string; verdict: LinkVerdict } | undefined>();
  const verify = async (raw: string) => {
    const url = raw.trim();
    if (!url) {
      setState(undefined);
      clearErrors('linkUrl');
      return;
    }
    setState({ url, verdict: 'checking' });
    const verdict = await check(url);
    setState((current) => (current?.url === url ? { url, verdict } : current));
    if (verdict === 'bad') setError('linkUrl', { type: 'link', message: 'editor.link.invalid' });
    else clearErrors('linkUrl');
  };
  const help =
    state?.verdict === 'checking'
      ? t('editor.link.checking')
      : state?.verdict === 'ok'
        ? t('editor.link.ok')
        : t('editor.fields.linkHelp');
  return (
    <Controller
      control={control}
      name="linkUrl"
      render={({ field }) => (
        <FieldShell
          name="linkUrl"
          label={t('editor.fields.link')}
          optional
          help={<span aria-live="polite">{help}</span>}
        >
          <Input
            type="url"
            inputMode="url"
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            placeholder="https://"
            onChange={(e) => {
              field.onChange(e.target.value);
              if (state) setState(undefined);
            }}
            onBlur={() => {
              field.onBlur();
              void verify(typeof field.value === 'string' ? field.value : '');
            }}
          />
        </FieldShell>
      )}
    />
  );
}
