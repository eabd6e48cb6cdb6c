// The members area in Chromium, in Danish: search and filter the register, open a member, edit
// the address with a wrong postcode, reveal a CPR number as a membership manager and see the
// audit entry, no CPR for a member admin who is not a manager, export without CPR, a live
// update, and an import of a 1,000-row semicolon CSV in Windows-1252 with five bad rows and three
// duplicates, applied by the server's job while the page is closed and reopened. Then screenshots of every members screen in both languages and colour modes.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../../supabase/seed/generate-demo';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform } from '../support/e2e-platform';
import { signIn } from './events-fixtures';
import { importFile } from './members-fixtures';

let platform: TestPlatform;
let browser: Browser;
let demo: DemoResult;
const memberAdminEmail = 'medlemsadmin@sondervang.dk';
const memberAdminPassword = 'medlem-admin-2027';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  demo = await seedDemo(platform.db, { members: 120, accounts: 5, cprKey: 'test-cpr-key-0123456789' });
  const userId = await createUser(platform, memberAdminEmail, memberAdminPassword, 'Mads Medlemsadmin');
  await addMembership(platform, userId, { slug: demo.slug, name: 'Søndervang IF' }, { areas: ['member'] });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function openAs(
  who: 'owner' | 'memberAdmin',
  language: 'en' | 'da',
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
  viewport: 'desktop' | 'phone' = 'desktop',
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, { colorScheme, viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const [email, password] =
    who === 'owner' ? [demo.adminEmail, demo.adminPassword] : [memberAdminEmail, memberAdminPassword];
  await signIn(page, platform, email, password, language, `/${language}/${demo.slug}/${path}`);
  return { page, errors, close: () => context.close() };
}

const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await platform.db.query<T>(sql, params)).rows[0]!;

describe('members register', () => {
  it('searches and filters the register and opens a member', async () => {
    const target = await one<{ id: string; full_name: string; last_name: string }>(
      `select id, full_name, last_name from members m where community_id = $1 and status = 'active'
         and not exists (select 1 from members x where x.community_id = m.community_id and x.full_name = m.full_name and x.id <> m.id)
       order by mid limit 1`,
      [demo.community],
    );
    const { page, errors, close } = await openAs('owner', 'da', 'members');
    await page.getByRole('heading', { level: 1, name: 'Medlemmer' }).waitFor();
    const total = await one<{ n: number }>('select count(*)::int as n from members where community_id = $1', [
      demo.community,
    ]);
    await page.getByText(`${total.n} medlemmer`, { exact: true }).waitFor();
    await page.getByRole('searchbox').fill(target.full_name);
    await page.getByRole('link', { name: target.full_name }).first().waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === target.full_name);

    await page.getByRole('searchbox').fill('');
    await page.getByLabel('Status').selectOption('left');
    const left = await one<{ n: number }>(
      `select count(*)::int as n from members where community_id = $1 and status = 'left'`,
      [demo.community],
    );
    await page.getByText(`${left.n} medlemmer`, { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Køn').selectOption('other');
    const other = await one<{ n: number }>(
      `select count(*)::int as n from members where community_id = $1 and gender = 'other'`,
      [demo.community],
    );
    await page.getByText(`${other.n} medlemmer`, { exact: true }).waitFor();
    await page.getByLabel('Køn').selectOption('');

    await page.getByRole('searchbox').fill(target.full_name);
    await page.waitForURL((url) => url.searchParams.get('q') === target.full_name);
    await page.getByText('1 medlem', { exact: true }).waitFor();
    await page.getByRole('link', { name: target.full_name }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith(target.id));
    await page.getByRole('heading', { level: 1, name: target.full_name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/da/${demo.slug}/members/${target.id}`);
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses a wrong postcode on the profile and fills in the city of a right one', async () => {
    const target = await one<{ id: string; full_name: string }>(
      `select id, full_name from members where community_id = $1 and user_id is null order by mid limit 1`,
      [demo.community],
    );
    const { page, close } = await openAs('owner', 'da', `members/${target.id}/profile`);
    await page.getByLabel('Postnummer').fill('0000');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Vælg venligst en gyldig adresse').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/da/${demo.slug}/members/${target.id}/profile`);
    await page.getByLabel('Vejnavn').fill('Vestergade');
    await page.getByLabel('Husnummer').fill('12');
    await page.getByLabel('Postnummer').fill('8000');
    await page.getByTestId('postcode-city').getByText('Aarhus C').waitFor();
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByRole('heading', { level: 1, name: target.full_name }).waitFor();
    await page.getByText('Vestergade 12, 8000 Aarhus C').waitFor();
    const saved = await one('select street, house_number, postal_code, city from members where id = $1', [
      target.id,
    ]);
    expect(saved).toEqual({
      street: 'Vestergade',
      house_number: '12',
      postal_code: '8000',
      city: 'Aarhus C',
    });
    await close();
  });

  it('reveals a CPR number to a membership manager with a reason, audited in the history', async () => {
    const target = await one<{ id: string; full_name: string }>(
      `select m.id, m.full_name from members m join member_cpr c on c.member_id = m.id
       where m.community_id = $1 order by m.mid limit 1`,
      [demo.community],
    );
    const { page, errors, close } = await openAs('owner', 'da', `members/${target.id}`);
    const cpr = page.getByTestId('member-cpr');
    await cpr.getByText(/^\d{6}-xxxx$/).waitFor();
    await page.getByRole('button', { name: 'Vis CPR-nummer' }).click();
    const dialog = page.getByRole('dialog', { name: `Vise CPR-nummeret for ${target.full_name}?` });
    await dialog.getByRole('button', { name: 'Vis' }).click();
    await dialog.getByText('Skriv en begrundelse.').waitFor();
    await dialog.getByLabel('Begrundelse').fill('Børneattest til trænerjob');
    await dialog.getByRole('button', { name: 'Vis' }).click();
    await cpr.getByText(/^\d{6}-\d{4}$/).waitFor();
    const history = page.getByRole('region', { name: 'Historik' });
    await history.getByText('CPR-nummer vist').waitFor();
    await history.getByText('Begrundelse: Børneattest til trænerjob').waitFor();
    const audit = await one<{ reason: string }>(
      `select reason from cpr_audit where member_id = $1 and action = 'reveal' order by id desc limit 1`,
      [target.id],
    );
    expect(audit.reason).toBe('Børneattest til trænerjob');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows no CPR to a member admin who is not a membership manager, and exports without it', async () => {
    const target = await one<{ id: string; full_name: string; cpr_masked: string }>(
      `select m.id, m.full_name, m.cpr_masked from members m join member_cpr c on c.member_id = m.id
       where m.community_id = $1 order by m.mid limit 1`,
      [demo.community],
    );
    const { page, close } = await openAs('memberAdmin', 'da', `members/${target.id}`);
    await page.getByRole('heading', { level: 1, name: target.full_name }).waitFor();
    await page.getByRole('region', { name: 'Historik' }).waitFor();
    expect(await page.getByText('CPR-nummer', { exact: true }).count()).toBe(0);
    expect(await page.content()).not.toContain(target.cpr_masked.slice(0, 6));

    const elsewhere = await one<{ id: string }>('select id from members where community_id <> $1 limit 1', [
      demo.community,
    ]);
    // Another community's member is looked up and not found; a malformed id is the shell's 404
    // view before any request is made (the generic rule of every area).
    await page.goto(`${platform.url}/da/${demo.slug}/members/${elsewhere.id}`);
    await page.getByRole('heading', { level: 1, name: 'Medlemmet blev ikke fundet' }).waitFor();
    await page.goto(`${platform.url}/da/${demo.slug}/members/ikke-et-id`);
    await page.getByTestId('error-status').filter({ hasText: '404' }).waitFor();
    expect(await page.getByTestId('error-message').textContent()).toBe(
      `Siden blev ikke fundet: /da/${demo.slug}/members/ikke-et-id`,
    );

    await page.goto(`${platform.url}/da/${demo.slug}/members`);
    await page.getByRole('heading', { level: 1, name: 'Medlemmer' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel (.xlsx)' }).click(),
    ]);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const sheet = (await readSheet(file)) as unknown[][];
    expect(sheet[0]).toContain('MID');
    expect(sheet[0]).not.toContain('CPR-nummer');
    expect(sheet.length).toBeGreaterThan(100);
    expect(sheet.flat().some((cell) => typeof cell === 'string' && /^\d{6}-(\d{4}|xxxx)$/.test(cell))).toBe(
      false,
    );
    const exported = await one<{ n: number }>(
      `select count(*)::int as n from cpr_audit where action = 'export'`,
    );
    expect(exported.n).toBe(0);
    await close();
  });

  it('updates the member page live when another administrator changes the member', async () => {
    const target = await one<{ id: string; first_name: string; full_name: string }>(
      `select id, first_name, full_name from members where community_id = $1 and user_id is null order by mid desc limit 1`,
      [demo.community],
    );
    const { page, close } = await openAs('owner', 'en', `members/${target.id}`);
    await page.getByRole('heading', { level: 1, name: target.full_name }).waitFor();
    await page.locator('[data-live="yes"]').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const other = platform.client();
    await other.auth.signInWithPassword({ email: memberAdminEmail, password: memberAdminPassword });
    const { error } = await other.from('members').update({ first_name: 'Live-Lise' }).eq('id', target.id);
    expect(error).toBeNull();
    await page.getByRole('heading', { level: 1, name: /^Live-Lise / }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await close();
  });
});

/** Members of the demo community with a unique name and no links yet, newest first. */
const plainMembers = async (n: number, where = "status = 'active'") =>
  (
    await platform.db.query<{ id: string; full_name: string }>(
      `select id, full_name from members m where community_id = $1 and ${where} and erased_at is null
         and not exists (select 1 from member_relations r where m.id in (r.member_id, r.related_member_id))
         and not exists (select 1 from member_certificates c where c.member_id = m.id)
         and not exists (select 1 from members x where x.community_id = m.community_id
                           and x.full_name = m.full_name and x.id <> m.id)
       order by mid desc limit ${n}`,
      [demo.community],
    )
  ).rows;

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('%%EOF\n')]);

describe('member page editing', () => {
  it('links a guardian found in the register and removes the link after a confirmation', async () => {
    const [child, parent] = (await plainMembers(2)) as [
      { id: string; full_name: string },
      { id: string; full_name: string },
    ];
    const { page, errors, close } = await openAs('owner', 'da', `members/${child.id}`);
    const relations = page.getByRole('region', { name: 'Forældre/værger og familie' });
    await relations.getByText('Ingen værger eller familierelationer.').waitFor();
    await relations.getByRole('button', { name: 'Tilføj værge eller familie' }).click();
    const dialog = page.getByRole('dialog', { name: `Knyt ${child.full_name} til et andet medlem` });
    await dialog.getByLabel(`Det andet medlem er værge for ${child.full_name}`).check();
    await dialog.getByLabel('Find det andet medlem').fill(parent.full_name);
    await dialog.getByRole('button', { name: `Vælg ${parent.full_name}` }).click();
    const confirm = page.getByRole('alertdialog', {
      name: `Gør ${parent.full_name} til værge for ${child.full_name}?`,
    });
    await confirm.getByRole('button', { name: 'Tilføj forbindelse' }).click();
    await relations.getByRole('link', { name: parent.full_name }).waitFor();
    await relations.getByText('· Værge').waitFor();
    const link = await one<{ member_id: string; related_member_id: string; kind: string }>(
      'select member_id, related_member_id, kind from member_relations where member_id = $1',
      [child.id],
    );
    expect(link).toEqual({ member_id: child.id, related_member_id: parent.id, kind: 'guardian' });

    await relations.getByRole('button', { name: `Fjern forbindelsen til ${parent.full_name}` }).click();
    const remove = page.getByRole('alertdialog', {
      name: `Fjern forbindelsen mellem ${child.full_name} og ${parent.full_name}?`,
    });
    await remove
      .getByText(`${parent.full_name} er stadig medlem; kun forbindelsen mellem de to fjernes.`)
      .waitFor();
    await remove.getByRole('button', { name: 'Fjern forbindelse' }).click();
    await relations.getByText('Ingen værger eller familierelationer.').waitFor();
    const left = await one<{ n: number }>(
      'select count(*)::int as n from member_relations where member_id = $1',
      [child.id],
    );
    expect(left.n).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('uploads a børneattest to private storage, opens it through a signed URL and edits its expiry', async () => {
    const [member] = (await plainMembers(1, "status = 'active' and mid % 7 = 3")) as [
      { id: string; full_name: string },
    ];
    const { page, errors, close } = await openAs('owner', 'da', `members/${member.id}`);
    const certificates = page.getByRole('region', { name: 'Attester' });
    await certificates.getByRole('button', { name: 'Tilføj attest' }).click();
    const dialog = page.getByRole('dialog', { name: `Tilføj en attest for ${member.full_name}` });
    await dialog
      .getByLabel('Dokument')
      .setInputFiles({ name: 'noter.txt', mimeType: 'text/plain', buffer: Buffer.from('hej') });
    await dialog.getByText('noter.txt er ikke en af de tilladte typer (PDF, PNG, JPEG).').waitFor();
    await dialog
      .getByLabel('Dokument')
      .setInputFiles({ name: 'børneattest.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByRole('button', { name: 'Vælg en anden fil' }).waitFor();
    await dialog.getByLabel('Udstedt').fill('10.01.2026');
    await dialog.getByLabel('Udløber').fill('01.01.2025');
    await dialog.getByLabel('Udløber').blur();
    await dialog.getByRole('button', { name: 'Gem attest' }).click();
    await dialog.getByText('Udløbsdatoen kan ikke ligge før udstedelsesdatoen.').first().waitFor();
    await dialog.getByLabel('Udløber').fill('10.01.2029');
    // Leaving the field checks it again; the error under it goes before the button is clicked.
    await dialog.getByLabel('Udløber').blur();
    await dialog
      .getByText('Udløbsdatoen kan ikke ligge før udstedelsesdatoen.')
      .waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Gem attest' }).click();
    await dialog.waitFor({ state: 'detached' });
    await certificates.getByText('Børneattest').waitFor();
    const saved = await one<{ id: string; document_path: string; expires_on: string }>(
      `select id, document_path, to_char(expires_on, 'YYYY-MM-DD') as expires_on from member_certificates where member_id = $1`,
      [member.id],
    );
    expect(saved.expires_on).toBe('2029-01-10');
    expect(saved.document_path).toMatch(new RegExp(`^${demo.community}/${member.id}/[0-9a-f-]{36}\\.pdf$`));
    const stored = await one<{ bucket_id: string }>('select bucket_id from storage.objects where name = $1', [
      saved.document_path,
    ]);
    expect(stored.bucket_id).toBe('member-documents');

    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      certificates.getByRole('button', { name: 'Åbn' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/storage/v1/object/sign/member-documents/');
    const body = await popup.evaluate(async () => {
      const res = await fetch(location.href);
      return { status: res.status, head: (await res.text()).slice(0, 8) };
    });
    expect(body).toEqual({ status: 200, head: '%PDF-1.4' });
    await popup.close();

    const soon = new Date(Date.now() + 20 * 86_400_000);
    const soonText = `${String(soon.getDate()).padStart(2, '0')}.${String(soon.getMonth() + 1).padStart(2, '0')}.${soon.getFullYear()}`;
    await certificates.getByRole('button', { name: 'Ret Børneattest' }).click();
    const edit = page.getByRole('dialog', { name: `Ret attest for ${member.full_name}` });
    await edit.getByLabel('Udløber').fill(soonText);
    await edit.getByLabel('Udløber').blur();
    await edit.getByRole('button', { name: 'Gem attest' }).click();
    await edit.waitFor({ state: 'detached' });
    await certificates.getByText('Udløber snart').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("downloads a member's personal data and erases a member who has left, after a confirmation", async () => {
    const [member] = (await plainMembers(1, "status = 'left'")) as [{ id: string; full_name: string }];
    const { page, errors, close } = await openAs('owner', 'da', `members/${member.id}`);
    const data = page.getByRole('region', { name: 'Persondata' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Hent persondata' }).click(),
    ]);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      member: { full_name: string };
    };
    expect(exported.member.full_name).toBe(member.full_name);
    await page.getByRole('region', { name: 'Historik' }).getByText('Persondata udleveret').waitFor();

    await data.getByRole('button', { name: 'Slet medlem' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Slette ${member.full_name}?` });
    const erase = confirm.getByRole('button', { name: 'Slet', exact: true });
    expect(await erase.isDisabled()).toBe(true);
    await confirm.getByLabel(`Skriv ${member.full_name} for at bekræfte.`).fill(member.full_name);
    await erase.click();
    await page.getByText(/^Medlemmet blev slettet .*; kun bogføringsdata er gemt\.$/).waitFor();
    const row = await one<{ erased: boolean; full_name: string; email: string | null }>(
      'select erased_at is not null as erased, full_name, email from members where id = $1',
      [member.id],
    );
    expect(row.erased).toBe(true);
    expect(row.full_name).toBe('Slettet medlem');
    expect(row.email).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it('adds a tag to a selection in the register, which follows another administrator live', async () => {
    const [a, b] = (await plainMembers(2, "status = 'passive'")) as [
      { id: string; full_name: string },
      { id: string; full_name: string },
    ];
    const tag = await one<{ id: string; name: string }>(
      `insert into tags (community_id, name) values ($1, 'Bestyrelse-e2e') returning id, name`,
      [demo.community],
    );
    const { page, errors, close } = await openAs('owner', 'da', 'members');
    await page.goto(`${platform.url}/da/${demo.slug}/members?status=passive&sort=-mid`);
    await page.getByRole('heading', { level: 1, name: 'Medlemmer' }).waitFor();
    await page.getByLabel(`Vælg ${a.full_name}`).check();
    await page.getByLabel(`Vælg ${b.full_name}`).check();
    await page.getByText('2 valgt').waitFor();
    await page.getByLabel('Tilføj tag').selectOption(tag.id);
    await page.getByText(`Tagget ${tag.name} er tilføjet 2 medlemmer.`, { exact: true }).waitFor();
    const tagged = await one<{ n: number }>(
      'select count(*)::int as n from member_tags where tag_id = $1 and member_id = any ($2)',
      [tag.id, [a.id, b.id]],
    );
    expect(tagged.n).toBe(2);

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const other = platform.client();
    await other.auth.signInWithPassword({ email: memberAdminEmail, password: memberAdminPassword });
    const { error } = await other.from('members').update({ first_name: 'Live-Lars' }).eq('id', a.id);
    expect(error).toBeNull();
    await page
      .getByRole('link', { name: /^Live-Lars / })
      .first()
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(errors).toEqual([]);
    await close();
  });

  it('removes a tag from a selection after a confirmation and says how many had it', async () => {
    type Chosen = { id: string; full_name: string };
    const [a, b, c, kept] = (await plainMembers(4, "status = 'passive'")) as [Chosen, Chosen, Chosen, Chosen];
    const tag = await one<{ id: string; name: string }>(
      `insert into tags (community_id, name) values ($1, 'Kasserer-e2e') returning id, name`,
      [demo.community],
    );
    await platform.db.query(
      `insert into member_tags (community_id, member_id, tag_id) select $1, unnest($2::uuid[]), $3`,
      [demo.community, [a.id, b.id, kept.id], tag.id],
    );
    const tagged = async () =>
      (
        await platform.db.query<{ member_id: string }>(
          'select member_id from member_tags where tag_id = $1 order by member_id',
          [tag.id],
        )
      ).rows.map((r) => r.member_id);
    const { page, errors, close } = await openAs('memberAdmin', 'da', 'members');
    await page.goto(`${platform.url}/da/${demo.slug}/members?status=passive&sort=-mid`);
    await page.getByRole('heading', { level: 1, name: 'Medlemmer' }).waitFor();
    for (const member of [a, b, c]) await page.getByLabel(`Vælg ${member.full_name}`).check();
    await page.getByText('3 valgt').waitFor();

    // Cancel first: nothing changes.
    await page.getByLabel('Fjern tag').selectOption(tag.id);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Fjern tagget ${tag.name} fra 2 medlemmer?`).waitFor();
    await dialog.getByText('(2 af de 3 valgte)', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await tagged()).toEqual([a.id, b.id, kept.id].sort());

    await page.getByLabel('Fjern tag').selectOption(tag.id);
    await dialog.getByText(`Fjern tagget ${tag.name} fra 2 medlemmer?`).waitFor();
    await screenshot(page, 'members-remove-tag-da-light');
    await dialog.getByRole('button', { name: 'Fjern tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(`Tagget ${tag.name} er fjernet fra 2 medlemmer; 1 af de valgte havde det ikke.`, {
        exact: true,
      })
      .waitFor();
    expect(await tagged()).toEqual([kept.id]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('members bulk e-mail', () => {
  it('sends an e-mail to a selection through the server and shows the outcome', async () => {
    const chosen = (await plainMembers(2, "status = 'passive' and email is not null")) as {
      id: string;
      full_name: string;
    }[];
    const { page, errors, close } = await openAs('owner', 'da', 'members');
    await page.goto(`${platform.url}/da/${demo.slug}/members?status=passive&sort=-mid`);
    await page.getByRole('heading', { level: 1, name: 'Medlemmer' }).waitFor();
    for (const member of chosen) await page.getByLabel(`Vælg ${member.full_name}`).check();
    await page.getByText('2 valgt').waitFor();
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Send e-mail til 2 valgte medlemmer').waitFor();
    await dialog.getByRole('button', { name: 'Send til 2 medlemmer' }).click();
    await dialog.getByText('Skriv et emne på højst 200 tegn.').waitFor();
    await dialog.getByLabel('Emne').fill('Standerstrygning e2e');
    await dialog.getByLabel('Besked').fill('Kære medlemmer\n\nVi ses lørdag.');
    await dialog.getByRole('button', { name: 'Send til 2 medlemmer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 sendt, 0 fejlede af 2.', { exact: false }).waitFor({ timeout: 30_000 });
    const mailing = await one<{ total: number; sent: number; subject: string }>(
      `select total, sent, subject from news_mailings where community_id = $1 and post_id is null
        order by created_at desc limit 1`,
      [demo.community],
    );
    expect(mailing).toEqual({ total: 2, sent: 2, subject: 'Standerstrygning e2e' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('members import', () => {
  it('imports a 1,000-row Windows-1252 semicolon file with five bad rows and three duplicates', async () => {
    const existing = (
      await platform.db.query<{ email: string }>(
        `select email from members where community_id = $1 and email is not null order by mid limit 3`,
        [demo.community],
      )
    ).rows.map((r) => r.email);
    const { page, errors, close } = await openAs('owner', 'da', 'members/import');
    await page.getByLabel('CSV- eller Excel-fil').setInputFiles({
      name: 'medlemmer.csv',
      mimeType: 'text/csv',
      buffer: importFile(existing),
    });
    await page.getByText('Læst som WINDOWS-1252, 1.000 rækker.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Kontrollér rækker' }).click();
    await page.getByText('5 rækker har fejl:').waitFor();
    const problems = await page.getByTestId('import-problems').locator('li').allTextContents();
    expect(problems).toEqual([
      'Række 12, E-mail: ikke en e-mailadresse',
      'Række 22, CPR-nummer: ikke et CPR-nummer (DDMMÅÅ-XXXX)',
      'Række 32, Fornavn: skal udfyldes',
      'Række 42, Postnummer: ukendt postnummer',
      'Række 52, Fødselsdato: ikke en dato',
    ]);
    await page.getByText('3 rækker ligner medlemmer, der allerede er i registret:').waitFor();
    const start = page.getByRole('button', { name: 'Importér 992 rækker' });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel('Importér de gyldige rækker og udelad rækkerne med fejl').check();
    // The button goes away while it uploads; a plain click event starts the import.
    await start.dispatchEvent('click');
    // Once the rows are uploaded the server has the job: close the page while it runs (or
    // right after it finished, on a fast machine), open the page again and find the result.
    await page.getByTestId('import-job').waitFor();
    const job = await one<{ id: string; status: string; total: number }>(
      `select id, status, total from member_import_jobs where community_id = $1 order by created_at desc limit 1`,
      [demo.community],
    );
    expect(['queued', 'running', 'done']).toContain(job.status);
    expect(job.total).toBe(1000);
    expect(errors).toEqual([]);
    await close();

    const again = await openAs('owner', 'da', 'members/import');
    await again.page
      .getByTestId('import-summary')
      .getByText('Oprettet 992, flettet 0, sprunget over 3, fejlet 5.')
      .waitFor({ timeout: 90_000 });
    const imported = await one<{ n: number; city: string }>(
      `select count(*)::int as n, min(city) as city from members where community_id = $1 and last_name = 'Ærøskøbing'`,
      [demo.community],
    );
    expect(imported).toEqual({ n: 992, city: 'Aarhus C' });
    const [download] = await Promise.all([
      again.page.waitForEvent('download'),
      again.page.getByTestId('import-job').getByRole('button', { name: 'Hent rapport' }).click(),
    ]);
    const report = fs.readFileSync((await download.path())!, 'utf8');
    expect(report.charCodeAt(0)).toBe(0xfeff);
    const lines = report.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Række;Resultat;Medlem;Felt;Problem');
    expect(lines).toHaveLength(1001);
    expect(lines.filter((l) => l.split(';')[1] === 'Oprettet')).toHaveLength(992);
    expect(lines.filter((l) => /;Fejlet;/.test(l))).toEqual([
      '12;Fejlet;;E-mail;ikke en e-mailadresse',
      '22;Fejlet;;CPR-nummer;ikke et CPR-nummer (DDMMÅÅ-XXXX)',
      '32;Fejlet;;Fornavn;skal udfyldes',
      '42;Fejlet;;Postnummer;ukendt postnummer',
      '52;Fejlet;;Fødselsdato;ikke en dato',
    ]);
    const skipped = lines.filter((l) => /;Sprunget over;/.test(l)).map((l) => l.split(';'));
    expect(skipped.map((l) => l[0])).toEqual(['102', '103', '104']);
    const duplicates = (
      await platform.db.query<{ id: string }>(
        `select id from members where community_id = $1 and email = any ($2) order by email`,
        [demo.community, existing],
      )
    ).rows.map((r) => r.id);
    expect(skipped.map((l) => l[2]).sort()).toEqual([...duplicates].sort());
    // Nothing of the file's CPR column waits on the server once the job is done.
    const left = await one<{ n: number }>(
      'select count(*)::int as n from member_import_rows where job_id = $1 and cpr_encrypted is not null',
      [job.id],
    );
    expect(left.n).toBe(0);
    await screenshot(again.page, 'members-import-done-da-light');
    expect(again.errors).toEqual([]);
    await again.close();
  });
});

describe('members screenshots', () => {
  it('shows every members screen in both languages and colour modes', async () => {
    const target = await one<{ id: string }>(
      `select m.id from members m join member_cpr c on c.member_id = m.id where m.community_id = $1 order by m.mid limit 1`,
      [demo.community],
    );
    const screens: [string, string, RegExp][] = [
      ['register', 'members', /Members|Medlemmer/],
      ['lookup', 'members/lookup', /Member lookup|Opslag af medlem/],
      ['member', `members/${target.id}`, /./],
      ['profile', `members/${target.id}/profile`, /Profile|Profil/],
      ['import', 'members/import', /Import/],
    ];
    for (const language of ['en', 'da'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await openAs('owner', language, screens[0]![1], mode);
        for (const [name, path, heading] of screens) {
          await page.goto(`${platform.url}/${language}/${demo.slug}/${path}`);
          await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `members-${name}-${language}-${mode}`);
        }
        expect(errors).toEqual([]);
        await close();
      }
    }
    // Phone width, in Danish: the register becomes cards, the member page one column.
    for (const mode of ['light', 'dark'] as const) {
      const { page, errors, close } = await openAs('owner', 'da', screens[0]![1], mode, 'phone');
      for (const [name, path, heading] of screens.filter(([n]) => n !== 'lookup' && n !== 'import')) {
        await page.goto(`${platform.url}/da/${demo.slug}/${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `members-${name}-da-${mode}-phone`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      expect(errors).toEqual([]);
      await close();
    }
  });
});
