// One page of the community's events for the list screen, filtered, sorted and counted by the
// data service (event_admin_summaries carries tickets sold, capacity and revenue per event).
import { supabase } from '../../lib/supabase';
import type { EventKind, EventStatus, EventSummary, EventVisibility } from './event-records';
import { zonedDayStartIso } from './zoned-time';

export type EventListSort = 'starts_at' | 'title' | 'tickets_sold' | 'revenue_ore' | 'status';

export interface EventListQuery {
  communityId: string;
  timeZone: string;
  when: 'upcoming' | 'past';
  search: string;
  status: EventStatus | '';
  visibility: EventVisibility | '';
  kind: EventKind | '';
  from: string;
  to: string;
  sort: EventListSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}

export interface EventListPage {
  rows: EventSummary[];
  total: number;
}

/** PostgREST's `ilike` pattern for free text: its own wildcards are escaped, commas and
 * parentheses (which separate `or` terms) are replaced. */
function searchPattern(text: string): string {
  return `*${text.replace(/[\\%_*]/g, (c) => `\\${c}`).replace(/[,()]/g, ' ')}*`;
}

export async function loadEventList(query: EventListQuery): Promise<EventListPage> {
  const now = new Date().toISOString();
  let request = supabase()
    .from('event_admin_summaries')
    .select(
      'id, title, location, starts_at, ends_at, status, effective_status, release_at, visibility, kind, repeat, series_id, capacity, tickets_sold, revenue_ore',
      { count: 'exact' },
    )
    .eq('community_id', query.communityId);
  // An event is upcoming until it has ended (or started, when it has no end).
  request =
    query.when === 'upcoming'
      ? request.or(`ends_at.gte.${now},and(ends_at.is.null,starts_at.gte.${now})`)
      : request.or(`ends_at.lt.${now},and(ends_at.is.null,starts_at.lt.${now})`);
  const search = query.search.trim();
  if (search)
    request = request.or(`title.ilike.${searchPattern(search)},location.ilike.${searchPattern(search)}`);
  if (query.status) request = request.eq('effective_status', query.status);
  if (query.visibility) request = request.eq('visibility', query.visibility);
  if (query.kind) request = request.eq('kind', query.kind);
  const from = zonedDayStartIso(query.from, query.timeZone);
  if (from) request = request.gte('starts_at', from);
  const toDay = /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? new Date(`${query.to}T00:00:00Z`) : undefined;
  if (toDay) {
    toDay.setUTCDate(toDay.getUTCDate() + 1);
    const until = zonedDayStartIso(toDay.toISOString().slice(0, 10), query.timeZone);
    if (until) request = request.lt('starts_at', until);
  }
  const ascending = query.sort === 'starts_at' && query.when === 'past' ? !query.ascending : query.ascending;
  request = request.order(query.sort, { ascending }).order('id', { ascending: true });
  const start = query.page * query.pageSize;
  const { data, error, count } = await request.range(start, start + query.pageSize - 1);
  if (error) throw error;
  return { rows: (data ?? []) as EventSummary[], total: count ?? 0 };
}
