// One payer (product.md §2 /billing/accounts/{id}, or "new"): balance, overdue and credit,
// its invoices (a row opens the invoice, where drafts are edited, issued and paid), its credits,
// a new draft invoice, and the payer's details in a form.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { AccountForm, type AccountValues } from './account-form';
import { AccountInvoices } from './account-invoices';
import { billingKeys } from './billing-keys';
import { BillingNav, useBillingPath } from './billing-nav';
import { describeSetupError } from './describe-setup-error';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { loadAccount, loadTerms } from './load-billing';
import { createDraftInvoice, saveAccount } from './save-billing';

export function AccountPage({ communityId, accountId }: { communityId: string; accountId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const path = useBillingPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = accountId === 'new';
  const [open, setOpen] = useState<string | null>(null);
  const account = useQuery({
    queryKey: billingKeys.account(communityId, accountId),
    queryFn: () => loadAccount(accountId),
    enabled: !isNew,
  });
  const terms = useQuery({ queryKey: billingKeys.terms(communityId), queryFn: () => loadTerms(communityId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });

  if (!isNew && (account.isError || (account.isSuccess && account.data === null)))
    return <NotFoundView embedded />;
  const data = account.data ?? null;
  const ready = (isNew || account.isSuccess) && terms.isSuccess;
  const summary = data?.summary;
  const newDraft = async () => {
    try {
      const id = await createDraftInvoice(communityId, accountId, []);
      await refresh();
      setOpen(id);
    } catch (error) {
      toast({ title: t(describeSetupError(error)), variant: 'destructive' });
    }
  };
  return (
    <>
      <PageHeader
        title={isNew ? t('accounts.new') : (data?.account.name ?? '')}
        description={
          isNew
            ? t('accounts.newDescription')
            : t(`kind.${(data?.account.kind ?? 'household') as 'household'}`)
        }
        action={
          isNew ? undefined : <Button onClick={() => void newDraft()}>{t('accounts.newInvoice')}</Button>
        }
      />
      <BillingNav />
      {!ready ? (
        <Skeleton className="h-96" />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-6">
            {data ? (
              <>
                <dl className="grid grid-cols-3 gap-3" aria-label={t('accounts.balance')}>
                  {(
                    [
                      ['balance', summary?.balance_ore],
                      ['overdue', summary?.overdue_ore],
                      ['credit', summary?.credit_ore],
                    ] as const
                  ).map(([key, ore]) => (
                    <div key={key} className="rounded-lg border border-border bg-surface p-3">
                      <dt className="text-xs text-muted-foreground">{t(`accounts.${key}`)}</dt>
                      <dd className="text-lg font-semibold tabular-nums" data-testid={`account-${key}`}>
                        {format.money(ore ?? 0)}
                      </dd>
                    </div>
                  ))}
                </dl>
                <AccountInvoices communityId={communityId} accountId={accountId} onOpen={setOpen} />
                {data.credits.length > 0 ? (
                  <Card aria-labelledby="account-credits">
                    <CardHeader id="account-credits" title={t('accounts.credits')} />
                    <CardBody>
                      <ul className="space-y-1 text-sm">
                        {data.credits.map((c) => (
                          <li key={c.id}>
                            {format.date(c.created_at)} · {format.money(c.amount_ore)}
                          </li>
                        ))}
                      </ul>
                    </CardBody>
                  </Card>
                ) : null}
              </>
            ) : null}
          </div>
          <Card aria-labelledby="account-details" className={data ? undefined : 'lg:col-span-2'}>
            <CardHeader id="account-details" title={t('accounts.details')} />
            <CardBody>
              <AccountForm
                key={data?.account.id ?? 'new'}
                account={data ? { ...data.account, kind: data.account.kind as AccountValues['kind'] } : null}
                terms={terms.data}
                onSave={async (values) => {
                  const id = await saveAccount(data?.account.id, { community_id: communityId, ...values });
                  toast({ title: t('accounts.saved', { name: values.name }) });
                  await refresh();
                  if (isNew) await navigate(path(`accounts/${id}`), { replace: true });
                }}
              />
            </CardBody>
          </Card>
        </div>
      )}
      <InvoiceDetailDialog communityId={communityId} invoiceId={open} onClose={() => setOpen(null)} />
    </>
  );
}
