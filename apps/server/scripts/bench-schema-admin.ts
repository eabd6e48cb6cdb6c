// The requests of the community administration screens for npm run bench:schema (issue 24):
// the tags list with usage counts, and the audit log at a million entries (newest page, one
// kind, a whole-word search), as the screens send them. seedAuditLog fills the log.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database/database';

export const auditRows = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);

const auditColumns = 'id, at, actor_email, kind, action, subject, details';
// What the screen sends for "medlem 4711" (auditSearchQuery in the web app): whole words, all required.
const auditSearch = "'medlem' & '4711'";

/** Fills the community's audit log with `rows` entries over the last two years, in batches. */
export async function seedAuditLog(db: Database, community: string, rows = auditRows): Promise<number> {
  const started = performance.now();
  const batch = 100_000;
  for (let done = 0; done < rows; done += batch) {
    await db.query(
      `insert into public.audit_log (community_id, at, actor_email, kind, action, subject, subject_id, details)
       select $1, now() - (n * interval '63 seconds'),
              'admin' || (n % 7) || '@example.dk',
              (array['permission','cpr','export','deletion','status','money','settings'])[1 + n % 7],
              (array['access_changed','cpr_reveal','member_exported','tags_deleted','member_status_changed',
                     'payment_recorded','settings_changed'])[1 + n % 7],
              'Medlem ' || (n % 9973) || ' Jensen (#' || (n % 9973) || ')', (n % 9973)::text,
              jsonb_build_object('n', n)
         from generate_series($2::int, $3::int) n`,
      [community, done + 1, Math.min(done + batch, rows)],
    );
  }
  await db.exec('analyze public.audit_log');
  return performance.now() - started;
}

export interface AdminBench {
  name: string;
  list: boolean;
  rest: (sb: SupabaseClient, c: string) => PromiseLike<{ error: { message: string } | null }>;
  sql: string;
}

export const adminBenches: AdminBench[] = [
  {
    name: 'tags list with usage',
    list: true,
    rest: (sb, c) =>
      sb
        .from('tags_with_usage')
        .select('id, name, color, member_count, group_count, event_count', { count: 'exact' })
        .eq('community_id', c)
        .order('name')
        .order('id')
        .range(0, 49),
    sql: `select id, name, color, member_count, group_count, event_count, count(*) over ()
      from public.tags_with_usage where community_id = $1 order by name, id limit 50`,
  },
  {
    name: 'audit log newest',
    list: true,
    rest: (sb, c) =>
      sb
        .from('audit_log')
        .select(auditColumns, { count: 'estimated' })
        .eq('community_id', c)
        .order('at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 49),
    sql: `select ${auditColumns} from public.audit_log where community_id = $1 order by at desc, id desc limit 50`,
  },
  {
    name: 'audit log CPR only',
    list: true,
    rest: (sb, c) =>
      sb
        .from('audit_log')
        .select(auditColumns, { count: 'estimated' })
        .eq('community_id', c)
        .eq('kind', 'cpr')
        .order('at', { ascending: false })
        .order('id', { ascending: false })
        .range(0, 49),
    sql: `select ${auditColumns} from public.audit_log where community_id = $1 and kind = 'cpr'
      order by at desc, id desc limit 50`,
  },
  {
    // As the screen sends a search (decision 0970): through search_audit_log, whose plan may use
    // the word index; the table read under the policy cannot.
    name: 'audit log search',
    list: true,
    rest: (sb, c) => sb.rpc('search_audit_log', { p_community_id: c, p_query: auditSearch }),
    sql: `select public.search_audit_log($1, '${auditSearch.replaceAll("'", "''")}')`,
  },
  {
    // One word every entry holds: the function walks the newest-first index and stops counting
    // at 10,000.
    name: 'audit log search, common word',
    list: true,
    rest: (sb, c) => sb.rpc('search_audit_log', { p_community_id: c, p_query: "'medlem'" }),
    sql: `select public.search_audit_log($1, '''medlem''')`,
  },
];
