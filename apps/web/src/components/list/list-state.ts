// A list's state — page, sort, search and filters — read from and written to the address, so
// back, reload and a shared link show the same list. Pure functions; useListState wraps them.
// Address format (one list per screen): ?page=2&sort=-starts_at&q=text&<filter>=<value>&size=50
// (page is 1-based, a leading '-' sorts descending, defaults are left out of the address).

export interface ListSort {
  id: string;
  desc: boolean;
}

export interface ListSpec<F extends string = string> {
  /** Column ids the server can order by; anything else in the address falls back to defaultSort. */
  sortable: readonly string[];
  defaultSort: ListSort;
  /** Names of the filters (address parameters) the list understands. */
  filters: readonly F[];
  pageSize?: number;
  /** Page sizes a user may pick; the address may only choose one of these. */
  pageSizes?: readonly number[];
}

export interface ListState<F extends string = string> {
  /** 0-based page index. */
  page: number;
  pageSize: number;
  sort: ListSort;
  search: string;
  filters: Record<F, string>;
}

export interface ListChange<F extends string = string> {
  page?: number;
  pageSize?: number;
  sort?: ListSort;
  search?: string;
  filters?: Partial<Record<F, string>>;
}

export const defaultPageSize = 25;
const reserved = new Set(['page', 'sort', 'q', 'size']);

function pageSizeOf(spec: ListSpec<string>): number {
  return spec.pageSize ?? defaultPageSize;
}

export function readListState<F extends string>(params: URLSearchParams, spec: ListSpec<F>): ListState<F> {
  const sortParam = params.get('sort') ?? '';
  const sortId = sortParam.replace(/^-/, '');
  const sort = spec.sortable.includes(sortId)
    ? { id: sortId, desc: sortParam.startsWith('-') }
    : spec.defaultSort;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const filters = {} as Record<F, string>;
  for (const name of spec.filters) {
    if (reserved.has(name)) throw new Error(`A list filter cannot be called ${name}`);
    filters[name] = params.get(name) ?? '';
  }
  return {
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: spec.pageSizes?.includes(size) ? size : pageSizeOf(spec),
    sort,
    search: params.get('q') ?? '',
    filters,
  };
}

function setOrDelete(params: URLSearchParams, key: string, value: string): void {
  if (value) params.set(key, value);
  else params.delete(key);
}

/**
 * The address after a change. Any change but a page change goes back to the first page (the
 * old page number means nothing in a differently sorted or filtered list). Parameters the list
 * does not own (a tab, a dialog) are kept.
 */
export function writeListState<F extends string>(
  current: URLSearchParams,
  change: ListChange<F>,
  spec: ListSpec<F>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.sort) {
    const isDefault = change.sort.id === spec.defaultSort.id && change.sort.desc === spec.defaultSort.desc;
    setOrDelete(next, 'sort', isDefault ? '' : `${change.sort.desc ? '-' : ''}${change.sort.id}`);
  }
  if (change.search !== undefined) setOrDelete(next, 'q', change.search.trim() ? change.search : '');
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
    setOrDelete(next, name, value ?? '');
  }
  if (change.pageSize !== undefined) {
    setOrDelete(next, 'size', change.pageSize === pageSizeOf(spec) ? '' : String(change.pageSize));
  }
  const page = change.page ?? 0;
  setOrDelete(next, 'page', page > 0 ? String(page + 1) : '');
  return next;
}

/** Whether the list is narrowed by search or a filter (so an empty result means "no matches"). */
export function isNarrowed<F extends string>(state: ListState<F>, ignore: readonly F[] = []): boolean {
  if (state.search.trim()) return true;
  return (Object.entries(state.filters) as [F, string][]).some(
    ([name, value]) => value && !ignore.includes(name),
  );
}

/** The page to show when the total shrank under the current page (rows deleted elsewhere). */
export function lastPageIndex(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}
