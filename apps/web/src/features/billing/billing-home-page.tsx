// The billing home (product.md §2 /billing): what is outstanding, overdue and paid this month,
// drafts waiting, members in arrears and the next fee runs, each figure a link to the filtered
// list behind it; and the treasurer's periodic work: the reminder run and the accounting export
// with its ledger accounts. While invoices would carry no way to pay, it says so first.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useT } from '../../lib/i18n';
import { AccountingExportCard } from './accounting-export-card';
import { billingKeys } from './billing-keys';
import { BillingNav, useBillingPath } from './billing-nav';
import { LedgerAccountsCard, useMissingPaymentDetails } from './billing-settings-cards';
import { FeeRunCard } from './fee-run-card';
import { loadBillingOverview } from './load-billing';
import { ReminderRunCard } from './reminder-run-card';
import { BankImportCard } from './bank-import-card';

function Figure({ label, value, detail, to }: { label: string; value: string; detail: string; to: string }) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-border bg-surface p-4 shadow-sm hover:border-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="block text-sm text-muted-foreground">{label}</span>
      <span className="mt-1 block text-2xl font-semibold tabular-nums">{value}</span>
      <span className="mt-1 block text-sm text-muted-foreground">{detail}</span>
    </Link>
  );
}

export function BillingHomePage({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const path = useBillingPath();
  const overview = useQuery({
    queryKey: billingKeys.overview(communityId),
    queryFn: () => loadBillingOverview(communityId),
  });
  const data = overview.data;
  const missingPaymentDetails = useMissingPaymentDetails(communityId);
  const money = (ore: number) => format.money(ore, data?.currency ?? 'DKK');
  const invoices = (count: number) =>
    count === 1 ? t('home.invoicesOne') : t('home.invoices', { count: count });

  return (
    <>
      <PageHeader title={t('home.title')} description={t('home.description')} />
      <BillingNav />
      {missingPaymentDetails ? (
        <div className="mb-6">
          <Alert kind="info" title={t('homeMissing.title')}>
            <p>{t('homeMissing.body')}</p>
            <Link to={path('terms#payment-details')} className="font-medium underline">
              {t('homeMissing.link')}
            </Link>
          </Alert>
        </div>
      ) : null}
      {overview.isError ? (
        <Alert kind="error" title={t('home.loadFailed')}>
          <Button variant="secondary" size="sm" onClick={() => void overview.refetch()}>
            {t('home.retry')}
          </Button>
        </Alert>
      ) : !data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="space-y-6">
          <section aria-label={t('home.figures')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Figure
              label={t('home.outstanding')}
              value={money(data.outstanding.ore)}
              detail={invoices(data.outstanding.count)}
              to={path('invoices?status=issued')}
            />
            <Figure
              label={t('home.overdue')}
              value={money(data.overdue.ore)}
              detail={invoices(data.overdue.count)}
              to={path('invoices?status=overdue')}
            />
            <Figure
              label={t('home.paidThisMonth')}
              value={money(data.paid_this_month.ore)}
              detail={t('home.payments', { count: data.paid_this_month.count })}
              to={path('invoices?status=paid')}
            />
            <Figure
              label={t('home.arrears')}
              value={format.number(data.members_in_arrears)}
              detail={t('home.arrearsDetail')}
              to={path('accounts?arrears=1')}
            />
            <Figure
              label={t('home.drafts')}
              value={format.number(data.drafts)}
              detail={t('home.draftsDetail')}
              to={path('invoices?status=draft')}
            />
          </section>
          <Card aria-labelledby="billing-fee-runs">
            <CardHeader id="billing-fee-runs" title={t('home.feeRuns')} description={t('home.feeRunsHelp')} />
            <CardBody>
              {data.next_fee_runs.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('home.noFeeRuns')}</p>
              ) : (
                <ul className="divide-y divide-border text-sm">
                  {data.next_fee_runs.map((run) => (
                    <li
                      key={`${run.frequency}-${run.next_period_start}`}
                      className="flex flex-wrap justify-between gap-2 py-2"
                    >
                      <span className="font-medium">{t(`frequency.${run.frequency as 'monthly'}`)}</span>
                      <span className="text-muted-foreground">
                        {t('home.feeRun', {
                          groups: format.number(run.groups),
                          members: format.number(run.members),
                          date: format.date(`${run.next_period_start}T12:00:00Z`),
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
          <FeeRunCard communityId={communityId} />
          <BankImportCard communityId={communityId} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ReminderRunCard communityId={communityId} />
            <AccountingExportCard communityId={communityId} />
          </div>
          <LedgerAccountsCard communityId={communityId} />
        </div>
      )}
    </>
  );
}
