// The members behind a statutory count: who was counted in which activity, from when, and on
// what basis (a paid fee, or coach/leader on free kontingent).
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useT } from '../../lib/i18n';
import type { MemberCountDetailRow } from './load-analytics';

export function MemberCountDetail({
  load,
  queryKey,
}: {
  load: () => Promise<MemberCountDetailRow[]>;
  queryKey: readonly unknown[];
}) {
  const t = useT(analyticsMessages);
  const format = useFormat();
  const detail = useQuery({ queryKey, queryFn: load });
  if (!detail.data) return <Skeleton className="mt-3 h-24 w-full" />;
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="mb-2 text-left font-semibold">{t('counts.membersCaption')}</caption>
      <thead className="border-b border-border text-left">
        <tr>
          {(['name', 'activity', 'genderColumn', 'age', 'countedFrom', 'basis'] as const).map((c) => (
            <th key={c} scope="col" className="px-2 py-1.5 font-medium">
              {t(`counts.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {detail.data.map((row) => (
          <tr key={`${row.member_id}-${row.activity_id}`} className="border-b border-border last:border-0">
            <th scope="row" className="px-2 py-1.5 text-left font-normal">
              {row.first_name} {row.last_name}
            </th>
            <td className="px-2 py-1.5">{row.activity}</td>
            <td className="px-2 py-1.5">
              {t(`counts.gender.${row.gender as 'female' | 'male' | 'other' | 'unknown'}`)}
            </td>
            <td className="px-2 py-1.5 tabular-nums">{row.age ?? t('counts.ageUnknown')}</td>
            <td className="px-2 py-1.5 tabular-nums">{format.date(row.counted_from)}</td>
            <td className="px-2 py-1.5">{t(`counts.basis.${row.paid_by as 'fee' | 'coach' | 'leader'}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
