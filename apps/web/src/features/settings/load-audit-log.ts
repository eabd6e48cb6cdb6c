// The audit log list (Settings → Audit log): newest first, filtered by kind and a from/to day
// range in the community's time zone, searched by whole words (the search_words tsvector,
// decision 0875). Without words the table is read and the count is the planner's estimate above
// the server's max rows (the log grows to millions of entries); with words the search goes
// through search_audit_log, which can use the word index (decision 0970) and counts exactly up
// to 10,000 hits.
import type { Tables } from '@club/schemas';
import { loadAllPages, pageRange, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';
import { zonedDayStartIso } from '../../lib/zoned-time';

export const auditKinds = ['permission', 'cpr', 'export', 'deletion', 'status', 'money', 'settings'] as const;
export type AuditKind = (typeof auditKinds)[number];
export type AuditRow = Pick<
  Tables<'audit_log'>,
  'id' | 'at' | 'actor_email' | 'kind' | 'action' | 'subject' | 'details'
>;

export type AuditFilter = 'kind' | 'from' | 'to';
export const auditListSpec: ListSpec<AuditFilter> = {
  sortable: ['at'],
  defaultSort: { id: 'at', desc: true },
  filters: ['kind', 'from', 'to'],
  pageSize: 50,
  pageSizes: [25, 50, 100],
};

/**
 * The search text as a tsquery of whole words, all required: each word folded like the
 * database folds (lower case, Æ/Ø/Å included) and quoted, tsquery's own syntax removed.
 */
export function auditSearchQuery(text: string): string {
  return text
    .toLocaleLowerCase('da')
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@.\-_+]/gu, '').replace(/^[.\-_+]+|[.\-_+]+$/g, ''))
    .filter((word) => word !== '')
    .map((word) => `'${word}'`)
    .join(' & ');
}

/** The day after a YYYY-MM-DD day, or '' for anything that is not a day (the address is input). */
const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

interface AuditRange {
  from: number;
  to: number;
}

/** The filters as the database takes them: kind, and the from/to days as instants. */
function auditFilters(state: ListState<AuditFilter>, timeZone: string) {
  return {
    kind: auditKinds.find((k) => k === state.filters.kind) ?? null,
    from: zonedDayStartIso(state.filters.from, timeZone) || null,
    to: zonedDayStartIso(nextDay(state.filters.to), timeZone) || null,
    ascending: state.sort.desc === false,
  };
}

async function readAudit(
  state: ListState<AuditFilter>,
  communityId: string,
  timeZone: string,
  range: AuditRange,
): Promise<ListPage<AuditRow>> {
  const filters = auditFilters(state, timeZone);
  const query = auditSearchQuery(state.search);
  if (query) {
    const { data, error } = await supabase().rpc('search_audit_log', {
      p_community_id: communityId,
      p_query: query,
      p_kind: filters.kind ?? undefined,
      p_from: filters.from ?? undefined,
      p_to: filters.to ?? undefined,
      p_ascending: filters.ascending,
      p_limit: range.to - range.from + 1,
      p_offset: range.from,
    });
    if (error) throw error;
    const result = data as unknown as { rows: AuditRow[]; total: number; more: boolean };
    return { rows: result.rows, total: result.total, estimated: result.more };
  }
  let request = supabase()
    .from('audit_log')
    .select('id, at, actor_email, kind, action, subject, details', { count: 'estimated' })
    .eq('community_id', communityId);
  if (filters.kind) request = request.eq('kind', filters.kind);
  if (filters.from) request = request.gte('at', filters.from);
  if (filters.to) request = request.lt('at', filters.to);
  const { data, error, count } = await request
    .order('at', { ascending: filters.ascending })
    .order('id', { ascending: filters.ascending })
    .range(range.from, range.to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0, estimated: true };
}

export async function loadAuditLog(
  state: ListState<AuditFilter>,
  communityId: string,
  timeZone: string,
): Promise<ListPage<AuditRow>> {
  const [from, to] = pageRange(state);
  return readAudit(state, communityId, timeZone, { from, to });
}

export const loadWholeAuditLog = (state: ListState<AuditFilter>, communityId: string, timeZone: string) =>
  loadAllPages(async (from, to) => (await readAudit(state, communityId, timeZone, { from, to })).rows);
