// Analytics functions against the plain definitions they speed up: counts per period
// computed row by row must equal the running sums the functions keep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
  const a = world.communityA;
  // Members joining and leaving across two years, some passive.
  await world.db.query(
    `insert into members (community_id, first_name, joined_on, left_on, status)
     select $1, 'M' || n, date '2025-01-01' + (n * 7) % 600,
            case when n % 5 = 0 then date '2025-01-01' + (n * 7) % 600 + 30 + n % 200 end,
            case when n % 5 = 0 then 'left' when n % 7 = 0 then 'passive' else 'active' end::member_status
     from generate_series(1, 300) n`,
    [a],
  );
  const groups = await world.db.query<{ id: string }>(
    `insert into groups (community_id, title) values ($1, 'Hold A'), ($1, 'Hold B') returning id`,
    [a],
  );
  await world.db.query(
    `insert into group_members (community_id, group_id, member_id, joined_at, left_at)
     select $1, ($2::uuid[])[1 + m.mid % 2], m.id, m.joined_on + interval '1 day',
            case when m.left_on is not null then m.left_on + interval '1 day' end
     from members m where m.community_id = $1 and m.first_name like 'M%'`,
    [a, groups.rows.map((g) => g.id)],
  );
});
afterAll(async () => {
  await world?.close();
});

describe('analytics', () => {
  it('members over time equals counting members per period', async () => {
    const got = await world.as(
      'analyticsAdminA',
      `select period_start::text, members::int, joined::int, left_count::int, active::int
       from analytics_members_over_time($1, '2025-03-15', '2026-06-30', 'month')`,
      [world.communityA],
    );
    const expected = await world.db.query(
      `select p.period_start::text,
         count(*) filter (where m.joined_on < p.period_end and (m.left_on is null or m.left_on >= p.period_end))::int as members,
         count(*) filter (where m.joined_on >= p.period_start and m.joined_on < p.period_end)::int as joined,
         count(*) filter (where m.left_on >= p.period_start and m.left_on < p.period_end)::int as left_count,
         count(*) filter (where m.joined_on < p.period_end and (m.left_on is null or m.left_on >= p.period_end)
                          and m.status = 'active')::int as active
       from app_private.periods('2025-03-15', '2026-06-30', 'month') p
       left join members m on m.community_id = $1
       group by p.period_start order by p.period_start`,
      [world.communityA],
    );
    expect(got).toHaveLength(16);
    expect(got).toEqual(expected.rows);
    expect(got.some((r) => (r as { left_count: number }).left_count > 0)).toBe(true);
  });

  it('group growth equals counting group members per period', async () => {
    const got = await world.as(
      'analyticsAdminA',
      `select period_start::text, title, members::int, joined::int
       from analytics_group_growth($1, '2025-01-01', '2026-12-31', 'quarter')`,
      [world.communityA],
    );
    const expected = await world.db.query(
      `select p.period_start::text, g.title,
         count(gm.id) filter (where gm.joined_at < p.period_end and (gm.left_at is null or gm.left_at >= p.period_end))::int as members,
         count(gm.id) filter (where gm.joined_at >= p.period_start and gm.joined_at < p.period_end)::int as joined
       from app_private.periods('2025-01-01', '2026-12-31', 'quarter') p cross join groups g
       left join group_members gm on gm.group_id = g.id
       where g.community_id = $1 group by p.period_start, g.id, g.title order by p.period_start, g.title`,
      [world.communityA],
    );
    expect(got).toHaveLength(16);
    expect(got).toEqual(expected.rows);
  });

  it('refuses bad ranges and buckets', async () => {
    await expect(
      world.as(
        'analyticsAdminA',
        `select * from analytics_members_over_time($1, '2026-01-01', '2025-01-01')`,
        [world.communityA],
      ),
    ).rejects.toMatchObject({ message: 'invalid_range' });
    await expect(
      world.as(
        'analyticsAdminA',
        `select * from analytics_group_growth($1, '2025-01-01', '2026-01-01', 'fortnight')`,
        [world.communityA],
      ),
    ).rejects.toMatchObject({ message: 'invalid_bucket' });
  });
});
