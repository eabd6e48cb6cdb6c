// The requests of the members screens for npm run bench:schema (issue 16): the register with
// and without filters, its search, the lookup box, and the member page (overview + history);
// plus the timing of an import of N rows through the same RPCs the import screen sends.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface MemberBenchContext {
  community: string;
  /** A member in the middle of the register, for the member page. */
  member: string;
  /** A tag of the community, for the tag filter. */
  tag: string;
}

export interface MemberBench {
  name: string;
  rest: (sb: SupabaseClient, x: MemberBenchContext) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 community, $2 member, $3 tag. */
  sql: string;
}

const register = (filters: Record<string, unknown>, sort = 'name', ascending = true) => ({
  rest: (sb: SupabaseClient, x: MemberBenchContext) =>
    sb.rpc('member_register', {
      p_community_id: x.community,
      p_filters: JSON.parse(JSON.stringify(filters).replace('"$tag"', JSON.stringify(x.tag))),
      p_sort: sort,
      p_ascending: ascending,
      p_limit: 50,
      p_offset: 0,
    }),
  sql: `select public.member_register($1, ('${JSON.stringify(filters).replace('"$tag"', `"' || $3 || '"`)}')::jsonb, '${sort}', ${ascending}, 50, 0)`,
});

export const memberBenches: MemberBench[] = [
  { name: 'members register', ...register({}) },
  { name: 'members register page 41', ...withOffset(register({}), 2000) },
  {
    name: 'members register filters',
    ...register({ statuses: ['active'], genders: ['female'], age_min: 18, age_max: 59 }, 'joined_on', false),
  },
  { name: 'members register other+tag', ...register({ genders: ['other'], tags: ['$tag'] }) },
  { name: 'members register arrears', ...register({ arrears: true }) },
  { name: 'members register search', ...register({ search: 'jens' }) },
  { name: 'members register search mail', ...register({ search: 'no.such.person@example.dk' }) },
  {
    name: 'member lookup typing',
    rest: (sb, x) => sb.rpc('lookup_members', { p_community_id: x.community, p_query: 'Han', p_limit: 20 }),
    sql: `select id from public.lookup_members($1, 'Han', 20)`,
  },
  {
    name: 'member page overview',
    rest: (sb, x) => sb.rpc('member_overview', { p_member_id: x.member }),
    sql: `select public.member_overview($2)`,
  },
  {
    name: 'member page history',
    rest: (sb, x) =>
      sb
        .from('member_history')
        .select('id, at, action, changes, reason, actor_user_id')
        .eq('member_id', x.member)
        .order('id', { ascending: false })
        .limit(100),
    sql: `select id, at, action, changes, reason, actor_user_id from public.member_history
      where member_id = $2 order by id desc limit 100`,
  },
];

function withOffset(
  bench: Pick<MemberBench, 'rest' | 'sql'>,
  offset: number,
): Pick<MemberBench, 'rest' | 'sql'> {
  return {
    rest: (sb, x) =>
      sb.rpc('member_register', {
        p_community_id: x.community,
        p_filters: {},
        p_sort: 'name',
        p_ascending: true,
        p_limit: 50,
        p_offset: offset,
        p_count: false,
      }),
    // Paging reuses the count of the first page (the app counts once per filter combination).
    sql: bench.sql.replace(/, 50, 0\)$/, `, 50, ${offset}, false)`),
  };
}

export async function memberBenchContext(sb: SupabaseClient, community: string): Promise<MemberBenchContext> {
  const page = await sb.rpc('member_register', { p_community_id: community, p_limit: 1, p_offset: 500 });
  if (page.error) throw new Error(`member_register: ${page.error.message}`);
  const member = (page.data as { rows: { id: string }[] }).rows[0]?.id;
  const tags = await sb.from('tags').select('id').eq('community_id', community).limit(1);
  if (!member || tags.error || !tags.data[0]) throw new Error('the demo community has no members or tags');
  return { community, member, tag: tags.data[0].id as string };
}

/** Imports `rows` new members the way the import screen does: duplicates, then batches of 500. */
export async function timeImport(
  sb: SupabaseClient,
  community: string,
  rows: number,
): Promise<{ duplicatesMs: number; importMs: number; created: number; failed: number }> {
  const run = Date.now().toString(36);
  const all = Array.from({ length: rows }, (_, i) => ({
    row_no: i + 2,
    action: 'create',
    first_name: `Import${i}`,
    last_name: 'Sørensen',
    email: `import.${run}.${i}@example.dk`,
    phone: `+459${String(i).padStart(7, '0')}`,
    birth_date: `19${String(50 + (i % 50))}-0${1 + (i % 9)}-1${i % 9}`,
    postal_code: '8000',
  }));
  const batches = [];
  for (let i = 0; i < all.length; i += 500) batches.push(all.slice(i, i + 500));
  let started = performance.now();
  for (const batch of batches) {
    const { error } = await sb.rpc('find_member_duplicates', { p_community_id: community, p_rows: batch });
    if (error) throw new Error(`find_member_duplicates: ${error.message}`);
  }
  const duplicatesMs = performance.now() - started;
  started = performance.now();
  let created = 0;
  let failed = 0;
  for (const batch of batches) {
    const { data, error } = await sb.rpc('import_members', { p_community_id: community, p_rows: batch });
    if (error) throw new Error(`import_members: ${error.message}`);
    for (const row of data as { outcome: string }[]) {
      if (row.outcome === 'created') created++;
      else failed++;
    }
  }
  return { duplicatesMs, importMs: performance.now() - started, created, failed };
}
