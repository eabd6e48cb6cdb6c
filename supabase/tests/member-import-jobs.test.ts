// The member import as a server job (decision 0932): uploading rows into a job, queueing it, the
// server's job applying it in batches (apps/server/src/jobs/run-member-imports.ts), who sees
// jobs and rows, that nobody writes rows directly, that CPR numbers wait encrypted and are gone
// once applied, that claims expire, and that a failing row does not stop its batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMemberImports } from '../../apps/server/src/jobs/run-member-imports';
import { cprKey, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let karen: string;

type Job = {
  id: string;
  status: string;
  total: number;
  created: number;
  merged: number;
  skipped: number;
  failed: number;
};
type RowState = {
  line: number;
  choice: string | null;
  status: string;
  member_id: string | null;
  error_code: string | null;
  error_field: string | null;
};

beforeAll(async () => {
  world = await createWorld();
  karen = (
    await world.db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name, email, phone)
       values ($1, 'Karen', 'Holm', 'karen.holm@example.dk', '+45 21 31 41 51') returning id`,
      [world.communityA],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await world?.close();
});

const start = async (actor: Parameters<World['as']>[0], total: number, file = 'medlemmer.csv') =>
  (
    await world.as<Job>(actor, 'select * from start_member_import($1, $2, $3)', [
      world.communityA,
      file,
      total,
    ])
  )[0]!;
const append = (actor: Parameters<World['as']>[0], job: string, rows: unknown[]) =>
  world.as<{ n: number }>(actor, 'select append_member_import_rows($1, $2) as n', [
    job,
    JSON.stringify(rows),
  ]);
const rowsOf = async (job: string) =>
  (
    await world.db.query<RowState>(
      `select line, choice, status, member_id, error_code, error_field from member_import_rows
        where job_id = $1 order by line`,
      [job],
    )
  ).rows;
const jobOf = async (job: string) =>
  (
    await world.db.query<Job>(
      'select id, status, total, created, merged, skipped, failed from member_import_jobs where id = $1',
      [job],
    )
  ).rows[0]!;

describe('member import jobs', () => {
  let jobId: string;

  it('uploads rows with CPR numbers encrypted, rejected rows failed and skipped rows skipped', async () => {
    const job = await start('managerA', 6);
    jobId = job.id;
    expect(job).toMatchObject({ status: 'uploading', total: 6, created: 0, failed: 0 });
    const [{ n }] = (await append('managerA', jobId, [
      { row_no: 2, action: 'create', first_name: 'Søren', last_name: 'Æbelø', cpr: '010203-4321' },
      { row_no: 3, action: 'merge', member_id: karen, phone: '+4599887711' },
      { row_no: 4, action: 'skip', member_id: karen, first_name: 'Karen' },
    ])) as [{ n: number }];
    expect(n).toBe(3);
    await append('managerA', jobId, [
      { row_no: 5, action: 'create', first_name: 'Bad', email: 'not-an-email' },
      {
        row_no: 6,
        first_name: '',
        email: 'x',
        problems: [
          { field: 'first_name', problem: 'required' },
          { field: 'email', problem: 'invalid_email' },
        ],
      },
      { row_no: 7, action: 'create', first_name: 'Ole', last_name: 'Ærø', postal_code: '8000' },
    ]);
    expect(
      await failureOf(append('managerA', jobId, [{ row_no: 7, action: 'create', first_name: 'Again' }])),
    ).toBe('duplicate_line');
    expect(await rowsOf(jobId)).toEqual([
      { line: 2, choice: 'create', status: 'pending', member_id: null, error_code: null, error_field: null },
      { line: 3, choice: 'merge', status: 'pending', member_id: karen, error_code: null, error_field: null },
      { line: 4, choice: 'skip', status: 'skipped', member_id: karen, error_code: null, error_field: null },
      { line: 5, choice: 'create', status: 'pending', member_id: null, error_code: null, error_field: null },
      {
        line: 6,
        choice: null,
        status: 'failed',
        member_id: null,
        error_code: 'required,invalid_email',
        error_field: 'first_name,email',
      },
      { line: 7, choice: 'create', status: 'pending', member_id: null, error_code: null, error_field: null },
    ]);
    const stored = await world.db.query<{
      line: number;
      has_cpr: boolean;
      in_clear: boolean;
      cpr_field: boolean;
    }>(
      `select line, cpr_encrypted is not null as has_cpr, fields ? 'cpr' as cpr_field,
              position('4321'::bytea in coalesce(cpr_encrypted, '')) > 0 as in_clear
         from member_import_rows where job_id = $1 order by line`,
      [jobId],
    );
    expect(stored.rows.filter((r) => r.has_cpr).map((r) => r.line)).toEqual([2]);
    expect(stored.rows.some((r) => r.in_clear || r.cpr_field)).toBe(false);
    expect(await jobOf(jobId)).toMatchObject({ status: 'uploading', skipped: 1, failed: 1 });
  });

  it('shows jobs and rows to member admins of the community only, never the CPR column, and lets nobody write rows', async () => {
    const visible = async (actor: Parameters<World['as']>[0]) => [
      (await world.as(actor, 'select id from member_import_jobs where id = $1', [jobId])).length,
      (await world.as(actor, 'select line from member_import_rows where job_id = $1', [jobId])).length,
    ];
    expect(await visible('managerA')).toEqual([1, 6]);
    expect(await visible('memberAdminA')).toEqual([1, 6]);
    expect(await visible('ownerA')).toEqual([1, 6]);
    expect(await visible('eventAdminA')).toEqual([0, 0]);
    expect(await visible('newsAdminA')).toEqual([0, 0]);
    expect(await visible('adminB')).toEqual([0, 0]);
    expect(await visible('memberA')).toEqual([0, 0]);
    expect(await failureOf(world.as('anon', 'select id from member_import_jobs'))).toBe('42501');
    expect(
      await failureOf(
        world.as('managerA', 'select cpr_encrypted from member_import_rows where job_id = $1', [jobId]),
      ),
    ).toBe('42501');
    expect(await failureOf(world.as('managerA', 'select * from member_import_rows'))).toBe('42501');
    for (const sql of [
      `insert into member_import_rows (job_id, line, choice) values ($1, 99, 'create')`,
      `update member_import_rows set status = 'created' where job_id = $1`,
      `delete from member_import_rows where job_id = $1`,
      `update member_import_jobs set status = 'done' where id = $1`,
      `insert into member_import_jobs (community_id, file_name, total) select community_id, 'x', 1 from member_import_jobs where id = $1`,
    ]) {
      expect(await failureOf(world.as('managerA', sql, [jobId]))).toBe('42501');
    }
    expect(
      await failureOf(world.as('managerA', 'select * from app_private.claim_member_import_batch(10)')),
    ).toBe('42501');
    expect(
      await failureOf(world.as('adminB', 'select append_member_import_rows($1, $2)', [jobId, '[]'])),
    ).toBe('import_not_found');
    expect(await failureOf(world.as('memberAdminA', 'select queue_member_import($1)', [jobId]))).toBe(
      'import_not_found',
    );
  });

  it('queues a complete upload only, one running import per community', async () => {
    const other = await start('memberAdminA', 2, 'halv.csv');
    await append('memberAdminA', other.id, [{ row_no: 2, action: 'create', first_name: 'Halv' }]);
    expect(await failureOf(world.as('memberAdminA', 'select queue_member_import($1)', [other.id]))).toBe(
      'import_incomplete',
    );
    const [queued] = await world.as<Job>('managerA', 'select * from queue_member_import($1)', [jobId]);
    expect(queued!.status).toBe('queued');
    expect(await failureOf(start('memberAdminA', 3))).toBe('import_in_progress');
    await append('memberAdminA', other.id, [{ row_no: 3, action: 'create', first_name: 'Anden' }]);
    expect(await failureOf(world.as('memberAdminA', 'select queue_member_import($1)', [other.id]))).toBe(
      'import_in_progress',
    );
    expect(await failureOf(world.as('managerA', 'select queue_member_import($1)', [jobId]))).toBe(
      'import_not_uploading',
    );
    // Left uploading for more than an hour: cancelled and its rows deleted, nothing applied.
    await world.db.query(
      `update member_import_jobs set created_at = now() - interval '2 hours' where id = $1`,
      [other.id],
    );
    await world.db.query('select app_private.expire_member_imports()');
    expect(await jobOf(other.id)).toMatchObject({ status: 'cancelled' });
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it('applies the job in batches; a failing row does not stop its batch and CPR numbers are gone after', async () => {
    // Batches of two: (2, 3), then (5, 7) where row 5 fails and row 7 still goes in.
    expect(await runMemberImports(world.db, cprKey, 2)).toBe(4);
    expect(await jobOf(jobId)).toMatchObject({
      status: 'done',
      created: 2,
      merged: 1,
      skipped: 1,
      failed: 2,
    });
    const rows = await rowsOf(jobId);
    expect(rows.map((r) => [r.line, r.status, r.error_code, r.error_field])).toEqual([
      [2, 'created', null, null],
      [3, 'merged', null, null],
      [4, 'skipped', null, null],
      [5, 'failed', 'invalid_row', 'email'],
      [6, 'failed', 'required,invalid_email', 'first_name,email'],
      [7, 'created', null, null],
    ]);
    const left = await world.db.query('select 1 from member_import_rows where cpr_encrypted is not null');
    expect(left.rows).toHaveLength(0);
    // Applied rows keep no personal fields; failed ones keep theirs for the admin to fix.
    const fields = await world.db.query<{ line: number; has_fields: boolean }>(
      `select line, fields <> '{}' as has_fields from member_import_rows where job_id = $1 order by line`,
      [jobId],
    );
    expect(fields.rows.map((r) => [r.line, r.has_fields])).toEqual([
      [2, false],
      [3, false],
      [4, false],
      [5, true],
      [6, true],
      [7, false],
    ]);
    const soeren = rows[0]!.member_id!;
    const created = await world.db.query<{ first_name: string; cpr_masked: string | null }>(
      'select first_name, cpr_masked from members where id = $1',
      [soeren],
    );
    expect(created.rows).toEqual([{ first_name: 'Søren', cpr_masked: '010203-xxxx' }]);
    const audit = await world.db.query<{ viewer_user_id: string }>(
      `select viewer_user_id from cpr_audit where member_id = $1 and action = 'set'`,
      [soeren],
    );
    expect(audit.rows).toEqual([{ viewer_user_id: world.users.managerA }]);
    const history = await world.db.query<{ actor_user_id: string }>(
      `select actor_user_id from member_history where member_id = $1 and action = 'created'`,
      [soeren],
    );
    expect(history.rows).toEqual([{ actor_user_id: world.users.managerA }]);
    const ole = await world.db.query('select last_name, postal_code from members where id = $1', [
      rows[5]!.member_id,
    ]);
    expect(ole.rows).toEqual([{ last_name: 'Ærø', postal_code: '8000' }]);
    const merged = await world.db.query('select phone from members where id = $1', [karen]);
    expect(merged.rows).toEqual([{ phone: '+4599887711' }]);
    expect(await world.db.query(`select 1 from members where first_name = 'Bad'`)).toMatchObject({
      rows: [],
    });
    // Nothing is left to do.
    expect(await runMemberImports(world.db, cprKey, 2)).toBe(0);
  });

  it('refuses CPR numbers from a member admin who is not a membership manager at upload, keeping none', async () => {
    const job = await start('memberAdminA', 2, 'cpr.csv');
    await append('memberAdminA', job.id, [
      { row_no: 2, action: 'create', first_name: 'Cpr', cpr: '0102034321' },
      { row_no: 3, action: 'create', first_name: 'Uden' },
    ]);
    const stored = await world.db.query<{ line: number; status: string; error_code: string; kept: boolean }>(
      `select line, status, error_code, cpr_encrypted is not null as kept from member_import_rows
        where job_id = $1 order by line`,
      [job.id],
    );
    expect(stored.rows).toEqual([
      { line: 2, status: 'failed', error_code: 'not_membership_manager', kept: false },
      { line: 3, status: 'pending', error_code: null, kept: false },
    ]);
    await world.as('memberAdminA', 'select queue_member_import($1)', [job.id]);
    expect(await runMemberImports(world.db, cprKey)).toBe(1);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', created: 1, failed: 1 });
  });

  it('holds claimed rows for five minutes, then hands them out again', async () => {
    const job = await start('managerA', 3, 'claims.csv');
    await append(
      'managerA',
      job.id,
      [1, 2, 3].map((row_no) => ({ row_no, action: 'create', first_name: `Claim${row_no}` })),
    );
    await world.as('managerA', 'select queue_member_import($1)', [job.id]);
    const claim = async (limit: number) =>
      (
        await world.db.query<{ job_id: string; lines: number[] }>(
          'select job_id, lines from app_private.claim_member_import_batch($1)',
          [limit],
        )
      ).rows;
    expect(await claim(2)).toEqual([{ job_id: job.id, lines: [1, 2] }]);
    expect(await jobOf(job.id)).toMatchObject({ status: 'running' });
    expect(await claim(5)).toEqual([{ job_id: job.id, lines: [3] }]);
    expect(await claim(5)).toEqual([]);
    await world.db.query(
      `update member_import_rows set claimed_at = now() - interval '6 minutes' where job_id = $1 and line = 2`,
      [job.id],
    );
    expect(await claim(5)).toEqual([{ job_id: job.id, lines: [2] }]);
    // The claimed rows of a server that died are taken again once their claims expire.
    await world.db.query(
      `update member_import_rows set claimed_at = now() - interval '6 minutes' where job_id = $1`,
      [job.id],
    );
    expect(await runMemberImports(world.db, cprKey)).toBe(3);
    expect(await jobOf(job.id)).toMatchObject({ status: 'done', created: 3 });
  });
});
