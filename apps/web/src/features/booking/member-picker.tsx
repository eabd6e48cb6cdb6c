// Picks a member of the community by name: a search box and the matching members as choices.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { memberName } from './booking-records';
import { searchMembers } from './load-bookings';

export function MemberPicker({
  communityId,
  value,
  onChange,
}: {
  communityId: string;
  value: { id: string; name: string } | null;
  onChange: (member: { id: string; name: string } | null) => void;
}) {
  const t = useT(bookingMessages);
  const id = useId();
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['booking', communityId, 'member-search', text],
    queryFn: () => searchMembers(communityId, text),
    enabled: text.trim().length >= 2,
  });
  if (value)
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-input px-2 py-1.5 text-sm">
        <span>{value.name}</span>
        <button type="button" className="text-xs underline" onClick={() => onChange(null)}>
          {t('dialog.changeMember')}
        </button>
      </div>
    );
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('dialog.member')}
      </label>
      <input
        id={id}
        className="h-9 w-full rounded-md border border-input bg-surface px-2 text-sm"
        placeholder={t('dialog.memberPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {found.data?.length ? (
        <ul
          className="max-h-40 overflow-y-auto rounded-md border border-border"
          aria-label={t('dialog.memberResults')}
        >
          {found.data.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="w-full px-2 py-1 text-left text-sm hover:bg-muted"
                onClick={() => onChange({ id: m.id, name: memberName(m) })}
              >
                {memberName(m)}
              </button>
            </li>
          ))}
        </ul>
      ) : text.trim().length >= 2 && found.isSuccess ? (
        <p className="text-xs text-muted-foreground">{t('dialog.noMembers')}</p>
      ) : null}
    </div>
  );
}
