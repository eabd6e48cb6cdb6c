// A product's requirements for a member on a day, each met or not, said in words.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { Check, X } from 'lucide-react';
import { useFormat, useT } from '../../lib/i18n';
import type { Requirement } from './booking-records';

export function RequirementList({
  requirements,
  day,
}: {
  requirements: (Requirement & { expires_on?: string | null })[];
  day: string;
}) {
  const t = useT(bookingMessages);
  const format = useFormat();
  if (requirements.length === 0)
    return <p className="text-sm text-muted-foreground">{t('requirements.none')}</p>;
  const words = (r: Requirement & { expires_on?: string | null }) => {
    if (r.type === 'group')
      return r.met
        ? t('requirements.groupMet', { name: r.name })
        : t('requirements.groupMissing', { name: r.name });
    if (r.met) return t('requirements.certificateMet', { name: r.name });
    if (r.expires_on)
      return t('requirements.certificateExpires', {
        name: r.name,
        expires: format.date(`${r.expires_on}T12:00:00Z`),
        day: format.date(`${day}T12:00:00Z`),
      });
    return t('requirements.certificateMissing', { name: r.name });
  };
  return (
    <ul className="space-y-1 text-sm" aria-label={t('requirements.title')}>
      {requirements.map((r) => (
        <li key={`${r.type}-${r.name}`} className="flex items-start gap-2">
          {r.met ? (
            <Check aria-hidden="true" className="mt-0.5 size-4 text-emerald-600" />
          ) : (
            <X aria-hidden="true" className="mt-0.5 size-4 text-destructive" />
          )}
          <span>{words(r)}</span>
        </li>
      ))}
    </ul>
  );
}
