// npm run bench:checkout — the checkout under contention on PostgreSQL (decision 1042):
// BENCH_BUYERS (200) members start a checkout at once for the last BENCH_PLACES (100) places,
// each winner makes its payment, then every payment's AUTHORIZED notification is delivered
// twice, in random order, BENCH_CONCURRENCY (20) at a time, through record_payment_event and
// complete_payment as the payments-webhook function calls them (the provider's capture call,
// contract-tested against Prism elsewhere, is left out). Prints p50/p95 of creating an order and
// of processing a notification, and fails unless 0 places are oversold, 0 orders are paid twice
// and every payer's ledger agrees with its balance.
// Needs PG_TEST_URL (or BENCH_DATABASE_URL): a scratch database is made next to it and dropped.
import crypto from 'node:crypto';
import type { Database } from '../src/database/database';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { repoRoot } from '../src/platform';
import { withScratchDatabase } from './with-scratch-database';

const buyersCount = Number(process.env.BENCH_BUYERS ?? 200);
const places = Number(process.env.BENCH_PLACES ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const summary = (label: string, latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label.padEnd(28)} n=${String(sorted.length).padStart(4)}   p50 ${percentile(sorted, 50)
    .toFixed(1)
    .padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms`;
};

/** Runs the tasks at most `limit` at a time; each task's time is measured from its own start. */
async function pooled<T>(
  tasks: (() => Promise<T>)[],
  limit: number,
): Promise<{ results: T[]; latencies: number[] }> {
  const results: T[] = new Array(tasks.length);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        const t = performance.now();
        results[i] = await tasks[i]!();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { results, latencies };
}

const asUser = <T>(db: Database, user: string, sql: string, params: unknown[]) =>
  withRequestContext(
    db,
    { role: 'authenticated', claims: { sub: user } },
    async (tx) => (await tx.query<T>(sql, params)).rows[0]!,
  );
const asService = <T>(db: Database, sql: string, params: unknown[]) =>
  withRequestContext(
    db,
    { role: 'service_role', claims: {} },
    async (tx) => (await tx.query<T>(sql, params)).rows[0]!,
  );

async function run(db: Database): Promise<boolean> {
  await migrate(db, defaultMigrationSources(repoRoot));
  const community = (
    await db.query<{ id: string }>(
      `insert into communities (slug, name) values ('bench-if', 'Bench IF') returning id`,
    )
  ).rows[0]!.id;
  const users = (
    await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              'bench' || n || '@example.dk', '', now(), now()
       from generate_series(1, $1::int) n returning id`,
      [buyersCount],
    )
  ).rows.map((r) => r.id);
  await db.query(
    `insert into members (community_id, user_id, first_name, last_name)
     select $1, u, 'Bench', 'Nr ' || ord from unnest($2::uuid[]) with ordinality as t(u, ord)`,
    [community, users],
  );
  const event = (
    await db.query<{ id: string }>(
      `insert into events (community_id, title, starts_at, ends_at, status, visibility)
       values ($1, 'Finale', now() + interval '10 days', now() + interval '10 days 3 hours', 'published', 'members')
       returning id`,
      [community],
    )
  ).rows[0]!.id;
  const ticket = (
    await db.query<{ id: string }>(
      `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Stå', $3, 15000)
       returning id`,
      [community, event, places],
    )
  ).rows[0]!.id;

  // 1. Everyone at once for the last places.
  const started = await pooled(
    users.map((user) => async () => {
      try {
        const row = await asUser<{ a: { order_id: string } }>(
          db,
          user,
          'select start_checkout($1, $2::jsonb, $3) as a',
          [community, JSON.stringify([{ kind: 'ticket', ticket_id: ticket }]), 'bench-key'],
        );
        return { user, order: row.a.order_id };
      } catch (error) {
        const message = (error as Error).message;
        if (message !== 'sold_out') throw error;
        return { user, order: null };
      }
    }),
    buyersCount,
  );
  const winners = started.results.filter((r): r is { user: string; order: string } => r.order !== null);
  const payments = (
    await pooled(
      winners.map(
        (w) => async () =>
          (
            await asUser<{ p: { payment_id: string; reference: string; amount_ore: number } }>(
              db,
              w.user,
              'select checkout_payment($1, $2) as p',
              [w.order, 'mobilepay'],
            )
          ).p,
      ),
      concurrency,
    )
  ).results;

  // 2. Every AUTHORIZED twice, shuffled, as the webhook function processes it.
  const events = payments.flatMap((p) => {
    const event = {
      reference: p.reference,
      pspReference: `psp-${crypto.randomUUID()}`,
      name: 'authorized',
      amount: { ore: p.amount_ore, currency: 'DKK' },
      occurredAt: new Date().toISOString(),
      success: true,
      idempotencyKey: null,
    };
    const keyed = { ...event, eventKey: `vipps:${p.reference}:authorized:${event.pspReference}` };
    return [keyed, keyed];
  });
  for (let i = events.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [events[i], events[j]] = [events[j]!, events[i]!];
  }
  const processed = await pooled(
    events.map((event) => async () => {
      const r = await asService<{ r: { action: string; payment_id: string } }>(
        db,
        'select record_payment_event($1, $2::jsonb) as r',
        [community, JSON.stringify(event)],
      );
      if (r.r.action === 'capture') await asService(db, 'select complete_payment($1)', [r.r.payment_id]);
      return r.r.action;
    }),
    concurrency,
  );

  const sold = Number(
    (
      await db.query<{ n: string }>(
        `select coalesce(sum(quantity), 0)::text as n from ticket_purchases where ticket_id = $1 and status = 'active'`,
        [ticket],
      )
    ).rows[0]!.n,
  );
  const doublePaid = Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from (select order_id from ledger_entries
          where community_id = $1 and kind = 'payment' group by order_id having count(*) > 1) x`,
        [community],
      )
    ).rows[0]!.n,
  );
  const paid = Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from orders where community_id = $1 and payment_status = 'paid'`,
        [community],
      )
    ).rows[0]!.n,
  );
  const unbalanced = Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from payer_balances b join billing_account_summaries s on s.id = b.account_id
          where b.community_id = $1 and (b.balance_ore <> s.balance_ore or b.balance_ore <> 0)`,
        [community],
      )
    ).rows[0]!.n,
  );
  console.log(
    `checkout bench on PostgreSQL: ${buyersCount} buyers, ${places} places, ${concurrency} notifications at a time`,
  );
  console.log(summary('create order (start_checkout)', started.latencies));
  console.log(summary('process notification', processed.latencies));
  console.log(
    `orders ${winners.length}, paid ${paid}, sold ${sold}/${places}, oversold=${Math.max(0, sold - places)}, ` +
      `double-paid=${doublePaid}, capture requests=${processed.results.filter((a) => a === 'capture').length} ` +
      '(a copy that arrives before the first capture is settled asks again, with the same idempotency key), ' +
      `ledger ${unbalanced === 0 ? 'balanced' : `unbalanced on ${unbalanced} payers`}`,
  );
  return sold <= places && doublePaid === 0 && unbalanced === 0 && paid === winners.length;
}

async function main(): Promise<void> {
  const baseUrl = process.env.PG_TEST_URL ?? process.env.BENCH_DATABASE_URL;
  if (!baseUrl)
    throw new Error('Set PG_TEST_URL (a PostgreSQL the bench may create a scratch database next to)');
  const ok = await withScratchDatabase(baseUrl, 'bench_checkout', async (url) => {
    const db = await openPostgresDatabase({ connectionString: url, maxConnections: concurrency });
    try {
      return await run(db);
    } finally {
      await db.close();
    }
  });
  if (!ok) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
