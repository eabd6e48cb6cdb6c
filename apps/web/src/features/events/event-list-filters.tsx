// The list's tab (upcoming/past), search box and compact filters. Every value lives in the
// address through the kit's list state (a filtered list can be bookmarked and survives a reload).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { X } from 'lucide-react';
import { DateRangeInput } from '../../components/date/date-input';
import { ListSearch } from '../../components/list/list-search';
import type { ListController } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { eventKinds, eventStatuses, eventVisibilities } from './event-records';
import type { EventListFilter } from './load-event-list';

const selectClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function EventListFilters({ list }: { list: ListController<EventListFilter> }) {
  const t = useT(eventsMessages);
  const { filters } = list.state;
  const onChange = list.setFilters;
  const when = filters.when === 'past' ? 'past' : 'upcoming';

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label={t('list.when')}
          className="inline-flex rounded-md border border-input bg-surface p-0.5"
        >
          {(['upcoming', 'past'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={value === when}
              onClick={() => onChange({ when: value === 'past' ? 'past' : '' })}
              className={
                value === when
                  ? 'rounded px-3 py-1.5 text-sm font-medium bg-accent text-accent-foreground'
                  : 'rounded px-3 py-1.5 text-sm text-foreground hover:bg-muted'
              }
            >
              {t(`list.${value}`)}
            </button>
          ))}
        </div>
        <ListSearch
          value={list.state.search}
          onSearch={list.setSearch}
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={t('list.columns.status')}
          className={selectClass}
          value={filters.status}
          onChange={(e) => onChange({ status: e.target.value })}
        >
          <option value="">{t('list.allStatuses')}</option>
          {eventStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('list.columns.visibility')}
          className={selectClass}
          value={filters.visibility}
          onChange={(e) => onChange({ visibility: e.target.value })}
        >
          <option value="">{t('list.allVisibilities')}</option>
          {eventVisibilities.map((v) => (
            <option key={v} value={v}>
              {t(`visibility.${v}`)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('editor.fields.kind')}
          className={selectClass}
          value={filters.kind}
          onChange={(e) => onChange({ kind: e.target.value })}
        >
          <option value="">{t('list.allKinds')}</option>
          {eventKinds.map((k) => (
            <option key={k} value={k}>
              {t(`kind.${k}`)}
            </option>
          ))}
        </select>
        <DateRangeInput
          from={filters.from}
          to={filters.to}
          onChange={(range) => onChange({ from: range.from, to: range.to })}
        />
        {list.narrowed ? (
          <Button variant="ghost" size="sm" onClick={list.clear}>
            <X aria-hidden="true" />
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
