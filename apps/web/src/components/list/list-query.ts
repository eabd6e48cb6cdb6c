// Turning a list state into a data-service read: the row range of the page, the order, and a
// search pattern, plus the shape every list loader returns. Loaders stay plain async functions
// over the typed client (see docs/kit.md); these helpers keep them short and alike.
import type { ListState } from './list-state';

export interface ListPage<T> {
  rows: T[];
  /** Rows matching the filters; an estimate when the loader asked for a planned count. */
  total: number;
  /** The total is the planner's estimate, not an exact count. */
  estimated?: boolean;
}

/** First and last row index (inclusive) of the page, for `.range(from, to)`. */
export function pageRange(state: Pick<ListState, 'page' | 'pageSize'>): [number, number] {
  const from = state.page * state.pageSize;
  return [from, from + state.pageSize - 1];
}

/**
 * A PostgREST `ilike` pattern for free text: the pattern's own wildcards are escaped, commas
 * and parentheses (which separate `or` terms) become spaces.
 */
export function searchPattern(text: string): string {
  return `*${text
    .trim()
    .replace(/[\\%_*]/g, (c) => `\\${c}`)
    .replace(/[,()]/g, ' ')}*`;
}

/** An `or` filter matching the search text in any of the columns. */
export function searchAcross(columns: readonly string[], text: string): string {
  const pattern = searchPattern(text);
  return columns.map((column) => `${column}.ilike.${pattern}`).join(',');
}

/**
 * Which count to ask for: 'exact' counts every matching row (fine up to a few hundred thousand
 * with an index), 'estimated' is exact below the server's max-rows and the planner's estimate
 * above it, for tables where counting everything is expensive.
 */
export type ListCount = 'exact' | 'estimated' | 'planned';

/** Every row matching a read, fetched a chunk at a time (CSV export of the current filter). */
export async function loadAllPages<T>(
  readRange: (from: number, to: number) => Promise<T[]>,
  options: { chunk?: number; limit?: number } = {},
): Promise<T[]> {
  const chunk = options.chunk ?? 1000;
  const limit = options.limit ?? 100_000;
  const rows: T[] = [];
  for (let from = 0; from < limit; from += chunk) {
    const page = await readRange(from, Math.min(from + chunk, limit) - 1);
    rows.push(...page);
    if (page.length < chunk) break;
  }
  return rows;
}
