// Places are taken only through the functions that keep a ticket type's limits (decision 1071):
// an event administrator reads purchases and their add-ons but cannot insert, change or delete
// them directly, which would go around the limit (an insert or a raised quantity oversells).
// The functions still work for the same administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let ticket: string;
let option: string;
let purchase: string;

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  world = await createWorld();
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '1 day', now() + interval '1 day 4 hours', 'published', 'members')
     returning id`,
    [world.communityA],
  );
  ticket = await one(
    `insert into tickets (community_id, event_id, name, price_ore, participant_limit)
     values ($1, $2, 'Voksen', 0, 2) returning id`,
    [world.communityA, event],
  );
  const addon = await one(
    `insert into event_addons (community_id, event_id, name) values ($1, $2, 'Middag') returning id`,
    [world.communityA, event],
  );
  option = await one(
    `insert into addon_options (community_id, addon_id, title, price_ore) values ($1, $2, 'Fisk', 0) returning id`,
    [world.communityA, addon],
  );
  const [added] = await world.as<{ id: string }>(
    'eventAdminA',
    'select add_event_participant($1, $2, 1, $3, null, null, $4) as id',
    [world.communityA, ticket, world.memberOf.memberA, 'complimentary'],
  );
  purchase = added!.id;
  await world.db.query(
    `insert into purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
     values ($1, $2, $3, 1, 0)`,
    [world.communityA, purchase, option],
  );
});
afterAll(async () => {
  await world?.close();
});

const stored = async () =>
  (
    await world.db.query<{ quantity: number; status: string; addons: number }>(
      `select p.quantity, p.status::text,
              (select coalesce(sum(a.quantity), 0)::int from purchase_addons a where a.purchase_id = p.id) as addons
       from ticket_purchases p where p.id = $1`,
      [purchase],
    )
  ).rows[0];

describe('an event administrator writing ticket purchases directly', () => {
  it('still reads the purchase and its add-on', async () => {
    expect(
      await world.as('eventAdminA', 'select id from ticket_purchases where id = $1', [purchase]),
    ).toHaveLength(1);
    expect(
      await world.as('eventAdminA', 'select id from purchase_addons where purchase_id = $1', [purchase]),
    ).toHaveLength(1);
  });

  it('cannot insert a purchase, which would take places past the limit', async () => {
    const code = await failureOf(
      world.as(
        'eventAdminA',
        `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, unit_price_ore, total_ore)
         select community_id, event_id, id, $2, 5, 0, 0 from tickets where id = $1`,
        [ticket, world.memberOf.memberA],
      ),
    );
    expect(code).toBe('42501');
    const count = await world.db.query<{ n: number }>(
      'select count(*)::int as n from ticket_purchases where ticket_id = $1',
      [ticket],
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('cannot raise a quantity, cancel or delete a purchase, or touch its add-ons', async () => {
    const before = await stored();
    expect(before).toEqual({ quantity: 1, status: 'active', addons: 1 });
    // RLS hides the row from writes: nothing matches, nothing changes.
    expect(
      await world.as('eventAdminA', 'update ticket_purchases set quantity = 9 where id = $1 returning id', [
        purchase,
      ]),
    ).toEqual([]);
    expect(
      await world.as(
        'eventAdminA',
        `update ticket_purchases set status = 'cancelled' where id = $1 returning id`,
        [purchase],
      ),
    ).toEqual([]);
    expect(
      await world.as('eventAdminA', 'delete from purchase_addons where purchase_id = $1 returning id', [
        purchase,
      ]),
    ).toEqual([]);
    expect(
      await world.as(
        'eventAdminA',
        'update purchase_addons set quantity = 7 where purchase_id = $1 returning id',
        [purchase],
      ),
    ).toEqual([]);
    expect(
      await failureOf(
        world.as(
          'eventAdminA',
          `insert into purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
           values ($1, $2, $3, 3, 0)`,
          [world.communityA, purchase, option],
        ),
      ),
    ).toBe('42501');
    expect(
      await world.as('eventAdminA', 'delete from ticket_purchases where id = $1 returning id', [purchase]),
    ).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('still adds a participant through the function, which keeps the limit', async () => {
    const [added] = await world.as<{ id: string }>(
      'eventAdminA',
      'select add_event_participant($1, $2, 1, null, $3, $4, $5) as id',
      [world.communityA, ticket, 'Bo Gæst', 'bo@example.dk', 'complimentary'],
    );
    expect(added!.id).toMatch(/^[0-9a-f-]{36}$/);
    // The ticket type holds two places; both are now taken.
    expect(
      await failureOf(
        world.as('eventAdminA', 'select add_event_participant($1, $2, 1, null, $3, $4, $5) as id', [
          world.communityA,
          ticket,
          'Ea Gæst',
          'ea@example.dk',
          'complimentary',
        ]),
      ),
    ).not.toBe('succeeded');
  });
});
