// The member register (/members) on the kit's DataTable: search by name, e-mail, phone,
// membership ID and MID; filters; sortable columns; paging that stays fast at 100,000 members
// (member_register, docs/decisions/0851); bulk actions on a selection; CSV export of the current
// filter (never CPR) and the Excel export of the register (CPR only for membership managers,
// audited). Updates live when another administrator changes a member.
import { membersMessages } from '@club/i18n/namespaces/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, Plus, Search, Upload, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { downloadBlob } from '../../components/list/csv';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import {
  loadAllRegisterRows,
  loadMemberRegister,
  loadRegisterCount,
  memberListSpec,
  registerFilters,
  type RegisterRow,
  type RegisterSort,
} from './load-member-register';
import { MemberBulkActions } from './member-bulk-actions';
import { memberKeys } from './member-keys';
import { MemberListFilters } from './member-list-filters';
import { MemberStatusBadge } from './member-status-badge';
import { ageOn } from './member-values';
import { formatPhone, phoneForSpreadsheet } from '../../lib/phone';
import { exportRegisterXlsx } from './save-member-bulk';
import { useLiveMembers } from './use-live-members';

export function MemberListPage(props: { communityId: string; slug: string; manager: boolean }) {
  const t = useT(membersMessages);
  const format = useFormat();
  const language = useLanguage();
  const navigate = useNavigate();
  const list = useListState(memberListSpec);
  const { state } = list;
  useLiveMembers(props.communityId);
  const request = {
    communityId: props.communityId,
    filters: registerFilters(state.search, state.filters),
    sort: state.sort.id as RegisterSort,
    ascending: !state.sort.desc,
  };
  const page = useQuery({
    queryKey: memberKeys.register(props.communityId, { ...request, page: state.page, size: state.pageSize }),
    queryFn: () => loadMemberRegister({ ...request, page: state.page, pageSize: state.pageSize }),
    placeholderData: keepPreviousData,
  });
  // Counted once per search and filter combination; paging and sorting reuse it.
  const count = useQuery({
    queryKey: memberKeys.register(props.communityId, { count: request.filters }),
    queryFn: () => loadRegisterCount(props.communityId, request.filters),
    placeholderData: keepPreviousData,
  });
  const query = {
    data:
      page.data && count.data !== undefined
        ? { rows: page.data.rows, total: count.data.total, estimated: count.data.estimated }
        : undefined,
    isError: page.isError || count.isError,
    isFetching: page.isFetching || count.isFetching,
    refetch: () => Promise.all([page.refetch(), count.refetch()]),
  };
  const [exporting, setExporting] = useState(false);
  const detailPath = (id: string) => localePath(language, `${props.slug}/members/${id}`);
  const day = (d: string | null) => (d ? format.date(`${d}T12:00:00Z`) : '');

  const columns = useMemo<ListColumn<RegisterRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortable: true,
        hideable: false,
        csv: (r) => r.full_name,
        cell: (r) => (
          <div className="min-w-0">
            <Link
              to={detailPath(r.id)}
              className="font-medium hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {r.full_name}
            </Link>
            {r.tags.length ? (
              <div className="mt-0.5 flex flex-wrap gap-1">
                {r.tags.map((tag) => (
                  <Badge key={tag.id} tone="accent">
                    {tag.name}
                  </Badge>
                ))}
              </div>
            ) : null}
          </div>
        ),
      },
      {
        id: 'mid',
        header: t('columns.mid'),
        sortable: true,
        align: 'right',
        csv: (r) => r.mid,
        cell: (r) => r.mid,
      },
      {
        id: 'membership_id',
        header: t('columns.membershipId'),
        hiddenByDefault: true,
        csv: (r) => r.membership_id,
        cell: (r) => r.membership_id ?? '',
      },
      {
        id: 'email',
        header: t('columns.email'),
        sortable: true,
        csv: (r) => r.email,
        cell: (r) => r.email ?? '',
      },
      {
        id: 'phone',
        header: t('columns.phone'),
        csv: (r) => phoneForSpreadsheet(r.phone),
        cell: (r) => <span className="whitespace-nowrap">{formatPhone(r.phone)}</span>,
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortable: true,
        csv: (r) => t(`status.${r.status}`),
        cell: (r) => (
          <span className="flex flex-wrap gap-1">
            <MemberStatusBadge status={r.status} />
            {r.in_arrears ? <Badge tone="danger">{t('columns.arrears')}</Badge> : null}
          </span>
        ),
      },
      {
        id: 'age',
        header: t('columns.age'),
        sortable: true,
        align: 'right',
        csv: (r) => ageOn(r.birth_date) ?? '',
        cell: (r) => ageOn(r.birth_date) ?? '',
      },
      {
        id: 'joined_on',
        header: t('columns.joined'),
        sortable: true,
        csv: (r) => r.joined_on,
        cell: (r) => day(r.joined_on),
      },
      {
        id: 'city',
        header: t('columns.city'),
        hiddenByDefault: true,
        csv: (r) => r.city,
        cell: (r) => r.city ?? '',
      },
    ],
    [t, format, language, props.slug],
  );
  const csvColumns = columns.filter((c) => c.csv).map((c) => ({ header: c.header, value: c.csv! }));

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, count } = await exportRegisterXlsx(
        props.communityId,
        {
          mid: t('columns.mid'),
          membershipId: t('columns.membershipId'),
          firstName: t('profile.firstName'),
          lastName: t('profile.lastName'),
          email: t('columns.email'),
          phone: t('columns.phone'),
          gender: t('profile.gender'),
          birthDate: t('profile.birthDate'),
          street: t('profile.street'),
          postalCode: t('profile.postalCode'),
          city: t('profile.city'),
          status: t('columns.status'),
          joined: t('columns.joined'),
          cpr: t('cpr.label'),
        },
        { gender: (g) => t(`gender.${g as 'female'}`), status: (s) => t(`status.${s as 'active'}`) },
        props.manager,
      );
      downloadBlob(`members-${new Date().toISOString().slice(0, 10)}.xlsx`, blob);
      toast({ title: t('register.exportDone', { count: count }) });
    } catch (error) {
      toast({ title: t(describeMemberError(error)), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="secondary">
        <Link to={localePath(language, `${props.slug}/members/lookup`)}>
          <Search aria-hidden="true" />
          {t('lookup')}
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={localePath(language, `${props.slug}/members/import`)}>
          <Upload aria-hidden="true" />
          {t('import')}
        </Link>
      </Button>
      <Button
        variant="secondary"
        disabled={exporting}
        aria-busy={exporting}
        onClick={() => void exportXlsx()}
        title={props.manager ? t('register.exportCprNote') : undefined}
      >
        <FileSpreadsheet aria-hidden="true" />
        {t('register.exportExcel')}
      </Button>
      <Button asChild>
        <Link to={localePath(language, `${props.slug}/members/new`)}>
          <Plus aria-hidden="true" />
          {t('newMember')}
        </Link>
      </Button>
    </div>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={actions} />
      {props.manager ? (
        <p className="mb-3 text-sm text-muted-foreground">{t('register.exportCprNote')}</p>
      ) : null}
      <DataTable
        caption={t('register.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(r) => r.id}
        rowName={(r) => r.full_name}
        onRowClick={(r) => void navigate(detailPath(r.id))}
        card={(r) => (
          <Link to={detailPath(r.id)} className="block space-y-1">
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">{r.full_name}</span>
              <MemberStatusBadge status={r.status} />
            </span>
            <span className="block text-sm text-muted-foreground">
              MID {r.mid}
              {r.email ? ` · ${r.email}` : ''}
              {r.phone ? ` · ${r.phone}` : ''}
            </span>
          </Link>
        )}
        toolbar={<MemberListFilters list={list} communityId={props.communityId} />}
        storageKey="members"
        countLabel={(total, estimated) =>
          total === 1 && !estimated
            ? t('register.countOne')
            : t(estimated ? 'register.countAbout' : 'register.count', { count: total })
        }
        empty={{
          icon: Users,
          title: t('register.emptyTitle'),
          body: t('register.emptyText'),
          action: actions,
        }}
        exportCsv={{
          filename: `members-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllRegisterRows(request),
        }}
        bulkActions={(rows, clear) => (
          <MemberBulkActions
            communityId={props.communityId}
            slug={props.slug}
            rows={rows}
            clear={clear}
            csvColumns={csvColumns}
          />
        )}
      />
    </>
  );
}
