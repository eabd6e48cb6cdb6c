// The requests of the groups screens for npm run bench:schema (issue 17): the groups list as
// load-group-list.ts asks for it, the group page of a group with BENCH_GROUP_MEMBERS (2,000)
// members (its summary, the first page of members, a search in them) and the fee-run preview
// of that group; plus the timing of a fee run of a group with BENCH_FEE_RUN_MEMBERS (5,000)
// members through run_group_fees in the screen's batches, and of a second run for the same
// period (which charges nobody).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database/database';

const pageGroupSize = Number(process.env.BENCH_GROUP_MEMBERS ?? 2_000);
const feeRunSize = Number(process.env.BENCH_FEE_RUN_MEMBERS ?? 5_000);
/** Members per run_group_fees call, as apps/web/src/features/groups/group-fees.ts sends them. */
const feeRunBatchSize = 250;

export interface GroupBenchContext {
  community: string;
  /** The group of the group page benches. */
  group: string;
  /** The group whose fees are run once, timed. */
  feeGroup: string;
}

export interface GroupBench {
  name: string;
  rest: (sb: SupabaseClient, x: GroupBenchContext) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 community, $4 the group of the group page. */
  sql: string;
}

/** Two paid monthly groups of the demo community, filled from the register in member order. */
export async function seedBenchGroups(
  db: Database,
  community: string,
): Promise<{ group: string; feeGroup: string }> {
  const make = async (title: string, price: number, size: number) => {
    const group = (
      await db.query<{ id: string }>(
        `insert into public.groups (community_id, title, payment_frequency, price_ore, visibility)
         values ($1, $2, 'monthly', $3, 'members') returning id`,
        [community, title, price],
      )
    ).rows[0]!.id;
    await db.query(
      `insert into public.group_members (community_id, group_id, member_id, joined_at, payment_status)
       select $1, $2, m.id, now() - interval '400 days', 'pending'
       from public.members m where m.community_id = $1 and m.status <> 'left' order by m.mid limit $3`,
      [community, group, size],
    );
    return group;
  };
  return {
    group: await make('Bench: stort hold', 25_000, pageGroupSize),
    feeGroup: await make('Bench: kontingentkørsel', 30_000, feeRunSize),
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const summaryColumns =
  'id, title, visibility, archived, payment_frequency, price_ore, currency, owner_member_id, owner_name, member_count, pending_requests, cover_image_path';
const rosterColumns =
  'id, member_id, role, joined_at, payment_status, welcome_sent_at, full_name, email, last_charged_period';

export const groupBenches: GroupBench[] = [
  {
    name: 'groups list',
    rest: (sb, x) =>
      sb
        .from('group_admin_summaries')
        .select(summaryColumns, { count: 'exact' })
        .eq('community_id', x.community)
        .eq('archived', false)
        .order('title', { ascending: true, nullsFirst: false })
        .order('id', { ascending: true })
        .range(0, 24),
    sql: `select ${summaryColumns}, count(*) over () from public.group_admin_summaries
      where community_id = $1 and archived = false order by title nulls last, id limit 25`,
  },
  {
    name: 'group page summary',
    rest: (sb, x) =>
      sb
        .from('group_admin_summaries')
        .select('owner_name, member_count, ever_had_members, tag_ids')
        .eq('id', x.group),
    sql: `select owner_name, member_count, ever_had_members, tag_ids from public.group_admin_summaries where id = $4`,
  },
  {
    name: 'group page members',
    rest: (sb, x) =>
      sb
        .from('group_member_roster')
        .select(rosterColumns, { count: 'exact' })
        .eq('group_id', x.group)
        .order('full_name', { ascending: true })
        .order('id')
        .range(0, 49),
    // As the REST layer asks it: the page with its limit, and the count as its own subquery.
    sql: `with page as (select ${rosterColumns} from public.group_member_roster
      where group_id = $4 order by full_name, id limit 50)
      select page.*, (select count(*) from public.group_member_roster where group_id = $4) from page`,
  },
  {
    name: 'group page members search',
    rest: (sb, x) =>
      sb
        .from('group_member_roster')
        .select(rosterColumns, { count: 'exact' })
        .eq('group_id', x.group)
        .or('full_name.ilike.*jens*,email.ilike.*jens*')
        .order('full_name', { ascending: true })
        .order('id')
        .range(0, 49),
    sql: `with page as (select ${rosterColumns} from public.group_member_roster
      where group_id = $4 and (full_name ilike '%jens%' or email ilike '%jens%') order by full_name, id limit 50)
      select page.*, (select count(*) from public.group_member_roster
        where group_id = $4 and (full_name ilike '%jens%' or email ilike '%jens%')) from page`,
  },
  {
    name: 'group fee-run preview',
    rest: (sb, x) =>
      sb.rpc('preview_group_fees', { p_community_id: x.community, p_day: today(), p_group_id: x.group }),
    sql: `select * from public.preview_group_fees($1, current_date, $4)`,
  },
];

export async function groupBenchContext(sb: SupabaseClient, community: string): Promise<GroupBenchContext> {
  const { data, error } = await sb
    .from('groups')
    .select('id, title')
    .eq('community_id', community)
    .in('title', ['Bench: stort hold', 'Bench: kontingentkørsel']);
  if (error || data.length !== 2) throw new Error(`the bench groups are missing: ${error?.message ?? ''}`);
  const id = (title: string) => data.find((g) => g.title === title)!.id as string;
  return { community, group: id('Bench: stort hold'), feeGroup: id('Bench: kontingentkørsel') };
}

/** Runs the fee group's fees for this month twice as the app does; answers the line to print. */
export async function timeGroupFeeRun(
  sb: SupabaseClient,
  x: GroupBenchContext,
  engine: string,
): Promise<string> {
  const started = performance.now();
  const preview = await sb.rpc(
    'preview_group_fees',
    { p_community_id: x.community, p_day: today(), p_group_id: x.feeGroup },
    { count: 'exact' },
  );
  if (preview.error) throw new Error(`preview_group_fees: ${preview.error.message}`);
  const previewMs = performance.now() - started;
  // As the group page runs it: batches of members until a batch charges nobody.
  const run = async () => {
    const begun = performance.now();
    let lines = 0;
    for (;;) {
      const { data, error } = await sb.rpc('run_group_fees', {
        p_group_id: x.feeGroup,
        p_day: today(),
        p_limit: feeRunBatchSize,
      });
      if (error) throw new Error(`run_group_fees: ${error.message}`);
      const batch = (data as { lines: number }[]).reduce((sum, row) => sum + row.lines, 0);
      if (batch === 0) break;
      lines += batch;
    }
    return { ms: performance.now() - begun, lines };
  };
  const first = await run();
  const second = await run();
  return (
    `${engine}: fee run of a group with ${preview.count ?? '?'} members due: preview ` +
    `${(previewMs / 1000).toFixed(1)} s, run ${(first.ms / 1000).toFixed(1)} s (${first.lines} charges), ` +
    `second run ${(second.ms / 1000).toFixed(1)} s (${second.lines} charges)`
  );
}
