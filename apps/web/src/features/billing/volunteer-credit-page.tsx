// Volunteer fee credit, "klubhjælp" (decision 0864): the community's rules, and for the chosen
// rule who has how many checked-in hours in its season, who has earned the credit and which
// fee invoice it went on, with the check-ins behind each member's hours. The credit itself is
// put on the member's next fee invoice by the database (a fee run or an invoice with a plan).
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HandHeart } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav } from './billing-nav';
import type { VolunteerCreditRule } from './billing-records';
import { CreditRuleForm } from './credit-rule-form';
import { loadCreditHours, loadCreditRules, loadCreditStanding } from './load-billing';
import { saveCreditRule } from './save-billing';

const day = (value: string) => `${value}T12:00:00Z`;

function HoursBehind({
  communityId,
  rule,
  memberId,
}: {
  communityId: string;
  rule: string;
  memberId: string;
}) {
  const t = useT(billingSetupMessages);
  // Check-in times on the community's clock.
  const format = useFormat(useCommunityTimeZone(communityId));
  const hours = useQuery({
    queryKey: billingKeys.creditHours(communityId, rule, memberId),
    queryFn: () => loadCreditHours(rule, memberId),
  });
  if (hours.isError) return <Alert kind="error" title={t('credit.loadFailed')} />;
  if (!hours.data) return <Skeleton className="h-10" />;
  return (
    <ul className="space-y-1 text-sm" aria-label={t('credit.behind')}>
      {hours.data.map((row) => (
        <li key={row.signup_id} className="flex flex-wrap justify-between gap-x-4">
          <span>
            {row.event_title} · {row.job_title}
          </span>
          <span className="text-muted-foreground tabular-nums">
            {format.dateTime(row.checked_in_at)} – {format.time(row.checked_out_at)} ·{' '}
            {t('credit.hours', { hours: format.number(Number(row.hours), 2) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Standing({ communityId, rule }: { communityId: string; rule: VolunteerCreditRule }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const standing = useQuery({
    queryKey: billingKeys.creditStanding(communityId, rule.id),
    queryFn: () => loadCreditStanding(rule.id),
  });
  const rows = (standing.data ?? []).filter((row) =>
    (row.full_name ?? '').toLowerCase().includes(search.trim().toLowerCase()),
  );
  const state = (row: NonNullable<typeof standing.data>[number]) =>
    row.invoice_id
      ? t('credit.applied', { amount: format.money(row.applied_ore ?? 0) })
      : row.credit_id
        ? t('credit.earned')
        : row.qualifies
          ? t('credit.nextInvoice')
          : t('credit.short', { hours: format.number(Number(rule.min_hours) - Number(row.hours), 2) });
  return (
    <Card aria-labelledby="credit-standing">
      <CardHeader
        id="credit-standing"
        title={t('credit.standingTitle', { name: rule.name })}
        description={t('credit.standingHelp', {
          hours: format.number(Number(rule.min_hours)),
          amount: format.money(rule.credit_ore),
          from: format.date(day(rule.season_start)),
          to: format.date(day(rule.season_end)),
        })}
      />
      <CardBody>
        <Input
          type="search"
          aria-label={t('credit.search')}
          placeholder={t('credit.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-xs"
        />
        {standing.isError ? (
          <Alert kind="error" title={t('credit.loadFailed')}>
            <Button variant="secondary" size="sm" onClick={() => void standing.refetch()}>
              {t('home.retry')}
            </Button>
          </Alert>
        ) : !standing.data ? (
          <Skeleton className="h-24" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {standing.data.length === 0 ? t('credit.nobody') : t('credit.noMatch')}
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('credit.standingTitle', { name: rule.name })}>
            {rows.map((row) => (
              <li key={row.member_id} className="space-y-2 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{row.full_name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="tabular-nums">
                      {t('credit.hours', { hours: format.number(Number(row.hours), 2) })}
                    </span>
                    <Badge tone={row.qualifies ? 'success' : 'neutral'}>{state(row)}</Badge>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open === row.member_id}
                      aria-label={
                        open === row.member_id
                          ? undefined
                          : t('credit.showHours', { name: row.full_name ?? '' })
                      }
                      onClick={() => setOpen(open === row.member_id ? null : row.member_id)}
                    >
                      {/* The name is in the row already: said to screen readers, not printed again. */}
                      {open === row.member_id ? t('credit.hideHours') : t('credit.showHoursShort')}
                    </Button>
                  </span>
                </div>
                {open === row.member_id ? (
                  <HoursBehind communityId={communityId} rule={rule.id} memberId={row.member_id} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

export function VolunteerCreditPage({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ rule: VolunteerCreditRule | null } | null>(null);
  const rules = useQuery({
    queryKey: billingKeys.creditRules(communityId),
    queryFn: () => loadCreditRules(communityId),
  });
  const list = rules.data ?? [];
  const chosen = list.find((r) => r.id === params.get('rule')) ?? list[0];

  return (
    <>
      <PageHeader
        title={t('credit.title')}
        description={t('credit.description')}
        action={<Button onClick={() => setEditing({ rule: null })}>{t('credit.new')}</Button>}
      />
      <BillingNav />
      {rules.isError ? (
        <Alert kind="error" title={t('credit.loadFailed')}>
          <Button variant="secondary" size="sm" onClick={() => void rules.refetch()}>
            {t('home.retry')}
          </Button>
        </Alert>
      ) : rules.isPending ? (
        <Skeleton className="h-32" />
      ) : list.length === 0 ? (
        <EmptyState icon={HandHeart} title={t('credit.emptyTitle')}>
          {t('credit.emptyBody')}
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <ul className="grid gap-4 md:grid-cols-2" aria-label={t('credit.rules')}>
            {list.map((rule) => (
              <li key={rule.id}>
                <Card aria-label={rule.name}>
                  <CardBody>
                    <div className="flex items-center justify-between gap-2">
                      <h2 className="font-semibold">{rule.name}</h2>
                      <Badge tone={rule.active ? 'success' : 'neutral'}>
                        {rule.active ? t('credit.isActive') : t('credit.paused')}
                      </Badge>
                    </div>
                    <p className="text-sm">
                      {t('credit.ruleText', {
                        amount: format.money(rule.credit_ore),
                        hours: format.number(Number(rule.min_hours)),
                      })}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t('credit.season', {
                        from: format.date(day(rule.season_start)),
                        to: format.date(day(rule.season_end)),
                      })}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant={chosen?.id === rule.id ? 'primary' : 'secondary'}
                        aria-pressed={chosen?.id === rule.id}
                        onClick={() => setParams({ rule: rule.id })}
                      >
                        {t('credit.showStanding')}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setEditing({ rule })}>
                        {t('credit.edit')}
                      </Button>
                    </div>
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
          {chosen ? <Standing key={chosen.id} communityId={communityId} rule={chosen} /> : null}
        </div>
      )}
      {editing ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={editing.rule ? t('credit.editTitle', { name: editing.rule.name }) : t('credit.new')}
        >
          <CreditRuleForm
            rule={editing.rule}
            onSave={async (values) => {
              const id = await saveCreditRule(editing.rule?.id, { community_id: communityId, ...values });
              toast({ title: t('credit.saved', { name: values.name }) });
              setEditing(null);
              setParams({ rule: id });
              await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}
