// Asks for a link's address and refuses what the database would refuse, saying why.
import { richTextMessages } from '@club/i18n/namespaces/rich-text';
import { isAllowedLink } from '@club/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { FormField } from '../form-field';
import { Input } from '../input';

export function LinkDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: string;
  /** The address to link to, or '' to remove the link. */
  onSave: (href: string) => void;
}) {
  const t = useT(richTextMessages);
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setHref(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog sits in a portal, but React passes its submit on to the page's own form.
    e.stopPropagation();
    const value = href.trim();
    // A bare domain gets https:// in front, as people type "dgi.dk".
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    if (!isAllowedLink(withScheme)) {
      setError(t('linkDialog.invalid'));
      return;
    }
    onSave(withScheme);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('linkDialog.title')}
      description={t('linkDialog.description')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={t('linkDialog.address')} help={t('linkDialog.addressHelp')} error={error}>
          <Input
            id="rich-text-link-address"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            placeholder="https://"
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {initial ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                onSave('');
                onOpenChange(false);
              }}
            >
              {t('linkDialog.remove')}
            </Button>
          ) : null}
          <Button type="submit">{t('linkDialog.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
