import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationSources, migrate } from '../../src/database/migrator';
import { runDataRetention } from '../../src/jobs/apply-data-retention';
import { repoRoot } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('the data-retention job', () => {
  let t: TestDatabase;
  let community: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.db, defaultMigrationSources(repoRoot));
    const rows = await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('retention-club', 'Retention Club') returning id",
    );
    community = rows.rows[0]!.id;
    await t.db.query('update community_settings set retention_months = 24 where community_id = $1', [
      community,
    ]);
  });
  afterAll(async () => {
    await t.drop();
  });

  const member = async (name: string, leftAgo: string | null) =>
    (
      await t.db.query<{ id: string }>(
        `insert into members (community_id, first_name, last_name, status, joined_on, left_on)
         values ($1, $2, 'Hansen', case when $3::interval is null then 'active' else 'left' end::member_status,
                 current_date - interval '10 years', (current_date - $3::interval)::date) returning id`,
        [community, name, leftAgo],
      )
    ).rows[0]!.id;

  it("erases, in batches, members who left longer ago than the community's period, and only those", async () => {
    const due = [
      await member('Anders', '3 years'),
      await member('Bodil', '25 months'),
      await member('Carl', '5 years'),
    ];
    const kept = [await member('Dorte', '23 months'), await member('Egon', null)];
    expect(await runDataRetention(t.db, 2)).toBe(3);
    const rows = await t.db.query<{ id: string; erased: boolean }>(
      'select id, erased_at is not null as erased from members where community_id = $1',
      [community],
    );
    const erased = new Set(rows.rows.filter((r) => r.erased).map((r) => r.id));
    expect([...erased].sort()).toEqual([...due].sort());
    for (const id of kept) expect(erased.has(id)).toBe(false);
    expect(await runDataRetention(t.db)).toBe(0);
  });
});
