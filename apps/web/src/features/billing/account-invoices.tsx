// A payer's latest invoices on its page (number, dates, total, owed, status); a row opens the
// invoice, and the whole list is the invoices screen filtered by the payer.
import { billingMessages } from '@club/i18n/namespaces/billing';
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { useBillingPath } from './billing-nav';
import type { InvoiceListStatus } from './billing-records';
import { InvoiceStatusBadge } from './invoice-list-page';
import { loadInvoiceList } from './load-invoice-list';

const shown = 20;

export function AccountInvoices({
  communityId,
  accountId,
  onOpen,
}: {
  communityId: string;
  accountId: string;
  onOpen: (invoiceId: string) => void;
}) {
  const t = useT(billingSetupMessages);
  const tb = useT(billingMessages);
  const format = useFormat();
  const path = useBillingPath();
  const state = {
    page: 0,
    pageSize: shown,
    search: '',
    sort: { id: 'number', desc: true },
    filters: { status: '', account: accountId, from: '', to: '' },
  };
  const invoices = useQuery({
    queryKey: billingKeys.invoices(communityId, state),
    queryFn: () => loadInvoiceList(state, communityId),
  });
  const rows = invoices.data?.rows ?? [];
  return (
    <Card aria-labelledby="account-invoices">
      <CardHeader id="account-invoices" title={t('accounts.invoices')} />
      <CardBody>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('accounts.noInvoices')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 py-2 text-left hover:bg-muted"
                  onClick={() => onOpen(row.id)}
                >
                  <span className="font-medium">
                    {row.kind === 'credit_note' ? `${tb('kind.credit_note')} ` : ''}
                    {row.number ?? tb('list.draftNumber')}
                  </span>
                  <span className="tabular-nums">
                    {format.money(row.total_ore, row.currency)}
                    {row.outstanding_ore > 0
                      ? ` · ${tb('list.columns.outstanding')} ${format.money(row.outstanding_ore, row.currency)}`
                      : ''}
                  </span>
                  <InvoiceStatusBadge status={row.list_status as InvoiceListStatus} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {(invoices.data?.total ?? 0) > shown ? (
          <Link className="text-sm underline" to={path(`invoices?account=${accountId}`)}>
            {t('accounts.allInvoices', { count: invoices.data!.total })}
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
