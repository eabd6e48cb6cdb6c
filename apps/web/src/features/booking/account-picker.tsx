// The product's billing account, found by typing (name, e-mail or town) instead of picked from a
// list of every payer account: a club has hundreds, and namesakes ("Jens Hansen" twice) are told
// apart by their e-mail, town and kind. The chosen account is shown with the same details; it can
// be changed or taken away. Issue #39.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { loadAccountChoice, searchAccounts, type AccountChoice } from './load-product';

export function AccountPicker({ communityId, name }: { communityId: string; name: string }) {
  const t = useT(bookingMessages);
  const listId = useId();
  const { setValue } = useFormContext();
  const value = (useWatch({ name }) as string | undefined) ?? '';
  const [text, setText] = useState('');
  const chosen = useQuery({
    queryKey: ['booking', communityId, 'account', value],
    queryFn: () => loadAccountChoice(value),
    enabled: value !== '',
  });
  const found = useQuery({
    queryKey: ['booking', communityId, 'account-search', text.trim()],
    queryFn: () => searchAccounts(communityId, text),
    enabled: text.trim().length >= 2,
  });
  const pick = (id: string) => {
    setValue(name, id, { shouldDirty: true, shouldValidate: true });
    setText('');
  };
  const details = (a: AccountChoice) =>
    [a.email, a.city, t(`form.accountKind.${a.kind as 'member'}`)].filter(Boolean).join(' · ');

  if (value)
    return (
      <div role="group" aria-labelledby={`${listId}-label`} className="space-y-1.5">
        <p id={`${listId}-label`} className="text-sm font-medium text-foreground">
          {t('form.account')}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-input px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block font-medium">{chosen.data?.name ?? '…'}</span>
            {chosen.data ? (
              <span className="block text-xs text-muted-foreground">{details(chosen.data)}</span>
            ) : null}
          </span>
          <button
            type="button"
            className="text-xs underline"
            aria-label={t('form.accountChangeNamed', { name: chosen.data?.name ?? '' })}
            onClick={() => pick('')}
          >
            {t('form.accountChange')}
          </button>
        </div>
        <p className="text-sm text-muted-foreground">{t('form.accountHelp')}</p>
      </div>
    );
  return (
    <div className="space-y-1">
      <FormField label={t('form.account')} help={t('form.accountSearchHelp')}>
        <Input
          type="search"
          value={text}
          placeholder={t('form.accountPlaceholder')}
          aria-controls={listId}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      {found.data?.length ? (
        <ul
          id={listId}
          className="max-h-56 overflow-y-auto rounded-md border border-border"
          aria-label={t('form.accountResults')}
        >
          {found.data.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="w-full px-3 py-1.5 text-left text-sm hover:bg-muted focus-visible:bg-muted"
                aria-label={t('form.accountPick', { name: a.name, details: details(a) })}
                onClick={() => pick(a.id)}
              >
                <span className="block">{a.name}</span>
                <span className="block text-xs text-muted-foreground">{details(a)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : text.trim().length >= 2 && found.isSuccess ? (
        <p className="text-xs text-muted-foreground">{t('form.accountNone')}</p>
      ) : null}
    </div>
  );
}
