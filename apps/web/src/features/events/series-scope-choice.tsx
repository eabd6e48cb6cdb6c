// For a date of a recurring event: which dates an action means — this date, this and the
// following dates, or all dates of the series (cancel_event and save_event_series do exactly
// that, docs/decisions/0806).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useId } from 'react';
import { useT } from '../../lib/i18n';

export type SeriesScope = 'this' | 'following' | 'all';
export const seriesScopes: SeriesScope[] = ['this', 'following', 'all'];

/** Whether an event is one date of a series (the first date included, once expanded). */
export function isSeriesDate(event: { series_id: string | null }): boolean {
  return event.series_id !== null;
}

export function SeriesScopeChoice({
  value,
  onChange,
  legend,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  legend: string;
}) {
  const t = useT(eventsMessages);
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {seriesScopes.map((scope) => (
        <label key={scope} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
          />
          {t(`series.scope.${scope}`)}
        </label>
      ))}
    </fieldset>
  );
}
