// Compact filter controls for a list's toolbar: a select of one filter's values and a from/to
// day range on the kit's date input (24.12.2026 on Danish pages, with its calendar, never the
// browser's own date field). Values go to the address through the list controller, like every
// list filter.
import { isUnreadableDateValue } from '../../lib/date-input';
import { DateInput } from '../date/date-input';
import type { ListController } from './use-list-state';

const fieldClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function ListSelectFilter<F extends string>({
  list,
  filter,
  label,
  allLabel,
  options,
}: {
  list: ListController<F>;
  filter: F;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <select
      aria-label={label}
      className={fieldClass}
      value={list.state.filters[filter]}
      onChange={(e) => list.setFilters({ [filter]: e.target.value } as Partial<Record<F, string>>)}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Two day inputs for the filters `from` and `to` (YYYY-MM-DD in the address). A day that cannot
 * be read leaves the filter as it was; the typed text stays for the user to correct.
 */
export function ListDayRangeFilter<F extends string>({
  list,
  from,
  to,
  fromLabel,
  toLabel,
}: {
  list: ListController<F>;
  from: F;
  to: F;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      {(
        [
          [from, fromLabel],
          [to, toLabel],
        ] as const
      ).map(([filter, label]) => (
        <div key={filter} className="flex flex-col text-xs text-muted-foreground">
          <span aria-hidden="true">{label}</span>
          <DateInput
            aria-label={label}
            className="w-36"
            value={list.state.filters[filter] ?? ''}
            onChange={(value) => {
              if (!isUnreadableDateValue(value))
                list.setFilters({ [filter]: value } as Partial<Record<F, string>>);
            }}
          />
        </div>
      ))}
    </>
  );
}
