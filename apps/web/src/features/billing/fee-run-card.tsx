// The community's fee run (decision 0911): pick a day of the period, see what a run would
// charge (charges, members, amount, and the volunteer credit that will be deducted), confirm,
// and the run issues the invoices in batches as a job in the kit's job panel. A second run for
// the same period finds nobody and says so.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DateInput } from '../../components/date/date-input';
import { startJob } from '../../components/jobs/job-store';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useCommunityToday } from '../../lib/community-time-zone';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { useBillingPath } from './billing-nav';
import { loadFeeRunTotals } from './load-billing';
import { runCommunityFees } from './save-billing';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function FeeRunCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const path = useBillingPath();
  const queryClient = useQueryClient();
  const dayId = useId();
  // Today on the community's calendar (not the browser's) is only the default; the treasurer
  // picks the day.
  const [chosenDay, setDay] = useState<string | null>(null);
  const today = useCommunityToday(communityId);
  const day = chosenDay ?? today ?? '';
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const totals = useQuery({
    queryKey: billingKeys.feeRun(communityId, day),
    queryFn: () => loadFeeRunTotals(communityId, day),
    enabled: isDay(day),
  });
  const data = totals.data;

  const run = () => {
    const members = data?.members ?? 0;
    setOutcome(null);
    startJob({
      title: t('feeRun.running', { members: format.number(members) }),
      total: Math.max(members, 1),
      href: path('invoices'),
      failedText: t('feeRun.failed'),
      run: async ({ progress, signal }) => {
        try {
          const done = await runCommunityFees(
            communityId,
            day,
            (n) => progress(Math.min(n, members)),
            signal,
          );
          progress(Math.max(members, 1));
          const text =
            done.invoices === 0
              ? t('feeRun.outcomeNone')
              : t('feeRun.outcome', {
                  invoices: format.number(done.invoices),
                  amount: format.money(done.totalOre),
                });
          setOutcome(text);
          return text;
        } finally {
          await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
        }
      },
    });
  };

  return (
    <Card aria-labelledby="billing-fee-run">
      <CardHeader id="billing-fee-run" title={t('feeRun.title')} description={t('feeRun.help')} />
      <CardBody>
        <div className="space-y-1.5">
          <label htmlFor={dayId} className="block text-sm font-medium">
            {t('feeRun.day')}
          </label>
          <DateInput
            id={dayId}
            value={day}
            aria-invalid={!isDay(day)}
            onChange={(value) => {
              setDay(value);
              setOutcome(null);
            }}
          />
          {!isDay(day) ? (
            <p className="text-sm font-medium text-destructive">{t('feeRun.invalidDay')}</p>
          ) : null}
        </div>
        {outcome ? (
          <Alert kind="success" title={outcome}>
            <Link className="underline" to={path('invoices')}>
              {t('feeRun.toInvoices')}
            </Link>
          </Alert>
        ) : null}
        {!isDay(day) ? null : totals.isError ? (
          <Alert kind="error" title={t('feeRun.loadFailed')}>
            <Button variant="secondary" size="sm" onClick={() => void totals.refetch()}>
              {t('home.retry')}
            </Button>
          </Alert>
        ) : !data ? (
          <Skeleton className="h-12" />
        ) : data.charges === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="fee-run-summary">
            {t('feeRun.nobody')}
          </p>
        ) : (
          <div className="space-y-3">
            <p className="text-sm" data-testid="fee-run-summary">
              {t('feeRun.summary', {
                charges: format.number(data.charges),
                members: format.number(data.members),
                amount: format.money(data.amountOre),
              })}
              {data.waitingCreditOre > 0
                ? ` ${t('feeRun.credit', { amount: format.money(data.waitingCreditOre) })}`
                : ''}
            </p>
            <Button onClick={() => setConfirming(true)}>{t('feeRun.run')}</Button>
          </div>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive={false}
        title={t('feeRun.confirmTitle', { members: format.number(data?.members ?? 0) })}
        description={t('feeRun.confirmBody')}
        confirmLabel={t('feeRun.run')}
        onConfirm={run}
      />
    </Card>
  );
}
