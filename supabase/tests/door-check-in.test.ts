// Door check-in (decision 1070): an event administrator's scan of a ticket's signed code admits
// it exactly once, whatever the number of doors scanning it at the same moment, and names why
// anything else is refused (already used and when, another event, refunded, unpaid, not valid);
// the name-search fallback and the offline sync go through the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

interface Verdict {
  verdict: string;
  purchase_id?: string;
  name?: string;
  ticket_name?: string;
  checked_in_at?: string;
  event_title?: string;
  index?: number;
  conflict?: boolean;
}

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function eventWithTicket(community: string, price = 0, title = 'Sommerfest') {
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, $2, now() + interval '1 hour', now() + interval '5 hours', 'published', 'members') returning id`,
    [community, title],
  );
  const ticket = await one(
    `insert into tickets (community_id, event_id, name, price_ore) values ($1, $2, 'Voksen', $3) returning id`,
    [community, event, price],
  );
  return { event, ticket };
}

let keyNo = 0;
/** A member buys the ticket through the checkout; the purchase and its signed code. */
async function buy(user: string, ticket: string, community = world.communityA) {
  const answer = (
    await world.asUser<{ a: { order_id: string } }>(user, 'select start_checkout($1, $2::jsonb, $3) as a', [
      community,
      JSON.stringify([{ kind: 'ticket', ticket_id: ticket }]),
      `door-${keyNo++}`,
    ])
  )[0]!.a;
  const purchase = (
    await world.db.query<{ purchase_id: string }>(
      `select purchase_id from order_lines where order_id = $1 and kind = 'ticket'`,
      [answer.order_id],
    )
  ).rows[0]!.purchase_id;
  const code = (
    await world.asUser<{ purchase_id: string; code: string }>(user, 'select * from my_ticket_codes($1)', [
      community,
    ])
  ).find((c) => c.purchase_id === purchase)!.code;
  return { purchase, code };
}

const scan = async (
  event: string,
  code: string,
  actor: 'eventAdminA' | 'adminB' = 'eventAdminA',
  community = world.communityA,
) =>
  (
    await world.as<{ v: Verdict }>(actor, 'select admit_ticket($1, $2, $3) as v', [community, event, code])
  )[0]!.v;

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 4);
});
afterAll(async () => {
  await world?.close();
});

describe('admit_ticket', () => {
  it('admits a valid ticket once and refuses the second scan with the time of the first', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const { purchase, code } = await buy(buyers[0]!, ticket);
    const first = await scan(event, code);
    expect(first).toMatchObject({
      verdict: 'admitted',
      purchase_id: purchase,
      name: 'Køber Nr 1',
      ticket_name: 'Voksen',
    });
    const second = await scan(event, code);
    expect(second).toMatchObject({ verdict: 'already_used', purchase_id: purchase });
    expect(new Date(second.checked_in_at!).getTime()).toBe(new Date(first.checked_in_at!).getTime());
    // Whitespace a scanner adds around the text does not change the answer.
    expect((await scan(event, ` ${code}\n`)).verdict).toBe('already_used');

    // Undone by an administrator, the ticket can be scanned again.
    await world.as('eventAdminA', 'select undo_admission($1, $2)', [world.communityA, purchase]);
    expect((await scan(event, code)).verdict).toBe('admitted');
  });

  it('refuses a ticket for another event, naming that event', async () => {
    const a = await eventWithTicket(world.communityA, 0, 'Sommerfest');
    const b = await eventWithTicket(world.communityA, 0, 'Generalforsamling');
    const { code } = await buy(buyers[1]!, b.ticket);
    expect(await scan(a.event, code)).toMatchObject({
      verdict: 'wrong_event',
      event_title: 'Generalforsamling',
    });
    // The refusal admitted nothing: at its own event the ticket still gets in.
    expect((await scan(b.event, code)).verdict).toBe('admitted');
  });

  it('refuses a cancelled (refunded) ticket and one whose checkout was never paid', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const { purchase, code } = await buy(buyers[2]!, ticket);
    await world.asUser(buyers[2]!, 'select cancel_ticket($1)', [purchase]);
    expect((await scan(event, code)).verdict).toBe('refunded');

    const paid = await eventWithTicket(world.communityA, 15000);
    const held = await buy(buyers[2]!, paid.ticket);
    expect((await scan(paid.event, held.code)).verdict).toBe('unpaid');
    const checkedIn = await world.db.query<{ n: string }>(
      `select count(*)::text as n from ticket_purchases where id = any($1) and checked_in_at is not null`,
      [[purchase, held.purchase]],
    );
    expect(checkedIn.rows[0]!.n).toBe('0');
  });

  it('refuses forged, altered, malformed codes and another community’s codes as not valid', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const { purchase, code } = await buy(buyers[3]!, ticket);
    const signature = code.split('.')[2]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const hex = purchase.replaceAll('-', '');
    for (const bad of [
      `KT1.${hex}.${flipped}`,
      `KT1.${'0'.repeat(32)}.${signature}`,
      'KT1',
      '',
      'https://example.dk',
      code.toUpperCase(),
    ])
      expect((await scan(event, bad)).verdict, bad).toBe('not_valid');

    // A genuine code of community B scanned at community A's door, and the other way round.
    const b = await eventWithTicket(world.communityB);
    const codeB = (await buy(world.users.adminB, b.ticket, world.communityB)).code;
    expect((await scan(event, codeB)).verdict).toBe('not_valid');
    expect((await scan(b.event, code, 'adminB', world.communityB)).verdict).toBe('not_valid');
    // None of it admitted the genuine ticket.
    expect((await scan(event, code)).verdict).toBe('admitted');
  });

  it('is refused to anyone but an administrator of the community’s events area', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const { purchase, code } = await buy(buyers[0]!, ticket);
    const args = [world.communityA, event, code];
    for (const actor of ['memberA', 'managerA', 'bookingAdminA', 'adminB'] as const) {
      expect(await failureOf(world.as(actor, 'select admit_ticket($1, $2, $3)', args)), actor).toBe(
        'not_allowed',
      );
      expect(
        await failureOf(
          world.as(actor, 'select admit_purchase($1, $2, $3)', [world.communityA, event, purchase]),
        ),
      ).toBe('not_allowed');
      expect(
        await failureOf(world.as(actor, 'select * from door_list($1, $2)', [world.communityA, event])),
      ).toBe('not_allowed');
      expect(
        await failureOf(
          world.as(actor, 'select sync_door_scans($1, $2, $3)', [world.communityA, event, '[]']),
        ),
      ).toBe('not_allowed');
      expect(
        await failureOf(world.as(actor, 'select undo_admission($1, $2)', [world.communityA, purchase])),
      ).toBe('not_allowed');
    }
    expect(await failureOf(world.as('anon', 'select admit_ticket($1, $2, $3)', args))).toBe('42501');
    // An administrator of B cannot reach A's event through B's community either.
    expect(
      await failureOf(world.as('adminB', 'select admit_ticket($1, $2, $3)', [world.communityB, event, code])),
    ).toBe('event_not_found');
    expect(
      await failureOf(
        world.as('memberA', 'select app_private.door_verdict($1, $2, $3, null)', [
          world.communityA,
          event,
          purchase,
        ]),
      ),
    ).toBe('42501');
    const state = await world.db.query<{ at: string | null }>(
      'select checked_in_at as at from ticket_purchases where id = $1',
      [purchase],
    );
    expect(state.rows[0]!.at).toBeNull();
  });

  it('admits exactly once when twenty doors scan the same code at the same moment', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const { code } = await buy(buyers[1]!, ticket);
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => scan(event, code)));
    const counts: Record<string, number> = {};
    for (const v of verdicts) counts[v.verdict] = (counts[v.verdict] ?? 0) + 1;
    expect(counts).toEqual({ admitted: 1, already_used: 19 });
    const admittedAt = verdicts.find((v) => v.verdict === 'admitted')!.checked_in_at;
    for (const v of verdicts)
      expect(new Date(v.checked_in_at!).getTime()).toBe(new Date(admittedAt!).getTime());
  });
});

describe('name search, door list and offline sync', () => {
  it('admit_purchase follows the same rule as a scan', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const other = await eventWithTicket(world.communityA);
    const { purchase, code } = await buy(buyers[2]!, ticket);
    const byId = (ev: string, id: string) =>
      world.as<{ v: Verdict }>('eventAdminA', 'select admit_purchase($1, $2, $3) as v', [
        world.communityA,
        ev,
        id,
      ]);
    expect((await byId(other.event, purchase))[0]!.v.verdict).toBe('wrong_event');
    expect((await byId(event, purchase))[0]!.v.verdict).toBe('admitted');
    expect((await byId(event, purchase))[0]!.v.verdict).toBe('already_used');
    expect((await scan(event, code)).verdict).toBe('already_used');
    expect((await byId(event, '00000000-0000-0000-0000-000000000000'))[0]!.v.verdict).toBe('not_valid');
  });

  it('lists the event’s tickets with states and code hashes, never the codes', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const a = await buy(buyers[0]!, ticket);
    const b = await buy(buyers[3]!, ticket);
    await world.asUser(buyers[3]!, 'select cancel_ticket($1)', [b.purchase]);
    await scan(event, a.code);
    const list = await world.as<{
      purchase_id: string;
      name: string;
      state: string;
      checked_in_at: string | null;
      code_hash: string;
    }>('eventAdminA', 'select * from door_list($1, $2)', [world.communityA, event]);
    const { createHash } = await import('node:crypto');
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
    expect(list.map((r) => [r.purchase_id, r.name, r.state, r.checked_in_at !== null, r.code_hash])).toEqual([
      [a.purchase, 'Køber Nr 1', 'active', true, sha(a.code)],
      [b.purchase, 'Køber Nr 4', 'refunded', false, sha(b.code)],
    ]);
    expect(JSON.stringify(list)).not.toContain(a.code.split('.')[2]);
  });

  it('syncs offline scans: first scan wins, each verdict in the batch’s order, conflicts flagged', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const x = await buy(buyers[0]!, ticket);
    const y = await buy(buyers[1]!, ticket);
    const z = await buy(buyers[2]!, ticket);
    // z was admitted online at the other door before this door came back.
    await scan(event, z.code);
    const t0 = Date.now() - 10 * 60_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    const scans = [
      { code: x.code, scanned_at: at(3), shown: 'admitted' }, // a second door, later: loses
      { code: x.code, scanned_at: at(1), shown: 'admitted' }, // the first scan of x
      { purchase_id: y.purchase, scanned_at: at(2), shown: 'admitted' },
      { code: z.code, scanned_at: at(4), shown: 'admitted' },
      { code: 'KT1.forged', scanned_at: at(5), shown: 'not_valid' },
    ];
    const result = (
      await world.as<{ v: Verdict[] }>('eventAdminA', 'select sync_door_scans($1, $2, $3) as v', [
        world.communityA,
        event,
        JSON.stringify(scans),
      ])
    )[0]!.v;
    expect(result.map((r) => [r.index, r.verdict, r.conflict])).toEqual([
      [0, 'already_used', true],
      [1, 'admitted', false],
      [2, 'admitted', false],
      [3, 'already_used', true],
      [4, 'not_valid', false],
    ]);
    // The admission carries the time of the scan at the door, not of the sync.
    expect(new Date(result[1]!.checked_in_at!).toISOString()).toBe(at(1));
    expect(new Date(result[0]!.checked_in_at!).toISOString()).toBe(at(1));
    // Synced again (the answer was lost), nothing changes and nothing is admitted twice.
    const again = (
      await world.as<{ v: Verdict[] }>('eventAdminA', 'select sync_door_scans($1, $2, $3) as v', [
        world.communityA,
        event,
        JSON.stringify(scans),
      ])
    )[0]!.v;
    expect(again.map((r) => r.verdict)).toEqual([
      'already_used',
      'already_used',
      'already_used',
      'already_used',
      'not_valid',
    ]);
    expect(
      await failureOf(
        world.as('eventAdminA', 'select sync_door_scans($1, $2, $3)', [world.communityA, event, '{}']),
      ),
    ).toBe('invalid_scans');
  });
});
