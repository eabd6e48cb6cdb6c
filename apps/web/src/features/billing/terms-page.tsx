// Payment terms (product.md §2 /billing/terms): each set with its days until due, reminder
// schedule and fee; one is the default for payers without their own. New and edit in a dialog;
// making another default and deleting are confirmed, naming the terms. Below them, the club's
// payment details that every invoice prints (decision 0969).
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav } from './billing-nav';
import { PaymentDetailsCard } from './billing-settings-cards';
import type { PaymentTerms } from './billing-records';
import { describeSetupError } from './describe-setup-error';
import { loadTerms } from './load-billing';
import { deleteTerms, makeDefaultTerms, saveTerms } from './save-billing';
import { TermsForm } from './terms-form';

type Step =
  { kind: 'edit'; terms: PaymentTerms | null } | { kind: 'default' | 'delete'; terms: PaymentTerms };

export function TermsPage({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const terms = useQuery({ queryKey: billingKeys.terms(communityId), queryFn: () => loadTerms(communityId) });
  const [step, setStep] = useState<Step | null>(null);
  // The billing home's "add payment details" link lands on the card, not the top of the page.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#payment-details') document.getElementById('payment-details')?.scrollIntoView();
  }, [hash]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
  const close = () => setStep(null);
  const fail = (error: unknown): never => {
    toast({ title: t(describeSetupError(error)), variant: 'destructive' });
    throw error;
  };
  const schedule = (row: PaymentTerms) =>
    row.reminder_days.length === 0
      ? t('terms.noReminders')
      : t('terms.schedule', {
          days: row.reminder_days.join(', '),
          fee: format.money(row.reminder_fee_ore),
        });

  return (
    <>
      <PageHeader
        title={t('terms.title')}
        description={t('terms.description')}
        action={<Button onClick={() => setStep({ kind: 'edit', terms: null })}>{t('terms.new')}</Button>}
      />
      <BillingNav />
      {terms.isPending ? (
        <Skeleton className="h-32" />
      ) : (terms.data ?? []).length === 0 ? (
        <EmptyState icon={CalendarClock} title={t('terms.emptyTitle')}>
          {t('terms.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {terms.data!.map((row) => (
            <li key={row.id}>
              <Card aria-label={row.name}>
                <CardBody>
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="font-semibold">{row.name}</h2>
                    {row.is_default ? <Badge tone="accent">{t('terms.default')}</Badge> : null}
                  </div>
                  <p className="text-sm">{t('terms.due', { days: format.number(row.days_due) })}</p>
                  <p className="text-sm text-muted-foreground">{schedule(row)}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setStep({ kind: 'edit', terms: row })}
                    >
                      {t('terms.edit')}
                    </Button>
                    {row.is_default ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setStep({ kind: 'default', terms: row })}
                      >
                        {t('terms.makeDefault')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => setStep({ kind: 'delete', terms: row })}
                    >
                      {t('terms.delete')}
                    </Button>
                  </div>
                </CardBody>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div id="payment-details" className="mt-6 scroll-mt-20">
        <PaymentDetailsCard communityId={communityId} />
      </div>
      {step?.kind === 'edit' ? (
        <Dialog
          open
          onOpenChange={(open) => !open && close()}
          title={step.terms ? t('terms.editTitle', { name: step.terms.name }) : t('terms.new')}
        >
          <TermsForm
            terms={step.terms}
            onSave={async (values) => {
              await saveTerms(step.terms?.id, { community_id: communityId, ...values });
              toast({ title: t('terms.saved', { name: values.name }) });
              close();
              await refresh();
            }}
          />
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={step?.kind === 'default'}
        onOpenChange={(open) => !open && close()}
        destructive={false}
        title={t('terms.defaultTitle', { name: step?.terms?.name ?? '' })}
        description={t('terms.defaultBody')}
        confirmLabel={t('terms.makeDefault')}
        onConfirm={async () => {
          await makeDefaultTerms(step!.terms!.id).catch(fail);
          close();
          await refresh();
        }}
      />
      <ConfirmDialog
        open={step?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('terms.deleteTitle', { name: step?.terms?.name ?? '' })}
        description={t('terms.deleteBody')}
        confirmLabel={t('terms.delete')}
        onConfirm={async () => {
          await deleteTerms(step!.terms!.id).catch(fail);
          toast({ title: t('terms.deleted', { name: step?.terms?.name ?? '' }) });
          close();
          await refresh();
        }}
      />
    </>
  );
}
