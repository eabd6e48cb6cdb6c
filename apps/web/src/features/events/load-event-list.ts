// One page of the community's events for the list screen, filtered, sorted and counted by the
// data service (event_admin_summaries carries tickets sold, capacity and revenue per event),
// and every matching event for the CSV export.
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';
import type { EventSummary } from './event-records';
import { zonedDayStartIso } from '../../lib/zoned-time';

export type EventListFilter = 'when' | 'status' | 'visibility' | 'kind' | 'from' | 'to';

export const eventListSpec: ListSpec<EventListFilter> = {
  sortable: ['starts_at', 'title', 'tickets_sold', 'revenue_ore', 'status'],
  defaultSort: { id: 'starts_at', desc: false },
  filters: ['when', 'status', 'visibility', 'kind', 'from', 'to'],
  pageSize: 25,
};

export type EventListState = ListState<EventListFilter>;

const columns =
  'id, title, location, starts_at, ends_at, status, effective_status, release_at, visibility, kind, repeat, series_id, capacity, tickets_sold, revenue_ore';

function readEvents(state: EventListState, communityId: string, timeZone: string) {
  const now = new Date().toISOString();
  const past = state.filters.when === 'past';
  let request = supabase()
    .from('event_admin_summaries')
    .select(columns, { count: 'exact' })
    .eq('community_id', communityId);
  // An event is upcoming until it has ended (or started, when it has no end).
  request = past
    ? request.or(`ends_at.lt.${now},and(ends_at.is.null,starts_at.lt.${now})`)
    : request.or(`ends_at.gte.${now},and(ends_at.is.null,starts_at.gte.${now})`);
  if (state.search.trim()) request = request.or(searchAcross(['title', 'location'], state.search));
  const { status, visibility, kind } = state.filters;
  if (status) request = request.eq('effective_status', status);
  if (
    visibility === 'public' ||
    visibility === 'members' ||
    visibility === 'invite_only' ||
    visibility === 'hidden'
  )
    request = request.eq('visibility', visibility);
  if (kind === 'internal' || kind === 'external') request = request.eq('kind', kind);
  const from = zonedDayStartIso(state.filters.from, timeZone);
  if (from) request = request.gte('starts_at', from);
  const toDay = /^\d{4}-\d{2}-\d{2}$/.test(state.filters.to)
    ? new Date(`${state.filters.to}T00:00:00Z`)
    : undefined;
  if (toDay) {
    toDay.setUTCDate(toDay.getUTCDate() + 1);
    const until = zonedDayStartIso(toDay.toISOString().slice(0, 10), timeZone);
    if (until) request = request.lt('starts_at', until);
  }
  // Past events read most recent first by default: the date order flips with the tab.
  const ascending = state.sort.id === 'starts_at' && past ? state.sort.desc : !state.sort.desc;
  return request.order(state.sort.id, { ascending }).order('id', { ascending: true });
}

export async function loadEventList(
  state: EventListState,
  communityId: string,
  timeZone: string,
): Promise<ListPage<EventSummary>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readEvents(state, communityId, timeZone).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as EventSummary[], total: count ?? 0 };
}

/** Every event matching the list's filters, in its order (CSV export). */
export function loadAllEvents(
  state: EventListState,
  communityId: string,
  timeZone: string,
): Promise<EventSummary[]> {
  return loadAllPages(async (from, to) => {
    const { data, error } = await readEvents(state, communityId, timeZone).range(from, to);
    if (error) throw error;
    return (data ?? []) as EventSummary[];
  });
}
