// The fee run of a paid group: pick a day of the period, preview who is charged, how much and
// why, then charge them as a job in the kit's job panel. A second run for the same period
// finds nobody and says so; the invoices are in billing.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DateInput } from '../../components/date/date-input';
import { startJob } from '../../components/jobs/job-store';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useCommunityToday } from '../../lib/community-time-zone';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { previewFeeRun, runFees } from './group-fees';
import { groupKeys } from './group-keys';
import type { GroupRecord } from './group-records';

export function GroupFeeRun({
  group,
  communityId,
  slug,
}: {
  group: GroupRecord;
  communityId: string;
  slug: string;
}) {
  const t = useT(groupsMessages);
  const format = useFormat();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const dayId = useId();
  // Until the treasurer picks a day, the run is for today on the community's calendar.
  const [chosenDay, setDay] = useState<string | null>(null);
  const today = useCommunityToday(communityId);
  const day = chosenDay ?? today ?? '';
  const [asked, setAsked] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: groupKeys.feePreview(communityId, group.id, day),
    queryFn: () => previewFeeRun(communityId, group.id, day),
    enabled: asked && /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  // The run itself, as a job in the kit's panel; the database decides who is due, so a run
  // after another one for the same period charges nobody and says so.
  const runButton = (label: string, total: number, variant?: 'secondary') => (
    <Button
      variant={variant}
      onClick={() => {
        startJob({
          title: t('fees.running', { group: group.title }),
          total: Math.max(total, 1),
          href: localePath(language, `${slug}/groups/${group.id}`),
          failedText: t('fees.failed'),
          run: async ({ progress, signal }) => {
            const charged = await runFees(group.id, day, (done) => progress(Math.min(done, total)), signal);
            progress(Math.max(total, 1));
            const text = charged === 0 ? t('fees.outcomeNone') : t('fees.outcome', { count: charged });
            setOutcome(text);
            await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
            return text;
          },
        });
      }}
    >
      {label}
    </Button>
  );
  const body = () => {
    if (!group.payment_frequency) return <Alert kind="info" title={t('fees.freeGroup')} />;
    if (group.archived) return <Alert kind="info" title={t('fees.archived')} />;
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <label htmlFor={dayId} className="block text-sm font-medium">
              {t('fees.day')}
            </label>
            <DateInput
              id={dayId}
              value={day}
              onChange={(value) => {
                setDay(value);
                setOutcome(null);
              }}
            />
          </div>
          <Button
            variant="secondary"
            onClick={() => {
              setAsked(true);
              setOutcome(null);
              void preview.refetch();
            }}
          >
            {t('fees.preview')}
          </Button>
        </div>
        {outcome ? (
          <Alert kind="success" title={outcome}>
            <Link className="underline" to={localePath(language, `${slug}/billing/invoices`)}>
              {t('fees.toBilling')}
            </Link>
          </Alert>
        ) : null}
        {preview.error ? <Alert kind="error" title={t(describeGroupError(preview.error))} /> : null}
        {asked && preview.data ? (
          preview.data.count === 0 ? (
            <div className="space-y-3">
              <Alert kind="info" title={t('fees.nobody')} />
              {runButton(t('fees.runAnyway'), 0, 'secondary')}
            </div>
          ) : (
            <div className="space-y-3">
              <h3 className="text-sm font-semibold">{t('fees.previewTitle')}</h3>
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('fees.previewTitle')}</caption>
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-3 font-medium">{t('fees.member')}</th>
                      <th className="py-1 pr-3 font-medium">{t('fees.period')}</th>
                      <th className="py-1 pr-3 text-right font-medium">{t('fees.amount')}</th>
                      <th className="py-1 font-medium">{t('fees.why')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.data.rows.map((d) => (
                      <tr key={d.group_member_id} className="border-t border-border">
                        <td className="py-1 pr-3">{d.member_name}</td>
                        <td className="py-1 pr-3">{d.description}</td>
                        <td className="py-1 pr-3 text-right whitespace-nowrap">
                          {format.money(d.amount_ore)}
                        </td>
                        <td className="py-1">{t(`fees.reason.${d.reason as 'full_period'}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="text-sm">
                {preview.data.count > preview.data.rows.length
                  ? t('fees.totalPartial', {
                      count: preview.data.count,
                      shown: format.number(preview.data.rows.length),
                    })
                  : t('fees.total', {
                      count: preview.data.count,
                      amount: format.money(preview.data.rows.reduce((sum, d) => sum + d.amount_ore, 0)),
                    })}
              </p>
              {runButton(t('fees.run', { count: preview.data.count }), preview.data.count)}
            </div>
          )
        ) : null}
      </div>
    );
  };
  return (
    <Card aria-labelledby="group-fees-title">
      <CardHeader id="group-fees-title" title={t('fees.title')} description={t('fees.description')} />
      <CardBody>{body()}</CardBody>
    </Card>
  );
}
