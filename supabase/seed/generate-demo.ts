// The deterministic demo generator: a Danish multi-sport club ("Søndervang IF") with its
// departments, members, teams, a season of events with sales and volunteers, news, bookable
// products and bookings, orders and this year's invoices, plus a small second community.
// Everything runs in one transaction, so a failed run leaves nothing behind.
import type { Database, Queryable } from '../../apps/server/src/database/database';
import { seedEvents, seedNews, seedTagsAndGroups } from './demo-activity';
import { seedBilling, seedBooking, seedOrders, seedVolunteerCreditRule } from './demo-commerce';
import { buildMembers, createRandom, createUsers, hashPassword, insertMembers } from './demo-people';
import { seedKnowledgeBase } from './demo-knowledge-base';
import { clubs } from './demo-vocabulary';

export interface DemoOptions {
  members: number;
  /** Same seed, same club. */
  seed?: number;
  adminEmail?: string;
  adminPassword?: string;
  /** The server-held CPR key; without it no CPR numbers are stored. */
  cprKey?: string;
  /** How many members get a user account they can sign in with (same password as the admin). */
  accounts?: number;
}

export interface DemoResult {
  community: string;
  slug: string;
  adminEmail: string;
  adminPassword: string;
  memberEmails: string[];
  counts: Record<string, number>;
  /** What the demo left out, and why. */
  notes: string[];
  /** Milliseconds per step, to see where seeding time goes. */
  steps: Record<string, number>;
  millis: number;
}

export const demoAdminEmail = 'admin@sondervang-if.dk';
export const demoAdminPassword = 'Klubdemo-2026';

async function createCommunity(
  tx: Queryable,
  slug: string,
  name: string,
): Promise<{ id: string; clubIds: string[] }> {
  const c = await tx.query<{ id: string }>(
    `insert into public.communities (slug, name, cvr) values ($1, $2, '29876543') returning id`,
    [slug, name],
  );
  const id = c.rows[0]!.id;
  const clubRows = await tx.query<{ id: string }>(
    `insert into public.clubs (community_id, name, description)
     select $1, c.name, c.description from unnest($2::text[], $3::text[]) with ordinality as c(name, description, ord)
     order by c.ord returning id`,
    [id, clubs.map((c) => c[0]), clubs.map((c) => c[1])],
  );
  return { id, clubIds: clubRows.rows.map((r) => r.id) };
}

async function grantAdmin(tx: Queryable, community: string, userId: string): Promise<void> {
  await tx.query(
    `insert into public.memberships (community_id, user_id, role, areas, membership_manager)
     values ($1, $2, 'owner', enum_range(null::public.admin_area), true)
     on conflict (community_id, user_id) do update set role = 'owner', areas = excluded.areas, membership_manager = true`,
    [community, userId],
  );
}

async function storeCoachCprs(tx: Queryable, community: string, cprKey: string): Promise<string | undefined> {
  // CPR only where the law gives a reason: coaches need a børneattest (danish-context §3.2).
  // Inside a savepoint: should encryption fail (PGlite's pgcrypto has been seen to lose its
  // digests intermittently), the demo loads without CPR numbers instead of not at all.
  await tx.exec('savepoint demo_cpr');
  try {
    await tx.query(`select set_config('app.cpr_key', $1, true)`, [cprKey]);
    await tx.query(
      `select public.set_member_cpr(id, to_char(birth_date, 'DDMMYY') ||
                (case when extract(year from birth_date) >= 2000 then '4' else '1' end) || lpad((mid % 1000)::text, 3, '0'),
              'child_certificate')
       from public.members where community_id = $1 and 'træner' = any (roles) order by mid`,
      [community],
    );
    await tx.query(`select set_config('app.cpr_key', '', true)`);
    await tx.exec('release savepoint demo_cpr');
    return undefined;
  } catch (error) {
    await tx.exec('rollback to savepoint demo_cpr');
    return `CPR numbers not stored: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The platform's realtime capture triggers (one NOTIFY per changed row) are switched off
 * for the bulk load and back on before commit: nobody is listening to a fresh demo, and
 * tens of thousands of notifications would triple the seeding time.
 */
async function setChangeCapture(tx: Queryable, enabled: boolean): Promise<void> {
  const triggers = await tx.query<{ rel: string; name: string }>(
    `select tgrelid::regclass::text as rel, tgname as name from pg_trigger
     where not tgisinternal and tgfoid = to_regproc('realtime.capture_change') order by 1`,
  );
  for (const t of triggers.rows) {
    await tx.exec(
      `alter table ${t.rel} ${enabled ? 'enable' : 'disable'} trigger "${t.name.replace(/"/g, '""')}"`,
    );
  }
}

export async function seedDemo(db: Database, options: DemoOptions): Promise<DemoResult> {
  const started = Date.now();
  const random = createRandom(options.seed ?? 2026);
  const adminEmail = options.adminEmail ?? demoAdminEmail;
  const adminPassword = options.adminPassword ?? demoAdminPassword;
  const members = Math.max(10, Math.floor(options.members));
  const accounts = Math.min(members, options.accounts ?? Math.min(200, members));
  const today = new Date();
  today.setUTCHours(12, 0, 0, 0);

  const steps: Record<string, number> = {};
  let mark = Date.now();
  const step = (name: string) => {
    steps[name] = Date.now() - mark;
    mark = Date.now();
  };
  return db.transaction(async (tx) => {
    await tx.query(`select setseed($1)`, [((options.seed ?? 2026) % 1000) / 1000]);
    await setChangeCapture(tx, false);
    const passwordHash = await hashPassword(tx, adminPassword);
    const main = await createCommunity(tx, 'sondervang-if', 'Søndervang IF');
    const [adminId] = await createUsers(
      tx,
      [{ email: adminEmail, fullName: 'Klubbens administrator' }],
      passwordHash,
    );
    await grantAdmin(tx, main.id, adminId!);

    const rows = buildMembers(random, members, 'example.dk', today);
    const userIds = await createUsers(
      tx,
      rows.slice(0, accounts).map((r) => ({ email: r.email, fullName: `${r.firstName} ${r.lastName}` })),
      passwordHash,
    );
    userIds.forEach((id, i) => (rows[i]!.userId = id));
    step('users');
    await insertMembers(tx, main.id, main.clubIds, rows);
    step('members');
    await tx.query(
      `insert into public.members (community_id, user_id, first_name, last_name, email, roles)
       values ($1, $2, 'Klubbens', 'administrator', $3, '{bestyrelse}')`,
      [main.id, adminId, adminEmail],
    );

    await seedTagsAndGroups(tx, main.id, main.clubIds);
    step('groups');
    const notes: string[] = [];
    const cprNote = options.cprKey ? await storeCoachCprs(tx, main.id, options.cprKey) : 'no CPR key given';
    if (cprNote) notes.push(cprNote);
    step('cpr');
    await seedEvents(tx, main.id, main.clubIds, Math.max(60, Math.round(members / 40)), members);
    step('events');
    await seedNews(tx, main.id, adminId!, Math.max(20, Math.round(members / 250)));
    step('news');
    await seedBooking(tx, main.id, main.clubIds, Math.max(100, Math.round(members / 4)));
    step('booking');
    await seedOrders(tx, main.id, Math.max(20, Math.round(members / 20)));
    step('orders');
    await seedBilling(tx, main.id);
    step('billing');
    // This period's fees of the paid groups, as the billing admin's monthly run makes them.
    await tx.query(`select count(*) from public.invoice_group_fees($1, current_date)`, [main.id]);
    step('group fees');
    await seedVolunteerCreditRule(tx, main.id);
    step('volunteer credit');
    await seedKnowledgeBase(tx, main.id, adminId!);
    step('knowledge base');

    // A second, small community: the admin belongs to both, to show switching communities.
    const second = await createCommunity(tx, 'havnens-sejlklub', 'Havnens Sejlklub');
    await grantAdmin(tx, second.id, adminId!);
    await insertMembers(tx, second.id, second.clubIds, buildMembers(random, 30, 'example.dk', today));

    await setChangeCapture(tx, true);
    const counted = await tx.query<{ name: string; n: string }>(
      `select 'members' as name, count(*)::text as n from public.members union all
       select 'events', count(*)::text from public.events union all
       select 'ticket_purchases', count(*)::text from public.ticket_purchases union all
       select 'volunteer_signups', count(*)::text from public.volunteer_signups union all
       select 'news_posts', count(*)::text from public.news_posts union all
       select 'group_members', count(*)::text from public.group_members union all
       select 'bookings', count(*)::text from public.bookings union all
       select 'orders', count(*)::text from public.orders union all
       select 'invoices', count(*)::text from public.invoices union all
       select 'group_fee_charges', count(*)::text from public.group_fee_charges union all
       select 'kb_articles', count(*)::text from public.kb_articles union all
       select 'users', count(*)::text from auth.users order by 1`,
    );
    return {
      community: main.id,
      slug: 'sondervang-if',
      adminEmail,
      adminPassword,
      memberEmails: rows.slice(0, accounts).map((r) => r.email),
      counts: Object.fromEntries(counted.rows.map((r) => [r.name, Number(r.n)])),
      notes,
      steps,
      millis: Date.now() - started,
    };
  });
}

/** Loads the small demo when the database has no community yet; returns null otherwise. */
export async function loadDemoIfEmpty(
  db: Database,
  options: { cprKey?: string; members?: number },
): Promise<DemoResult | null> {
  const existing = await db.query<{ n: string }>('select count(*)::text as n from public.communities');
  if (existing.rows[0]?.n !== '0') return null;
  return seedDemo(db, { members: options.members ?? 250, cprKey: options.cprKey });
}
