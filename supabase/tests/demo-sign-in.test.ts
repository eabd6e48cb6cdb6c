// The demo data as the product meets it: the whole platform in-process, the demo club
// seeded, and supabase-js signing in as the demo admin and a demo member. The access token
// carries the memberships claim from the custom access token hook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipsClaimSchema } from '../../packages/schemas/src/memberships';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;

function claimsOf(accessToken: string): Record<string, unknown> {
  const payload = accessToken.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  demo = await seedDemo(platform.db, { members: 40, accounts: 5, cprKey: platform.platform.keys.cprKey });
});
afterAll(async () => {
  await platform?.stop();
});

describe('demo data', () => {
  it('builds the same club from the same seed', () => {
    expect(demo.counts.members).toBe(40 + 1 + 30);
    expect(demo.counts.events).toBe(60);
    expect(demo.counts.users).toBe(6);
    expect(demo.counts.ticket_purchases).toBeGreaterThan(100);
    expect(demo.counts.invoices).toBeGreaterThan(30);
  });

  it("gives this year's statutory member count real numbers from the kontingent billed through plans", async () => {
    const { rows } = await platform.db.query<{ paid_by: string; n: number }>(
      `select paid_by, count(*)::int as n
       from public.report_member_counts_detail($1, extract(year from current_date)::int)
       group by paid_by order by paid_by`,
      [demo.community],
    );
    expect(rows.find((r) => r.paid_by === 'plan')?.n ?? 0).toBeGreaterThan(0);
  });

  it('puts members on teams for their age, sells adult tickets to adults, and writes volunteer roles in Danish', async () => {
    const ages = await platform.db.query<{ title: string; age: number }>(
      `select g.title, extract(year from age(current_date, m.birth_date))::int as age
       from public.group_members gm join public.groups g on g.id = gm.group_id join public.members m on m.id = gm.member_id
       where gm.community_id = $1 and m.birth_date is not null`,
      [demo.community],
    );
    expect(ages.rows.length).toBeGreaterThan(10);
    for (const { title, age } of ages.rows) {
      if (title === 'Motion 60+') expect(age, title).toBeGreaterThanOrEqual(60);
      const under = /^U(\d+) /.exec(title);
      if (under) expect(age, title).toBeLessThan(Number(under[1]));
    }
    const tickets = await platform.db.query<{ name: string; adult: boolean; n: number }>(
      `select t.name, m.birth_date <= current_date - interval '18 years' as adult, count(*)::int as n
       from public.ticket_purchases p join public.tickets t on t.id = p.ticket_id join public.members m on m.id = p.member_id
       where p.community_id = $1 and m.birth_date is not null group by 1, 2`,
      [demo.community],
    );
    expect(tickets.rows.find((r) => r.name === 'Voksen' && r.adult)?.n ?? 0).toBeGreaterThan(0);
    expect(tickets.rows.filter((r) => r.name === 'Voksen' && !r.adult)).toEqual([]);
    expect(tickets.rows.filter((r) => r.name === 'Barn' && r.adult)).toEqual([]);
    const roles = await platform.db.query<{ role: string }>(
      `select distinct unnest(relevant_roles) as role from public.volunteer_jobs where community_id = $1
       union select distinct unnest(roles) from public.members where community_id = $1 order by 1`,
      [demo.community],
    );
    // The roles a club types are its own words: the demo's are Danish, none left in English.
    for (const { role } of roles.rows) expect(['bestyrelse', 'forælder', 'træner']).toContain(role);
    expect(roles.rows.map((r) => r.role)).toContain('træner');
  });

  it('puts events at plausible local hours and in their season, in the community time zone', async () => {
    const { rows } = await platform.db.query<{ title: string; month: number; hour: number; minute: number }>(
      `select e.title, extract(month from e.starts_at at time zone c.time_zone)::int as month,
              extract(hour from e.starts_at at time zone c.time_zone)::int as hour,
              extract(minute from e.starts_at at time zone c.time_zone)::int as minute
       from public.events e join public.communities c on c.id = e.community_id
       where e.community_id = $1`,
      [demo.community],
    );
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      expect(row.hour, row.title).toBeGreaterThanOrEqual(9);
      expect(row.hour, row.title).toBeLessThanOrEqual(19);
      expect(row.minute).toBe(0);
    }
    const monthsOf = (title: string) => new Set(rows.filter((r) => r.title === title).map((r) => r.month));
    for (const month of monthsOf('Juleafslutning')) expect(month).toBe(12);
    for (const month of monthsOf('Sommerfest')) expect([6, 7, 8]).toContain(month);
    for (const month of monthsOf('Fastelavn for børn')) expect(month).toBe(2);
    // Every month of the demo's year has something on.
    expect(new Set(rows.map((r) => r.month)).size).toBe(12);
  });

  it('signs the admin in with every admin area of both demo communities in the token', async () => {
    const client = platform.client();
    const { data, error } = await client.auth.signInWithPassword({
      email: demo.adminEmail,
      password: demo.adminPassword,
    });
    expect(error).toBeNull();
    const memberships = membershipsClaimSchema.parse(claimsOf(data.session!.access_token).memberships);
    expect(Object.keys(memberships).sort()).toEqual(['havnens-sejlklub', 'sondervang-if']);
    expect(memberships['sondervang-if']).toMatchObject({
      community_id: demo.community,
      name: 'Søndervang IF',
      role: 'admin',
      membership_manager: true,
    });
    expect([...memberships['sondervang-if']!.areas].sort()).toEqual([
      'analytics',
      'billing',
      'booking',
      'event',
      'group',
      'knowledge_base',
      'member',
      'news',
    ]);
  });

  it('signs a demo member in as a plain member, and refuses a wrong password', async () => {
    const client = platform.client();
    const wrong = await client.auth.signInWithPassword({
      email: demo.memberEmails[0]!,
      password: 'not-the-password',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    const { data, error } = await client.auth.signInWithPassword({
      email: demo.memberEmails[0]!,
      password: demo.adminPassword,
    });
    expect(error).toBeNull();
    const memberships = membershipsClaimSchema.parse(claimsOf(data.session!.access_token).memberships);
    expect(memberships).toEqual({
      'sondervang-if': {
        community_id: demo.community,
        name: 'Søndervang IF',
        role: 'member',
        areas: [],
        membership_manager: false,
      },
    });
  });
});
