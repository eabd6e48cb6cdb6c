// One row of every kind in community A, made directly in the database (trusted), so each
// cell of the RLS matrix has something to find, change or delete.
import type { World } from './domain-world';
import { addMember, cprKey } from './domain-world';

export interface MatrixRows {
  club: string;
  otherMember: string;
  publishedEvent: string;
  draftEvent: string;
  publicEvent: string;
  inviteOnlyEvent: string;
  hiddenEvent: string;
  ticket: string;
  addon: string;
  job: string;
  purchase: string;
  signup: string;
  post: string;
  comment: string;
  group: string;
  groupMember: string;
  tag: string;
  product: string;
  booking: string;
  order: string;
  plan: string;
  terms: string;
  account: string;
  invoice: string;
  redirect: string;
  paidGroup: string;
  kbCategory: string;
  kbPublicArticle: string;
  kbMembersArticle: string;
  kbAdminsArticle: string;
  kbDraftArticle: string;
  groupFeeCharge: string;
}

export async function createMatrixRows(world: World): Promise<MatrixRows> {
  const { db, communityA: a } = world;
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  const manager = world.memberOf.managerA!;
  const club = await one(`insert into clubs (community_id, name) values ($1, 'Fodbold') returning id`, [a]);
  const otherMember = await addMember(db, a, 'Ole');
  // The CPR is set as the service role would; the matrix then checks who can read it back.
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('app.cpr_key', $1, true)`, [cprKey]);
    await tx.query(`select set_member_cpr($1, '0101901234', 'consent')`, [otherMember]);
  });
  const publishedEvent = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '30 days', 'published', 'members') returning id`,
    [a],
  );
  const draftEvent = await one(
    `insert into events (community_id, title, starts_at) values ($1, 'Kladde', now() + interval '40 days') returning id`,
    [a],
  );
  const publicEvent = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Åbent hus', now() + interval '20 days', 'published', 'public') returning id`,
    [a],
  );
  const inviteOnlyEvent = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Holdfest', now() + interval '21 days', 'published', 'invite_only') returning id`,
    [a],
  );
  const hiddenEvent = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Intern', now() + interval '22 days', 'published', 'hidden') returning id`,
    [a],
  );
  const ticket = await one(
    `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Voksen', 100, 15000)
     returning id`,
    [a, publishedEvent],
  );
  const addon = await one(
    `insert into event_addons (community_id, event_id, name) values ($1, $2, 'Mad') returning id`,
    [a, publishedEvent],
  );
  await db.query(
    `insert into addon_options (community_id, addon_id, title, price_ore) values ($1, $2, 'Buffet', 9500)`,
    [a, addon],
  );
  const job = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Bar', 4) returning id`,
    [a, publishedEvent],
  );
  const purchase = await one(
    `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, unit_price_ore, total_ore)
     values ($1, $2, $3, $4, 15000, 15000) returning id`,
    [a, publishedEvent, ticket, manager],
  );
  const signup = await one(
    `insert into volunteer_signups (community_id, job_id, member_id) values ($1, $2, $3) returning id`,
    [a, job, manager],
  );
  const post = await one(
    `insert into news_posts (community_id, title, content, status, visibility) values ($1, 'Nyt', '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Tekst"}]}]}', 'published', 'members')
     returning id`,
    [a],
  );
  const comment = await one(
    `insert into news_comments (community_id, post_id, member_id, author_name, body) values ($1, $2, $3, 'Morten', 'Fint')
     returning id`,
    [a, post, manager],
  );
  const group = await one(`insert into groups (community_id, title) values ($1, 'Senior') returning id`, [a]);
  const groupMember = await one(
    `insert into group_members (community_id, group_id, member_id) values ($1, $2, $3) returning id`,
    [a, group, manager],
  );
  await db.query(`insert into event_invitations (community_id, event_id, group_id) values ($1, $2, $3)`, [
    a,
    inviteOnlyEvent,
    group,
  ]);
  const tag = await one(`insert into tags (community_id, name) values ($1, 'Frivillig') returning id`, [a]);
  await db.query(`insert into member_tags (community_id, member_id, tag_id) values ($1, $2, $3)`, [
    a,
    otherMember,
    tag,
  ]);
  const product = await one(
    `insert into booking_products (community_id, name) values ($1, 'Bane 1') returning id`,
    [a],
  );
  await db.query(
    `insert into product_availability (community_id, product_id, weekday, starts_at, ends_at)
     select $1, $2, d, '08:00', '22:00' from generate_series(1, 7) d`,
    [a, product],
  );
  const booking = await one(
    `insert into bookings (community_id, product_id, member_id, starts_at, ends_at)
     values ($1, $2, $3, now() + interval '2 days', now() + interval '2 days 1 hour') returning id`,
    [a, product, manager],
  );
  const order = await one(
    `insert into orders (community_id, product_id, product_name, member_id, amount_ore) values ($1, $2, 'Bane 1', $3, 20000)
     returning id`,
    [a, product, manager],
  );
  const plan = await one(
    `insert into billing_plans (community_id, name, price_ore) values ($1, 'Kontingent', 120000) returning id`,
    [a],
  );
  const terms = await one(
    `insert into payment_terms (community_id, name, days_due, is_default) values ($1, 'Netto 14', 14, true) returning id`,
    [a],
  );
  const account = await one(
    `insert into billing_accounts (community_id, name, member_id, plan_id, payment_terms_id) values ($1, 'Ole', $2, $3, $4)
     returning id`,
    [a, otherMember, plan, terms],
  );
  const invoice = await one(`insert into invoices (community_id, account_id) values ($1, $2) returning id`, [
    a,
    account,
  ]);
  await db.query(
    `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Kontingent', 120000)`,
    [a, invoice],
  );
  const redirect = await one(
    `insert into redirects (community_id, from_path, to_url) values ($1, '/da/alpha-if/gammel', '/da/alpha-if/news')
     returning id`,
    [a],
  );
  // A paid group with a member, billed once for this period; the matrix bills a later one.
  const paidGroup = await one(
    `insert into groups (community_id, title, payment_frequency, price_ore) values ($1, 'Motion', 'monthly', 25000)
     returning id`,
    [a],
  );
  await db.query(`insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`, [
    a,
    paidGroup,
    otherMember,
  ]);
  await db.query(`select count(*) from invoice_group_fees($1, current_date)`, [a]);
  const groupFeeCharge = await one(`select id from group_fee_charges where group_id = $1`, [paidGroup]);
  const kbCategory = await one(
    `insert into kb_categories (community_id, name) values ($1, 'Medlemskab') returning id`,
    [a],
  );
  const article = (slug: string, visibility: string, status: string) =>
    one(
      `insert into kb_articles (community_id, category_id, slug, title, body, visibility, status)
       values ($1, $2, $3, 'Sådan ' || $3, '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Tekst"}]}]}', $4, $5) returning id`,
      [a, kbCategory, slug, visibility, status],
    );
  const kbPublicArticle = await article('offentlig', 'public', 'published');
  const kbMembersArticle = await article('medlemmer', 'members', 'published');
  const kbAdminsArticle = await article('admins', 'admins', 'published');
  const kbDraftArticle = await article('kladde', 'members', 'draft');
  return {
    paidGroup,
    kbCategory,
    kbPublicArticle,
    kbMembersArticle,
    kbAdminsArticle,
    kbDraftArticle,
    groupFeeCharge,
    club,
    otherMember,
    publishedEvent,
    draftEvent,
    publicEvent,
    inviteOnlyEvent,
    hiddenEvent,
    ticket,
    addon,
    job,
    purchase,
    signup,
    post,
    comment,
    group,
    groupMember,
    tag,
    product,
    booking,
    order,
    plan,
    terms,
    account,
    invoice,
    redirect,
  };
}
