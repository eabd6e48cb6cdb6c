// The list's search box and compact filters. Every value lives in the address (so a filtered
// list can be bookmarked and survives a reload); the search box waits for a pause in typing.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { eventKinds, eventStatuses, eventVisibilities } from './event-records';

export interface ListFilters {
  when: 'upcoming' | 'past';
  q: string;
  status: string;
  visibility: string;
  kind: string;
  from: string;
  to: string;
}

const selectClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function EventListFilters({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (next: Partial<ListFilters>) => void;
}) {
  const t = useT(eventsMessages);
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }), 250);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);
  const filtered =
    filters.q || filters.status || filters.visibility || filters.kind || filters.from || filters.to;

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label={t('list.when')}
          className="inline-flex rounded-md border border-input bg-surface p-0.5"
        >
          {(['upcoming', 'past'] as const).map((when) => (
            <button
              key={when}
              type="button"
              role="radio"
              aria-checked={filters.when === when}
              onClick={() => onChange({ when })}
              className={
                filters.when === when
                  ? 'rounded px-3 py-1.5 text-sm font-medium bg-accent text-accent-foreground'
                  : 'rounded px-3 py-1.5 text-sm text-foreground hover:bg-muted'
              }
            >
              {t(`list.${when}`)}
            </button>
          ))}
        </div>
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">{t('list.search')}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('list.searchPlaceholder')}
            className="h-9 pl-9"
          />
        </label>
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
        <label className="flex items-center gap-1.5 text-sm">
          {t('list.from')}
          <input
            type="date"
            className={selectClass}
            value={filters.from}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          {t('list.to')}
          <input
            type="date"
            className={selectClass}
            value={filters.to}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </label>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ q: '', status: '', visibility: '', kind: '', from: '', to: '' })}
          >
            <X aria-hidden="true" />
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
