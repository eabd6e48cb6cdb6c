// The cells of the RLS matrix: for each table or function and operation, the actors that
// are allowed; every other actor must be denied. Read by ../rls-matrix.test.ts.
import { adminAreas, type Actor } from './domain-world';
import type { MatrixRows } from './matrix-fixture';

export type Op = 'select' | 'insert' | 'update' | 'delete' | 'call';
export type Ids = MatrixRows & { a: string; b: string; adminBUser: string; eventAdminUser: string };
export interface Cell {
  target: string;
  op: Op;
  sql: (ids: Ids) => { sql: string; params: unknown[] };
  allowed: Actor[];
}

const areaAdmins = adminAreas.map((area) => `${area}AdminA` as Actor);
export const everyActor: Actor[] = [
  'anon',
  'memberA',
  ...areaAdmins,
  'managerA',
  'ownerA',
  'adminB',
  'service',
];
export const adminsA: Actor[] = [...areaAdmins, 'managerA', 'ownerA', 'service'];
export const everyoneInA: Actor[] = ['memberA', ...adminsA];
export const only = (...actors: Actor[]): Actor[] => [...actors, 'service'];

export const q = (sql: string, pick: (ids: Ids) => unknown[]) => (ids: Ids) => ({ sql, params: pick(ids) });

export const matrix: Cell[] = [
  {
    target: 'communities',
    op: 'select',
    sql: q('select id from communities where id = $1', (i) => [i.a]),
    allowed: everyActor,
  },
  {
    target: 'communities',
    op: 'update',
    sql: q(`update communities set name = 'Alpha IF 2' where id = $1 returning id`, (i) => [i.a]),
    allowed: only('ownerA'),
  },
  {
    target: 'clubs',
    op: 'select',
    sql: q('select id from clubs where id = $1', (i) => [i.club]),
    allowed: everyoneInA,
  },
  {
    target: 'clubs',
    op: 'insert',
    sql: q(`insert into clubs (community_id, name) values ($1, 'Håndbold') returning id`, (i) => [i.a]),
    allowed: only('ownerA'),
  },
  {
    target: 'memberships',
    op: 'select',
    sql: q('select id from memberships where community_id = $1 and user_id = $2', (i) => [
      i.a,
      i.eventAdminUser,
    ]),
    allowed: only('ownerA', 'memberAdminA', 'managerA', 'eventAdminA'),
  },
  {
    target: 'memberships',
    op: 'insert',
    sql: q(
      `insert into memberships (community_id, user_id, areas) values ($1, $2, '{event}') returning id`,
      (i) => [i.a, i.adminBUser],
    ),
    allowed: only('ownerA'),
  },
  {
    target: 'members',
    op: 'select',
    sql: q('select id, cpr_masked from members where id = $1', (i) => [i.otherMember]),
    allowed: only('memberAdminA', 'managerA', 'ownerA'),
  },
  {
    target: 'member_directory',
    op: 'select',
    sql: q('select id from member_directory where id = $1', (i) => [i.otherMember]),
    allowed: adminsA,
  },
  {
    // Ole is in a group of A and in no event or booking: only the member and group areas see
    // how to reach him.
    target: 'member_directory (contact of a group member)',
    op: 'select',
    sql: q('select id from member_directory where id = $1 and email is not null', (i) => [i.otherMember]),
    allowed: only('memberAdminA', 'managerA', 'ownerA', 'groupAdminA'),
  },
  {
    target: 'members',
    op: 'insert',
    sql: q(`insert into members (community_id, first_name) values ($1, 'Ny') returning id`, (i) => [i.a]),
    allowed: only('memberAdminA', 'managerA'),
  },
  {
    target: 'members',
    op: 'update',
    sql: q(`update members set city = 'Odense' where id = $1 returning id`, (i) => [i.otherMember]),
    allowed: only('memberAdminA', 'managerA'),
  },
  {
    target: 'members',
    op: 'delete',
    sql: q('delete from members where id = $1 returning id', (i) => [i.otherMember]),
    allowed: only('memberAdminA', 'managerA'),
  },
  {
    target: 'member_cpr',
    op: 'select',
    sql: q('select member_id from member_cpr where member_id = $1', (i) => [i.otherMember]),
    allowed: only(),
  },
  {
    target: 'cpr_audit',
    op: 'select',
    sql: q('select id from cpr_audit where community_id = $1', (i) => [i.a]),
    allowed: only('managerA'),
  },
  {
    target: 'cpr_audit',
    op: 'insert',
    sql: q(`insert into cpr_audit (community_id, action) values ($1, 'reveal') returning id`, (i) => [i.a]),
    allowed: only(),
  },
  {
    target: 'reveal_member_cpr()',
    op: 'call',
    sql: q(`select reveal_member_cpr($1, 'Kontrol') as cpr`, (i) => [i.otherMember]),
    allowed: only('managerA'),
  },
  {
    target: 'find_member_by_cpr()',
    op: 'call',
    sql: q(`select id from find_member_by_cpr($1, '010190-1234')`, (i) => [i.a]),
    allowed: only('managerA'),
  },
  {
    target: 'set_member_cpr()',
    op: 'call',
    sql: q(`select set_member_cpr($1, '0202021234') as masked`, (i) => [i.otherMember]),
    allowed: only('managerA'),
  },
  {
    target: 'lookup_members()',
    op: 'call',
    sql: q(`select id from lookup_members($1, 'Ole')`, (i) => [i.a]),
    allowed: only('memberAdminA', 'managerA', 'ownerA'),
  },
  {
    target: 'lookup_member_directory()',
    op: 'call',
    sql: q(`select id from lookup_member_directory($1, 'Ole')`, (i) => [i.a]),
    allowed: adminsA,
  },
  {
    target: 'events (published, members)',
    op: 'select',
    sql: q('select id from events where id = $1', (i) => [i.publishedEvent]),
    allowed: everyoneInA,
  },
  {
    target: 'events (published, public)',
    op: 'select',
    sql: q('select id from events where id = $1', (i) => [i.publicEvent]),
    allowed: everyActor,
  },
  {
    target: 'events (published, invite only to a group)',
    op: 'select',
    sql: q('select id from events where id = $1', (i) => [i.inviteOnlyEvent]),
    allowed: only('eventAdminA', 'managerA'),
  },
  {
    target: 'events (published, hidden)',
    op: 'select',
    sql: q('select id from events where id = $1', (i) => [i.hiddenEvent]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'events (draft)',
    op: 'select',
    sql: q('select id from events where id = $1', (i) => [i.draftEvent]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'events',
    op: 'insert',
    sql: q(
      `insert into events (community_id, title, starts_at) values ($1, 'Ny', now()) returning id`,
      (i) => [i.a],
    ),
    allowed: only('eventAdminA'),
  },
  {
    target: 'events',
    op: 'update',
    sql: q(`update events set location = 'Hallen' where id = $1 returning id`, (i) => [i.publishedEvent]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'events',
    op: 'delete',
    sql: q('delete from events where id = $1 returning id', (i) => [i.draftEvent]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'tickets',
    op: 'select',
    sql: q('select id from tickets where id = $1', (i) => [i.ticket]),
    allowed: everyoneInA,
  },
  {
    target: 'tickets',
    op: 'update',
    sql: q('update tickets set price_ore = 1 where id = $1 returning id', (i) => [i.ticket]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'event_addons',
    op: 'select',
    sql: q('select id from event_addons where id = $1', (i) => [i.addon]),
    allowed: everyoneInA,
  },
  {
    target: 'volunteer_jobs',
    op: 'select',
    sql: q('select id from volunteer_jobs where id = $1', (i) => [i.job]),
    allowed: everyoneInA,
  },
  {
    target: 'ticket_purchases',
    op: 'select',
    sql: q('select id from ticket_purchases where id = $1', (i) => [i.purchase]),
    allowed: only('eventAdminA', 'managerA'),
  },
  {
    target: 'ticket_purchases',
    op: 'insert',
    sql: q(
      `insert into ticket_purchases (community_id, event_id, ticket_id, member_id) select community_id, event_id, ticket_id, member_id from ticket_purchases where id = $1 returning id`,
      (i) => [i.purchase],
    ),
    // Places are taken only through the functions that keep the limits, event admins included.
    allowed: only(),
  },
  {
    target: 'ticket_purchases',
    op: 'update',
    sql: q('update ticket_purchases set quantity = quantity + 1 where id = $1 returning id', (i) => [
      i.purchase,
    ]),
    allowed: only(),
  },
  {
    target: 'volunteer_signups',
    op: 'select',
    sql: q('select id from volunteer_signups where id = $1', (i) => [i.signup]),
    allowed: only('eventAdminA', 'managerA'),
  },
  {
    target: 'volunteer_signups',
    op: 'update',
    sql: q('update volunteer_signups set checked_in_at = now() where id = $1 returning id', (i) => [
      i.signup,
    ]),
    allowed: only('eventAdminA'),
  },
  {
    target: 'news_posts',
    op: 'select',
    sql: q('select id from news_posts where id = $1', (i) => [i.post]),
    allowed: everyoneInA,
  },
  {
    target: 'news_posts',
    op: 'insert',
    sql: q(`insert into news_posts (community_id, title) values ($1, 'Ny') returning id`, (i) => [i.a]),
    allowed: only('newsAdminA'),
  },
  {
    target: 'news_comments',
    op: 'select',
    sql: q('select id from news_comments where id = $1', (i) => [i.comment]),
    allowed: everyoneInA,
  },
  {
    target: 'news_comments',
    op: 'delete',
    sql: q('delete from news_comments where id = $1 returning id', (i) => [i.comment]),
    allowed: only('newsAdminA'),
  },
  {
    target: 'comment_on_post()',
    op: 'call',
    sql: q(`select comment_on_post($1, 'Hej') as id`, (i) => [i.post]),
    allowed: ['memberA', 'managerA', 'newsAdminA'],
  },
  {
    target: 'groups',
    op: 'select',
    sql: q('select id from groups where id = $1', (i) => [i.group]),
    allowed: everyoneInA,
  },
  {
    target: 'groups',
    op: 'update',
    sql: q('update groups set archived = true where id = $1 returning id', (i) => [i.group]),
    allowed: only('groupAdminA'),
  },
  {
    target: 'group_members',
    op: 'select',
    sql: q('select id from group_members where id = $1', (i) => [i.groupMember]),
    allowed: only('groupAdminA', 'managerA'),
  },
  {
    target: 'join_group()',
    op: 'call',
    sql: q('select join_group($1) as id', (i) => [i.group]),
    allowed: ['memberA'],
  },
  {
    target: 'tags',
    op: 'select',
    sql: q('select id from tags where id = $1', (i) => [i.tag]),
    allowed: adminsA,
  },
  {
    target: 'tags',
    op: 'insert',
    sql: q(`insert into tags (community_id, name) values ($1, 'Ny') returning id`, (i) => [i.a]),
    // Tags are made by the areas they classify (members, groups, events) and owners (decision 1053).
    allowed: only('memberAdminA', 'groupAdminA', 'eventAdminA', 'managerA', 'ownerA'),
  },
  {
    target: 'member_tags',
    op: 'select',
    sql: q('select tag_id from member_tags where tag_id = $1', (i) => [i.tag]),
    allowed: adminsA,
  },
  {
    target: 'booking_products',
    op: 'select',
    sql: q('select id from booking_products where id = $1', (i) => [i.product]),
    allowed: everyoneInA,
  },
  {
    target: 'booking_products',
    op: 'insert',
    sql: q(`insert into booking_products (community_id, name) values ($1, 'Bane 2') returning id`, (i) => [
      i.a,
    ]),
    allowed: only('bookingAdminA'),
  },
  {
    target: 'bookings',
    op: 'select',
    sql: q('select id from bookings where id = $1', (i) => [i.booking]),
    allowed: only('bookingAdminA', 'managerA'),
  },
  {
    target: 'bookings',
    op: 'update',
    sql: q(`update bookings set status = 'checked_in' where id = $1 returning id`, (i) => [i.booking]),
    allowed: only('bookingAdminA'),
  },
  {
    target: 'orders',
    op: 'select',
    sql: q('select id from orders where id = $1', (i) => [i.order]),
    allowed: only('bookingAdminA', 'managerA'),
  },
  {
    target: 'orders',
    op: 'update',
    sql: q(`update orders set status = 'sent_to_customer' where id = $1 returning id`, (i) => [i.order]),
    allowed: only('bookingAdminA'),
  },
  {
    target: 'billing_plans',
    op: 'select',
    sql: q('select id from billing_plans where id = $1', (i) => [i.plan]),
    allowed: everyoneInA,
  },
  {
    target: 'billing_plans',
    op: 'insert',
    sql: q(
      `insert into billing_plans (community_id, name, price_ore) values ($1, 'Passiv', 30000) returning id`,
      (i) => [i.a],
    ),
    allowed: only('billingAdminA'),
  },
  {
    target: 'payment_terms',
    op: 'select',
    sql: q('select id from payment_terms where id = $1', (i) => [i.terms]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'billing_accounts',
    op: 'select',
    sql: q('select id from billing_accounts where id = $1', (i) => [i.account]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'invoices',
    op: 'select',
    sql: q('select id from invoices where id = $1', (i) => [i.invoice]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'invoices',
    op: 'update',
    sql: q(`update invoices set status = 'issued' where id = $1 returning number`, (i) => [i.invoice]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'invoice_lines',
    op: 'select',
    sql: q('select id from invoice_lines where invoice_id = $1', (i) => [i.invoice]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'redirects',
    op: 'select',
    sql: q('select id from redirects where id = $1', (i) => [i.redirect]),
    allowed: only('ownerA'),
  },
  {
    target: 'redirects',
    op: 'insert',
    sql: q(
      `insert into redirects (community_id, from_path, to_url) values ($1, '/x', '/y') returning id`,
      (i) => [i.a],
    ),
    allowed: only('ownerA'),
  },
  {
    target: 'resolve_redirect()',
    op: 'call',
    sql: q(
      `select resolve_redirect('/DA/alpha-if/gammel/') as target where resolve_redirect('/da/alpha-if/gammel') is not null`,
      () => [],
    ),
    allowed: everyActor,
  },
  {
    target: 'analytics_members_over_time()',
    op: 'call',
    sql: q(`select * from analytics_members_over_time($1, current_date - 90, current_date)`, (i) => [i.a]),
    allowed: only('analyticsAdminA'),
  },
  {
    target: 'analytics_event_attendance()',
    op: 'call',
    sql: q(`select * from analytics_event_attendance($1, current_date, current_date + 60)`, (i) => [i.a]),
    allowed: only('analyticsAdminA'),
  },
  {
    target: 'publish_due_releases()',
    op: 'call',
    sql: q('select publish_due_releases() as n', () => []),
    allowed: only(),
  },
  {
    target: 'storage: event-images',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('event-images', $1 || '/fest.png') returning id`,
      (i) => [i.a],
    ),
    allowed: only('eventAdminA'),
  },
  {
    target: 'storage: event-images (gif refused)',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('event-images', $1 || '/fest.gif') returning id`,
      (i) => [i.a],
    ),
    allowed: only(),
  },
  {
    target: 'storage: group-covers',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('group-covers', $1 || '/hold.jpg') returning id`,
      (i) => [i.a],
    ),
    allowed: only('groupAdminA'),
  },
  {
    target: 'storage: product-images',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('product-images', $1 || '/bane.jpeg') returning id`,
      (i) => [i.a],
    ),
    allowed: only('bookingAdminA'),
  },
  {
    target: 'storage: community-logos',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('community-logos', $1 || '/logo.png') returning id`,
      (i) => [i.a],
    ),
    allowed: only('ownerA'),
  },
  {
    target: 'storage: community-logos (path outside a community)',
    op: 'insert',
    sql: q(
      `insert into storage.objects (bucket_id, name) values ('community-logos', 'not-a-community/logo.png') returning id`,
      () => [],
    ),
    allowed: only(),
  },
  {
    target: 'custom_access_token_hook()',
    op: 'call',
    sql: q(
      `select custom_access_token_hook(jsonb_build_object('user_id', $1::text, 'claims', '{}'::jsonb)) as c`,
      (i) => [i.adminBUser],
    ),
    allowed: only(),
  },
];
