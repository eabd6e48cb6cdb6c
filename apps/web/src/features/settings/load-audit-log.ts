// The audit log list (Settings → Audit log): newest first, filtered by kind and a from/to day
// range in the community's time zone, searched by whole words (the search_words tsvector,
// decision 0875). The count is the planner's estimate above the server's max rows: the log
// grows to millions of entries.
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

function readAudit(state: ListState<AuditFilter>, communityId: string, timeZone: string) {
  let request = supabase()
    .from('audit_log')
    .select('id, at, actor_email, kind, action, subject, details', { count: 'estimated' })
    .eq('community_id', communityId);
  const kind = auditKinds.find((k) => k === state.filters.kind);
  if (kind) request = request.eq('kind', kind);
  const from = zonedDayStartIso(state.filters.from, timeZone);
  if (from) request = request.gte('at', from);
  const to = zonedDayStartIso(nextDay(state.filters.to), timeZone);
  if (to) request = request.lt('at', to);
  const query = auditSearchQuery(state.search);
  if (query) request = request.textSearch('search_words', query, { config: 'simple' });
  return request
    .order('at', { ascending: state.sort.desc === false })
    .order('id', { ascending: state.sort.desc === false });
}

export async function loadAuditLog(
  state: ListState<AuditFilter>,
  communityId: string,
  timeZone: string,
): Promise<ListPage<AuditRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readAudit(state, communityId, timeZone).range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0, estimated: true };
}

export const loadWholeAuditLog = (state: ListState<AuditFilter>, communityId: string, timeZone: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readAudit(state, communityId, timeZone).range(from, to);
    if (error) throw error;
    return data ?? [];
  });
