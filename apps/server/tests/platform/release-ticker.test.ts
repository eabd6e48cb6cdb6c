import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationSources, migrate } from '../../src/database/migrator';
import { runPublishDueReleases, startReleaseTicker } from '../../src/jobs/publish-due-releases';
import { repoRoot } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('the scheduled-release ticker', () => {
  let t: TestDatabase;
  let community: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.db, defaultMigrationSources(repoRoot));
    const rows = await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('ticker-club', 'Ticker Club') returning id",
    );
    community = rows.rows[0]!.id;
  });
  afterAll(async () => {
    await t.drop();
  });

  const insertScheduled = async (title: string, releaseOffset: string) =>
    (
      await t.db.query<{ id: string }>(
        `insert into events (community_id, title, starts_at, status, release_at)
         values ($1, $2, now() + interval '3 days', 'scheduled', now() + $3::interval) returning id`,
        [community, title, releaseOffset],
      )
    ).rows[0]!.id;

  const statusOf = async (id: string) =>
    (await t.db.query<{ status: string }>('select status::text from events where id = $1', [id])).rows[0]
      ?.status;

  it('stores the published status of releases whose time has passed, and only those', async () => {
    const due = await insertScheduled('Due', '-1 minute');
    const later = await insertScheduled('Later', '1 day');
    expect(await runPublishDueReleases(t.db)).toBe(1);
    expect(await statusOf(due)).toBe('published');
    expect(await statusOf(later)).toBe('scheduled');
    expect(await runPublishDueReleases(t.db)).toBe(0);
  });

  it('runs at start and on its interval', async () => {
    const due = await insertScheduled('Ticked', '-5 seconds');
    const ticker = startReleaseTicker(t.db, pino({ level: 'silent' }), 100);
    try {
      await expect.poll(() => statusOf(due), { timeout: 5000 }).toBe('published');
      const next = await insertScheduled('Ticked later', '-1 second');
      await expect.poll(() => statusOf(next), { timeout: 5000 }).toBe('published');
    } finally {
      ticker.stop();
    }
  });

  it('does nothing on a database without the club schema', async () => {
    const empty = await createTestDatabase({ empty: true });
    try {
      expect(await runPublishDueReleases(empty.db)).toBeUndefined();
    } finally {
      await empty.drop();
    }
  });
});
