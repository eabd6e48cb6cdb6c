// The list state of a screen, kept in the address (see list-state.ts). Page, sort and filter
// changes are new history entries, so back steps through them; typing in the search box
// replaces the entry instead of adding one per pause.
//
// Each change builds on the newest address this list asked for, not only the one rendered:
// two changes before the router re-renders (clear one filter, choose another) must both
// land, and react-router's own updater would hand the second the rendered, older address.
import { useCallback, useMemo, useRef } from 'react';
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
  const shown = params.toString();
  // The rendered address and the addresses sent since, oldest first. When the rendered one
  // changes, what was sent up to it has landed; an address not sent from here (back,
  // a link) drops them all, and the next change builds on what is shown.
  const track = useRef<{ shown: string; sent: string[] }>({ shown, sent: [] });
  if (track.current.shown !== shown) {
    const landed = track.current.sent.indexOf(shown);
    track.current = { shown, sent: landed >= 0 ? track.current.sent.slice(landed + 1) : [] };
  }
  const change = useCallback(
    (next: ListChange<F>, options?: { replace?: boolean }) => {
      const { shown: rendered, sent } = track.current;
      const written = writeListState(new URLSearchParams(sent.at(-1) ?? rendered), next, spec);
      sent.push(written.toString());
      setParams(written, { replace: options?.replace ?? false });
    },
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
