// Plans (product.md §2 /billing/plans): name, price, interval, VAT class and what the plan
// grants, searchable and sortable, active and archived apart; a row opens the plan.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState, type ListController } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav, useBillingPath } from './billing-nav';
import { loadPlanList, planListSpec, type PlanFilter, type PlanRow } from './load-plan-list';

function PlanFilters({ list }: { list: ListController<PlanFilter> }) {
  const t = useT(billingSetupMessages);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2">
      <ListSearch value={list.state.search} onSearch={list.setSearch} label={t('plans.search')} />
      <ListSelectFilter
        list={list}
        filter="state"
        label={t('plans.stateFilter')}
        allLabel={t('plans.allStates')}
        options={[
          { value: 'active', label: t('plans.active') },
          { value: 'archived', label: t('plans.archived') },
        ]}
      />
    </div>
  );
}

export function PlanListPage({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const path = useBillingPath();
  const navigate = useNavigate();
  const list = useListState(planListSpec);
  const query = useQuery({
    queryKey: billingKeys.planList(communityId, list.state),
    queryFn: () => loadPlanList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const vat = (row: PlanRow) => (row.vat_exempt ? t('plans.vatExempt') : t('plans.vatTaxable'));
  const columns = useMemo<ListColumn<PlanRow>[]>(
    () => [
      {
        id: 'name',
        header: t('plans.name'),
        sortable: true,
        hideable: false,
        cell: (row) => (
          <Link className="font-medium underline-offset-2 hover:underline" to={path(`plans/${row.id}`)}>
            {row.name}
          </Link>
        ),
      },
      {
        id: 'price_ore',
        header: t('plans.price'),
        sortable: true,
        align: 'right',
        cell: (row) => format.money(row.price_ore, row.currency),
      },
      {
        id: 'billing_interval',
        header: t('plans.interval'),
        sortable: true,
        cell: (row) => t(`interval.${row.billing_interval}`),
      },
      {
        id: 'vat',
        header: t('plans.vat'),
        cell: (row) => (row.vat_exempt ? t('plans.vatExempt') : t('plans.vatTaxable')),
      },
      { id: 'grants', header: t('plans.grants'), cell: (row) => t(`grants.${row.grants as 'membership'}`) },
      {
        id: 'active',
        header: t('plans.state'),
        cell: (row) =>
          row.active ? (
            <Badge tone="success">{t('plans.active')}</Badge>
          ) : (
            <Badge>{t('plans.archived')}</Badge>
          ),
      },
    ],
    [t, format, path],
  );
  return (
    <>
      <PageHeader
        title={t('plans.title')}
        description={t('plans.description')}
        action={
          <Button asChild>
            <Link to={path('plans/new')}>{t('plans.new')}</Link>
          </Button>
        }
      />
      <BillingNav />
      <DataTable
        caption={t('plans.title')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => row.name}
        onRowClick={(row) => void navigate(path(`plans/${row.id}`))}
        card={(row) => (
          <div className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{row.name}</span>
              {row.active ? null : <Badge>{t('plans.archived')}</Badge>}
            </div>
            <div className="text-sm text-muted-foreground">
              {format.money(row.price_ore, row.currency)} · {t(`interval.${row.billing_interval}`)} ·{' '}
              {vat(row)}
            </div>
          </div>
        )}
        toolbar={<PlanFilters list={list} />}
        storageKey="billing-plans"
        countLabel={(total) => t('plans.count', { count: total })}
        empty={{ icon: Tags, title: t('plans.emptyTitle'), body: t('plans.emptyBody') }}
      />
    </>
  );
}
