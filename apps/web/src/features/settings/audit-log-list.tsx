// Settings → Audit log on the kit's DataTable: who did what and when, newest first; kind
// filter, whole-word search and a day range in the address; CSV of what the filters match.
import { membersMessages } from '@club/i18n/namespaces/members';
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useMemo } from 'react';
import { DateRangeInput } from '../../components/date/date-input';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { useFormat, useT } from '../../lib/i18n';
import { auditWords, describeAuditDetails } from './audit-details';
import { auditKinds, auditListSpec, loadAuditLog, loadWholeAuditLog, type AuditRow } from './load-audit-log';
import { settingsKeys } from './settings-keys';

type Details = Record<string, unknown>;

export function AuditLogList({ communityId, timeZone }: { communityId: string; timeZone: string }) {
  const t = useT(settingsMessages);
  const format = useFormat(timeZone);
  const list = useListState(auditListSpec);
  const query = useQuery({
    queryKey: settingsKeys.audit(communityId, list.state),
    queryFn: () => loadAuditLog(list.state, communityId, timeZone),
    placeholderData: keepPreviousData,
  });
  const kindLabel = (kind: string) =>
    auditKinds.includes(kind as never) ? t(`audit.kinds.${kind as (typeof auditKinds)[number]}`) : kind;
  const actionLabel = (action: string) => {
    const text = t(`audit.actions.${action}` as never);
    return text === `audit.actions.${action}` ? action : text;
  };
  const tm = useT(membersMessages);
  const words = auditWords(t as never, tm as never, format);
  const detailText = (details: Details) => describeAuditDetails(details, words);

  const columns = useMemo<ListColumn<AuditRow>[]>(
    () => [
      {
        id: 'at',
        header: t('audit.columns.at'),
        sortable: true,
        hideable: false,
        cell: (row) => <span className="whitespace-nowrap">{format.dateTime(row.at)}</span>,
        csv: (row) => row.at,
      },
      {
        id: 'actor',
        header: t('audit.columns.actor'),
        cell: (row) => <span className="break-all">{row.actor_email ?? t('audit.system')}</span>,
        csv: (row) => row.actor_email ?? '',
      },
      {
        id: 'kind',
        header: t('audit.columns.kind'),
        cell: (row) => <Badge className="whitespace-nowrap">{kindLabel(row.kind)}</Badge>,
        csv: (row) => kindLabel(row.kind),
      },
      {
        id: 'action',
        header: t('audit.columns.action'),
        cell: (row) => actionLabel(row.action),
        csv: (row) => actionLabel(row.action),
      },
      {
        id: 'subject',
        header: t('audit.columns.subject'),
        cell: (row) => row.subject,
        csv: (row) => row.subject,
      },
      {
        id: 'details',
        header: t('audit.columns.details'),
        cell: (row) => (
          <span className="text-sm text-muted-foreground">{detailText(row.details as Details)}</span>
        ),
        csv: (row) => detailText(row.details as Details),
      },
    ],
    [t, format],
  );

  return (
    <DataTable
      caption={t('audit.caption')}
      list={list}
      query={query}
      columns={columns}
      getRowId={(row) => String(row.id)}
      storageKey="audit-log"
      pageSizes={auditListSpec.pageSizes}
      card={(row) => (
        <div className="space-y-1 text-sm" data-testid="audit-card">
          <p className="flex flex-wrap items-center gap-2">
            <Badge>{kindLabel(row.kind)}</Badge>
            <span className="font-medium">{actionLabel(row.action)}</span>
          </p>
          <p>{row.subject}</p>
          <p className="text-muted-foreground">
            {format.dateTime(row.at)} ·{' '}
            <span className="break-all">{row.actor_email ?? t('audit.system')}</span>
          </p>
          {Object.keys(row.details as Details).length ? (
            <p className="text-muted-foreground">{detailText(row.details as Details)}</p>
          ) : null}
        </div>
      )}
      toolbar={
        <div className="flex flex-wrap items-end gap-2">
          <ListSearch
            value={list.state.search}
            onSearch={list.setSearch}
            label={t('audit.search')}
            placeholder={t('audit.searchPlaceholder')}
          />
          <ListSelectFilter
            list={list}
            filter="kind"
            label={t('audit.kind')}
            allLabel={t('audit.allKinds')}
            options={auditKinds.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          />
          <DateRangeInput
            from={list.state.filters.from}
            to={list.state.filters.to}
            onChange={(range) => list.setFilters({ from: range.from, to: range.to })}
          />
        </div>
      }
      countLabel={(total, estimated) =>
        estimated && total > 1000
          ? t('audit.countAbout', { count: total })
          : t('audit.count', { count: total })
      }
      empty={{ icon: ScrollText, title: t('audit.emptyTitle'), body: t('audit.emptyBody') }}
      exportCsv={{ filename: 'audit-log', load: () => loadWholeAuditLog(list.state, communityId, timeZone) }}
    />
  );
}
