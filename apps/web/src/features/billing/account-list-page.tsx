// Payers (product.md §2 /billing/accounts): members, households, organisations (CVR) and
// public bodies (EAN) with what they owe, what is overdue and their credit; searchable, by
// kind, and the arrears filter the billing home links to. A row opens the payer.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState, type ListController } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav, useBillingPath } from './billing-nav';
import { accountKinds, type AccountKind } from './billing-records';
import {
  accountListSpec,
  loadAccountList,
  loadAllAccounts,
  type AccountFilter,
  type AccountRow,
} from './load-account-list';

function AccountFilters({ list }: { list: ListController<AccountFilter> }) {
  const t = useT(billingSetupMessages);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2">
      <ListSearch value={list.state.search} onSearch={list.setSearch} label={t('accounts.search')} />
      <ListSelectFilter
        list={list}
        filter="kind"
        label={t('accounts.kind')}
        allLabel={t('accounts.allKinds')}
        options={accountKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      <ListSelectFilter
        list={list}
        filter="arrears"
        label={t('accounts.arrearsFilter')}
        allLabel={t('accounts.allPayers')}
        options={[{ value: '1', label: t('accounts.inArrears') }]}
      />
    </div>
  );
}

export function AccountListPage({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const path = useBillingPath();
  const navigate = useNavigate();
  const list = useListState(accountListSpec);
  const query = useQuery({
    queryKey: billingKeys.accounts(communityId, list.state),
    queryFn: () => loadAccountList(list.state, communityId),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<ListColumn<AccountRow>[]>(
    () => [
      {
        id: 'name',
        header: t('accounts.name'),
        sortable: true,
        hideable: false,
        csv: (row) => row.name,
        cell: (row) => (
          <Link className="font-medium underline-offset-2 hover:underline" to={path(`accounts/${row.id}`)}>
            {row.name}
          </Link>
        ),
      },
      {
        id: 'kind',
        header: t('accounts.kind'),
        csv: (row) => t(`kind.${row.kind as AccountKind}`),
        cell: (row) => t(`kind.${row.kind as AccountKind}`),
      },
      { id: 'email', header: t('accounts.email'), csv: (row) => row.email ?? '', cell: (row) => row.email },
      {
        id: 'balance_ore',
        header: t('accounts.balance'),
        sortable: true,
        align: 'right',
        csv: (row) => format.number(row.balance_ore / 100, 2),
        cell: (row) => format.money(row.balance_ore),
      },
      {
        id: 'overdue_ore',
        header: t('accounts.overdue'),
        sortable: true,
        align: 'right',
        csv: (row) => format.number(row.overdue_ore / 100, 2),
        cell: (row) => (
          <span className={row.overdue_ore > 0 ? 'font-medium text-destructive' : undefined}>
            {format.money(row.overdue_ore)}
          </span>
        ),
      },
    ],
    [t, format, path],
  );
  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        description={t('accounts.description')}
        action={
          <Button asChild>
            <Link to={path('accounts/new')}>{t('accounts.new')}</Link>
          </Button>
        }
      />
      <BillingNav />
      <DataTable
        caption={t('accounts.title')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => row.name}
        onRowClick={(row) => void navigate(path(`accounts/${row.id}`))}
        card={(row) => (
          <div className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{row.name}</span>
              <span className="text-sm">{format.money(row.balance_ore)}</span>
            </div>
            <div className="text-sm text-muted-foreground">
              {t(`kind.${row.kind as AccountKind}`)}
              {row.overdue_ore > 0
                ? ` · ${t('accounts.overdueAmount', { amount: format.money(row.overdue_ore) })}`
                : ''}
            </div>
          </div>
        )}
        toolbar={<AccountFilters list={list} />}
        storageKey="billing-accounts"
        countLabel={(total) => t('accounts.count', { count: total })}
        empty={{ icon: Wallet, title: t('accounts.emptyTitle'), body: t('accounts.emptyBody') }}
        exportCsv={{
          filename: `${t('accounts.fileName')}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllAccounts(list.state, communityId),
        }}
      />
    </>
  );
}
