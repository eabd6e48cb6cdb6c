// The list state of a screen, kept in the address (see list-state.ts). Page, sort and filter
// changes are new history entries, so back steps through them; typing in the search box
// replaces the entry instead of adding one per pause.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  isNarrowed,
  readListState,
  writeListState,
  type ListChange,
  type ListSort,
  type ListSpec,
  type ListState,
} from './list-state';

export interface ListController<F extends string = string> {
  state: ListState<F>;
  /** Search or a filter is narrowing the list. */
  narrowed: boolean;
  change: (change: ListChange<F>, options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  setSort: (sort: ListSort) => void;
  setSearch: (search: string) => void;
  setFilters: (filters: Partial<Record<F, string>>) => void;
  /** Clears search and every filter that narrows the list (not the ignored ones, such as a tab). */
  clear: () => void;
}

export function useListState<F extends string>(
  spec: ListSpec<F>,
  ignoreForNarrowed: readonly F[] = [],
): ListController<F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, spec), [params, spec]);
  const change = useCallback(
    (next: ListChange<F>, options?: { replace?: boolean }) =>
      setParams((current) => writeListState(current, next, spec), { replace: options?.replace ?? false }),
    [setParams, spec],
  );
  return useMemo(() => {
    const empty = Object.fromEntries(
      spec.filters.filter((name) => !ignoreForNarrowed.includes(name)).map((name) => [name, '']),
    ) as Partial<Record<F, string>>;
    return {
      state,
      narrowed: isNarrowed(state, ignoreForNarrowed),
      change,
      setPage: (page) => change({ page }),
      setSort: (sort) => change({ sort }),
      setSearch: (search) => change({ search }, { replace: true }),
      setFilters: (filters) => change({ filters }),
      clear: () => change({ search: '', filters: empty }),
    };
  }, [state, change, spec.filters, ignoreForNarrowed]);
}
