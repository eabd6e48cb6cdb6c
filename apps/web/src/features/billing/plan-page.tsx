// One plan (product.md §2 /billing/plans/{id}, or "new"): its form, how often it has been
// invoiced, and archive or delete — a plan that has been used can only be archived, so its
// invoices keep what they were for. Both are confirmed, naming the plan and the consequence.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav, useBillingPath } from './billing-nav';
import { describeSetupError } from './describe-setup-error';
import { loadPlan, loadTerms } from './load-billing';
import { loadGroupChoices } from './load-plan-list';
import { PlanForm } from './plan-form';
import { archivePlan, deletePlan, savePlan } from './save-billing';

export function PlanPage({ communityId, planId }: { communityId: string; planId: string }) {
  const t = useT(billingSetupMessages);
  const path = useBillingPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = planId === 'new';
  const [step, setStep] = useState<'archive' | 'delete' | null>(null);
  const plan = useQuery({
    queryKey: billingKeys.plan(communityId, planId),
    queryFn: () => loadPlan(planId),
    enabled: !isNew,
  });
  const terms = useQuery({ queryKey: billingKeys.terms(communityId), queryFn: () => loadTerms(communityId) });
  const groups = useQuery({
    queryKey: billingKeys.groups(communityId),
    queryFn: () => loadGroupChoices(communityId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
  const fail = (error: unknown): never => {
    toast({ title: t(describeSetupError(error)), variant: 'destructive' });
    throw error;
  };

  if (!isNew && (plan.isError || (plan.isSuccess && plan.data === null))) return <NotFoundView embedded />;
  const current = plan.data?.plan ?? null;
  const ready = (isNew || plan.isSuccess) && terms.isSuccess && groups.isSuccess;
  const name = current?.name ?? '';
  return (
    <>
      <PageHeader
        title={isNew ? t('plans.new') : name}
        description={
          current ? t('plans.billed', { count: plan.data!.timesBilled }) : t('plans.newDescription')
        }
        action={current && !current.active ? <Badge>{t('plans.archived')}</Badge> : undefined}
      />
      <BillingNav />
      {!ready ? (
        <Skeleton className="h-96 max-w-xl" />
      ) : (
        <div className="space-y-6">
          <PlanForm
            key={current?.id ?? 'new'}
            plan={current}
            terms={terms.data}
            groups={groups.data}
            onSave={async (values) => {
              const id = await savePlan(current?.id, { community_id: communityId, ...values });
              toast({ title: t('plans.saved', { name: values.name }) });
              await refresh();
              if (isNew) await navigate(path(`plans/${id}`), { replace: true });
            }}
          />
          {current ? (
            <Card className="max-w-xl">
              <CardBody>
                <p className="text-sm text-muted-foreground">
                  {plan.data!.timesBilled > 0 ? t('plans.usedHelp') : t('plans.unusedHelp')}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setStep('archive')}>
                    {current.active ? t('plans.archive') : t('plans.restore')}
                  </Button>
                  {plan.data!.timesBilled === 0 ? (
                    <Button variant="destructive" onClick={() => setStep('delete')}>
                      {t('plans.delete')}
                    </Button>
                  ) : null}
                </div>
              </CardBody>
            </Card>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={step === 'archive'}
        onOpenChange={(open) => !open && setStep(null)}
        destructive={false}
        title={current?.active ? t('plans.archiveTitle', { name }) : t('plans.restoreTitle', { name })}
        description={current?.active ? t('plans.archiveBody') : t('plans.restoreBody')}
        confirmLabel={current?.active ? t('plans.archive') : t('plans.restore')}
        onConfirm={async () => {
          await archivePlan(current!.id, !current!.active).catch(fail);
          setStep(null);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={step === 'delete'}
        onOpenChange={(open) => !open && setStep(null)}
        title={t('plans.deleteTitle', { name })}
        description={t('plans.deleteBody')}
        confirmLabel={t('plans.delete')}
        onConfirm={async () => {
          await deletePlan(current!.id).catch(fail);
          toast({ title: t('plans.deleted', { name }) });
          await refresh();
          await navigate(path('plans'));
        }}
      />
    </>
  );
}
