// Data retention as the project's scheduled job apply-data-retention (decision 1023), run by
// the platform's scheduler at its scheduled time: it erases, in batches until none is due,
// the members who left longer ago than the community's period, and only those.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

describe('the data-retention job', () => {
  let t: TestPlatform;
  let community: string;
  beforeAll(async () => {
    t = await startTestPlatform();
    const rows = await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('retention-club', 'Retention Club') returning id",
    );
    community = rows.rows[0]!.id;
    await t.db.query('update community_settings set retention_months = 24 where community_id = $1', [
      community,
    ]);
  });
  afterAll(async () => {
    await t?.stop();
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

  it('is declared in pg_cron syntax by the migrations', async () => {
    const job = await t.db.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'apply-data-retention'",
    );
    expect(job.rows).toHaveLength(1);
    expect(job.rows[0]!.schedule).toBe('23 * * * *');
    expect(job.rows[0]!.command).toContain('public.apply_data_retention(500)');
  });

  it("erases members who left longer ago than the community's period, and only those", async () => {
    const due = [
      await member('Anders', '3 years'),
      await member('Bodil', '25 months'),
      await member('Carl', '5 years'),
    ];
    const kept = [await member('Dorte', '23 months'), await member('Egon', null)];
    // Not yet its time: nothing happens.
    expect(await t.platform.scheduler!.runDue(new Date('2031-01-01T10:30:00Z'))).toBe(0);
    expect(await t.platform.scheduler!.runDue(new Date('2031-01-01T10:23:10Z'))).toBe(1);
    const rows = await t.db.query<{ id: string; erased: boolean }>(
      'select id, erased_at is not null as erased from members where community_id = $1',
      [community],
    );
    const erased = new Set(rows.rows.filter((r) => r.erased).map((r) => r.id));
    expect([...erased].sort()).toEqual([...due].sort());
    for (const id of kept) expect(erased.has(id)).toBe(false);
    const log = await t.db.query<{ status: string }>(
      `select d.status from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname = 'apply-data-retention'`,
    );
    expect(log.rows).toEqual([{ status: 'succeeded' }]);
  });
});
