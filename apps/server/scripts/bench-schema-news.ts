// The requests of the news screens for npm run bench:schema (issue 18): the news list as
// load-news-list.ts asks for it (news_post_summaries with comment counts, newest first, exact
// count) unfiltered and filtered to published, and the post page of a post with
// BENCH_NEWS_COMMENTS (500) comments (the post, the newest 200 comments with their count, the
// latest e-mail sending); plus how long a comment takes to reach an open post page through
// realtime (BENCH_NEWS_LIVE_COMMENTS, 50; 0 to skip), from the comment_on_post call to the
// change arriving at a subscribed client.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database/database';

const commentCount = Number(process.env.BENCH_NEWS_COMMENTS ?? 500);
const liveComments = Number(process.env.BENCH_NEWS_LIVE_COMMENTS ?? 50);
const postTitle = 'Bench: opslag med mange kommentarer';

export interface NewsBenchContext {
  community: string;
  /** The post with many comments. */
  post: string;
}

export interface NewsBench {
  name: string;
  rest: (sb: SupabaseClient, x: NewsBenchContext) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 community, $5 the post with many comments. */
  sql: string;
}

/** A published post of the demo community with `commentCount` comments by its members. */
export async function seedBenchNewsPost(db: Database, community: string): Promise<void> {
  const post = (
    await db.query<{ id: string }>(
      `insert into public.news_posts (community_id, title, status, visibility, author_name)
       values ($1, $2, 'published', 'members', 'Bestyrelsen') returning id`,
      [community, postTitle],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.news_comments (community_id, post_id, author_id, member_id, author_name, body, created_at)
     select $1, $2, m.user_id, m.id, m.full_name, 'Kommentar nummer ' || n, now() - n * interval '1 minute'
     from generate_series(1, $3::int) n
     join lateral (select id, user_id, full_name from public.members
                   where community_id = $1 and status <> 'left' order by mid offset n % 200 limit 1) m on true`,
    [community, post, commentCount],
  );
}

export async function newsBenchContext(sb: SupabaseClient, community: string): Promise<NewsBenchContext> {
  const { data, error } = await sb
    .from('news_posts')
    .select('id')
    .eq('community_id', community)
    .eq('title', postTitle)
    .single();
  if (error || !data) throw new Error(`the bench post is missing: ${error?.message ?? ''}`);
  return { community, post: data.id };
}

const summaryColumns =
  'id, title, status, effective_status, visibility, release_at, published_at, shown_at, author_id, author_name, allow_comments, comment_count';
const postColumns =
  'id, community_id, title, content, status, visibility, release_at, published_at, author_id, author_name, allow_comments, link_url, image_path, created_at';

export const newsBenches: NewsBench[] = [
  {
    name: 'news screen list',
    rest: (sb, x) =>
      sb
        .from('news_post_summaries')
        .select(summaryColumns, { count: 'exact' })
        .eq('community_id', x.community)
        .order('shown_at', { ascending: false })
        .order('id')
        .range(0, 24),
    sql: `select ${summaryColumns}, count(*) over () from public.news_post_summaries where community_id = $1
      order by shown_at desc, id limit 25`,
  },
  {
    name: 'news list: published',
    rest: (sb, x) =>
      sb
        .from('news_post_summaries')
        .select(summaryColumns, { count: 'exact' })
        .eq('community_id', x.community)
        .eq('effective_status', 'published')
        .order('shown_at', { ascending: false })
        .order('id')
        .range(0, 24),
    sql: `select ${summaryColumns}, count(*) over () from public.news_post_summaries where community_id = $1
      and effective_status = 'published' order by shown_at desc, id limit 25`,
  },
  {
    name: 'news post',
    rest: (sb, x) => sb.from('news_posts').select(postColumns).eq('id', x.post).maybeSingle(),
    sql: `select ${postColumns} from public.news_posts where id = $5 and community_id = $1`,
  },
  {
    name: `news post: ${commentCount} comments`,
    rest: (sb, x) =>
      sb
        .from('news_comments')
        .select('id, post_id, author_name, body, created_at, hidden_at', { count: 'exact' })
        .eq('post_id', x.post)
        .order('created_at', { ascending: false })
        .order('id')
        .limit(200),
    sql: `select id, post_id, author_name, body, created_at, hidden_at, count(*) over () from public.news_comments
      where post_id = $5 and community_id = $1 order by created_at desc, id limit 200`,
  },
  {
    name: 'news post: latest mailing',
    rest: (sb, x) =>
      sb
        .from('news_mailings')
        .select('id, status, total, sent, failed, created_at, finished_at')
        .eq('post_id', x.post)
        .order('created_at', { ascending: false })
        .limit(1)
        .maybeSingle(),
    sql: `select id, status, total, sent, failed, created_at, finished_at from public.news_mailings
      where post_id = $5 and community_id = $1 order by created_at desc limit 1`,
  },
];

/** Comments one after another while a client watches the post; answers the line to print. */
export async function timeLiveComments(
  sb: SupabaseClient,
  x: NewsBenchContext,
  engine: string,
): Promise<string> {
  if (liveComments <= 0) return `${engine}: live comments skipped`;
  const arrivals = new Map<string, number>();
  const channel = sb
    .channel(`bench-news:${x.post}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'news_comments', filter: `post_id=eq.${x.post}` },
      (change) => arrivals.set((change.new as { body: string }).body, performance.now()),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    }),
  );
  const delays: number[] = [];
  let lost = 0;
  try {
    for (let i = 0; i < liveComments; i++) {
      const body = `Live ${i} ${Date.now()}`;
      const started = performance.now();
      const { error } = await sb.rpc('comment_on_post', { p_post_id: x.post, p_body: body });
      if (error) throw new Error(`comment_on_post: ${error.message}`);
      const deadline = started + 5000;
      while (!arrivals.has(body) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      const at = arrivals.get(body);
      if (at === undefined) lost++;
      else delays.push(at - started);
    }
  } finally {
    await sb.removeChannel(channel);
  }
  delays.sort((a, b) => a - b);
  const pick = (p: number) =>
    delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN;
  return (
    `${engine}: a comment reaching an open post page over realtime (${delays.length} of ${liveComments} ` +
    `arrived${lost ? `, ${lost} lost` : ''}): p50 ${pick(50).toFixed(1)} ms, p95 ${pick(95).toFixed(1)} ms (aim p95 < 200 ms)`
  );
}
