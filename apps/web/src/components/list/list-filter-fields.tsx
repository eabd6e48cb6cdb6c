// Compact filter controls for a list's toolbar: a select of one filter's values and a from/to
// day range. Values go to the address through the list controller, like every list filter.
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

/** Two day inputs (YYYY-MM-DD) for the filters `from` and `to`. */
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
        <label key={filter} className="flex flex-col text-xs text-muted-foreground">
          {label}
          <input
            type="date"
            className={fieldClass}
            value={list.state.filters[filter]}
            onChange={(e) => list.setFilters({ [filter]: e.target.value } as Partial<Record<F, string>>)}
          />
        </label>
      ))}
    </>
  );
}
