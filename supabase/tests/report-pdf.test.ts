// report-pdf through the platform as the web app calls it (supabase-js with the analytics
// admin's session): the statutory reports as PDF files whose text, read back with pdftotext,
// carries the same numbers as the database's report functions; and the refusals (wrong input,
// a year out of range, another community's club, no session, a member without analytics).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { pivotMemberCounts } from '@club/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;
let admin: SupabaseClient;
let dir: string;
const lastYear = new Date().getUTCFullYear() - 1;
const danishNumber = (n: number, digits?: number) =>
  new Intl.NumberFormat('da-DK', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits ?? 3,
  }).format(n);

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `report-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function pdfOf(client: SupabaseClient, body: Record<string, unknown>): Promise<string> {
  const { data, error } = await client.functions.invoke('report-pdf', { body });
  expect(error).toBeNull();
  return pdfText(Buffer.from(await (data as Blob).arrayBuffer()));
}

async function refusal(client: SupabaseClient, body: unknown): Promise<{ status: number; reason: string }> {
  const { error } = await client.functions.invoke('report-pdf', { body: body as Record<string, unknown> });
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, reason: ((await response.json()) as { reason: string }).reason };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
  platform = await startTestPlatform();
  demo = await seedDemo(platform.db, { members: 60, accounts: 2 });
  // Coaches count without paying, so three coaches of a paid activity since March of last year
  // give the CFR count known rows whatever the demo's own fees were.
  await platform.db.query(
    `with g as (
       insert into groups (community_id, title, price_ore, payment_frequency)
       values ($1, 'Kajak for voksne', 90000, 'annually') returning id),
     m as (
       insert into members (community_id, first_name, last_name, gender, birth_date, joined_on, status)
       select $1, name, 'Træner', gender::gender, birth::date, make_date($2, 3, 1), 'active'
       from (values ('Ulla', 'female', '1980-04-04'), ('Vagn', 'male', '1975-05-05'),
                    ('Wili', 'other', '2004-06-06')) as p(name, gender, birth)
       returning id)
     insert into group_members (community_id, group_id, member_id, role, joined_at)
     select $1, g.id, m.id, 'coach', make_date($2, 3, 1)::timestamptz from g, m`,
    [demo.community, lastYear],
  );
  admin = platform.client();
  const signIn = await admin.auth.signInWithPassword({
    email: demo.adminEmail,
    password: demo.adminPassword,
  });
  expect(signIn.error).toBeNull();
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('report-pdf', () => {
  it('makes the CFR count of a past year with the numbers of report_member_counts, in Danish', async () => {
    const { data, error } = await admin.rpc('report_member_counts', {
      p_community_id: demo.community,
      p_year: lastYear,
    });
    expect(error).toBeNull();
    const rows = pivotMemberCounts(data as never[]);
    expect(rows.find((r) => r.activity === 'Kajak for voksne' && r.ageBand === '25-59')?.total).toBe(2);
    const body = await pdfOf(admin, { report: 'cfr', community_id: demo.community, year: lastYear });
    expect(body).toContain('Søndervang IF');
    expect(body).toContain(`CFR-medlemstal ${lastYear}`);
    expect(body).toContain('Opgjort pr. 31. december');
    const total = rows.reduce((n, r) => n + r.total, 0);
    expect(body).toMatch(new RegExp(`I alt\\s+${danishNumber(total).replace('.', '\\.')}\\s*$`, 'm'));
    // Every activity and age band is a line with its counts by gender and its total.
    for (const r of rows) {
      const cells = [r.counts.female, r.counts.male, r.counts.other, r.counts.unknown, r.total].map((n) =>
        danishNumber(n),
      );
      const band = r.ageBand === 'unknown' ? 'Ikke oplyst' : r.ageBand;
      expect(body).toMatch(new RegExp(`${band}\\s+${cells.join('\\s+')}\\s*$`, 'm'));
      expect(body).toContain(r.activity.slice(0, 20));
    }
  });

  it('makes the member grant (0–24) and the premises hours in English', async () => {
    const grant = await pdfOf(admin, {
      report: 'grant',
      community_id: demo.community,
      year: lastYear,
      language: 'en',
    });
    expect(grant).toContain(`Municipal member grant ${lastYear}`);
    // Only Wili (21 at the end of last year) of the three coaches is young enough for the grant.
    expect(grant).toMatch(/Kajak for voksne\s+19-24\s+0\s+0\s+1\s+0\s+1\s*$/m);
    expect(grant).not.toMatch(/\s(25-59|60\+)\s/);

    const { data, error } = await admin.rpc('report_premises_hours', {
      p_community_id: demo.community,
      p_year: lastYear,
    });
    expect(error).toBeNull();
    const premises = data as { product: string; hours: number | string; bookings: number | string }[];
    const text = await pdfOf(admin, {
      report: 'premises',
      community_id: demo.community,
      year: lastYear,
      language: 'en',
    });
    expect(text).toContain(`Premises grant hours ${lastYear}`);
    if (premises.length === 0) {
      expect(text).toContain(`No bookings in ${lastYear}.`);
    } else {
      const hours = premises.reduce((n, r) => n + Number(r.hours), 0);
      const english = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(text).toMatch(new RegExp(`Total\\s+[\\d,]+\\s+${english.format(hours).replace('.', '\\.')}\\s`));
      for (const r of premises) expect(text).toContain(r.product.slice(0, 20));
    }
  });

  it('refuses wrong input, a year out of range and another community’s club with the reason', async () => {
    expect(await refusal(admin, { report: 'tax', community_id: demo.community, year: lastYear })).toEqual({
      status: 400,
      reason: 'unknown_report',
    });
    expect(await refusal(admin, { report: 'cfr', community_id: 'x', year: lastYear })).toEqual({
      status: 400,
      reason: 'community_id_required',
    });
    expect(await refusal(admin, { report: 'cfr', community_id: demo.community, year: '2025' })).toEqual({
      status: 400,
      reason: 'year_required',
    });
    expect(await refusal(admin, [1, 2])).toEqual({ status: 400, reason: 'invalid_json' });
    expect(await refusal(admin, { report: 'cfr', community_id: demo.community, year: 1850 })).toEqual({
      status: 400,
      reason: 'year_out_of_range',
    });
    const other = await platform.db.query<{ id: string }>(
      `with c as (insert into communities (slug, name) values ('anden-klub-pdf', 'Anden klub') returning id)
       insert into clubs (community_id, name) select id, 'Fremmed afdeling' from c returning id`,
    );
    expect(
      await refusal(admin, {
        report: 'premises',
        community_id: demo.community,
        year: lastYear,
        club_id: other.rows[0]!.id,
      }),
    ).toEqual({ status: 400, reason: 'unknown_club' });
  });

  it('refuses a caller without a session or without the analytics area', async () => {
    const anonymous = platform.client();
    const body = { report: 'cfr', community_id: demo.community, year: lastYear };
    expect(await refusal(anonymous, body)).toEqual({ status: 403, reason: 'not_allowed' });
    const member = platform.client();
    const signIn = await member.auth.signInWithPassword({
      email: demo.memberEmails[0]!,
      password: demo.adminPassword,
    });
    expect(signIn.error).toBeNull();
    expect(await refusal(member, body)).toEqual({ status: 403, reason: 'not_allowed' });
  });
});
