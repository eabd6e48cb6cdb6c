// Door check-in on a phone in Danish (decision 1070): the scanner admits a ticket once and refuses
// it the second time (the code typed into the manual field, as a camera would hand it over), names
// a ticket for another event, checks in by name, and keeps working offline: scans made without a
// connection are judged from the downloaded list and sent when the connection is back. Then
// screenshots in both languages and colour modes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signedInMember, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let eventId: string;
let otherEventId: string;
const codes: Record<string, { purchase: string; code: string }> = {};
const adminEmail = 'dorte@sejlklubben.dk';

async function makeEvent(title: string): Promise<string> {
  const starts = new Date(Date.now() + 2 * 3600_000);
  const { data, error } = await platform.adminClient().rpc('save_event', {
    p_event: {
      community_id: club.id,
      title,
      starts_at: starts.toISOString(),
      ends_at: new Date(starts.getTime() + 4 * 3600_000).toISOString(),
      status: 'published',
      visibility: 'members',
      tickets: [{ name: 'Voksen', participant_limit: 50, price_ore: 0 }],
    },
  });
  if (error) throw new Error(error.message);
  return data as string;
}

async function buy(event: string, email: string, first: string, last: string) {
  const member = await signedInMember(platform, club, email, first, last);
  const ticket = await platform.db.query<{ id: string }>('select id from tickets where event_id = $1', [
    event,
  ]);
  const { data, error } = await member.rpc('start_checkout', {
    p_community_id: club.id,
    p_items: [{ kind: 'ticket', ticket_id: ticket.rows[0]!.id }],
    p_idempotency_key: `door-${email}`,
  });
  if (error) throw new Error(error.message);
  const order = (data as { order_id: string }).order_id;
  const line = await platform.db.query<{ purchase_id: string }>(
    `select purchase_id from order_lines where order_id = $1 and kind = 'ticket'`,
    [order],
  );
  const mine = await member.rpc('my_ticket_codes', { p_community_id: club.id });
  if (mine.error) throw new Error(mine.error.message);
  const purchase = line.rows[0]!.purchase_id;
  return {
    purchase,
    code: (mine.data as { purchase_id: string; code: string }[]).find((c) => c.purchase_id === purchase)!
      .code,
  };
}

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'sejlklub', name: 'Sejlklubben Vinden' }, ['event']);
  eventId = await makeEvent('Standerhejsning');
  otherEventId = await makeEvent('Afrigning');
  codes.anna = await buy(eventId, 'anna@example.dk', 'Anna', 'Holm');
  codes.bo = await buy(eventId, 'bo@example.dk', 'Bo', 'Lund');
  codes.carl = await buy(eventId, 'carl@example.dk', 'Carl', 'Berg');
  codes.other = await buy(otherEventId, 'dina@example.dk', 'Dina', 'Krag');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function doorPage(
  language: 'en' | 'da',
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{
  page: Page;
  errors: string[];
  close: () => Promise<void>;
  offline: (on: boolean) => Promise<void>;
}> {
  const context = await newContext(browser, { colorScheme, viewport: 'phone' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(
    page,
    platform,
    adminEmail,
    password,
    language,
    `/${language}/sejlklub/events/${eventId}/door`,
  );
  return { page, errors, close: () => context.close(), offline: (on) => context.setOffline(on) };
}

async function enter(page: Page, code: string) {
  await page.getByLabel('Billetkode').fill(code);
  await page.getByRole('button', { name: 'Tjek billet' }).click();
}

const checkedIn = async (purchase: string): Promise<Date | null> => {
  const row = await platform.db.query<{ at: string | Date | null }>(
    'select checked_in_at as at from ticket_purchases where id = $1',
    [purchase],
  );
  const at = row.rows[0]!.at;
  return at === null ? null : new Date(at);
};

const hhmm = (at: Date) =>
  new Intl.DateTimeFormat('da-DK', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Copenhagen',
  }).format(at);

describe('door check-in', () => {
  it('admits a ticket once and refuses it the second time, with the time it was used', async () => {
    const { page, errors, close } = await doorPage('da');
    await page.getByRole('heading', { level: 1, name: 'Indtjekning ved døren' }).waitFor();
    await page.getByText('3 billetter på denne telefon', { exact: false }).waitFor();
    const verdict = page.getByTestId('door-verdict');

    await enter(page, codes.anna!.code);
    await verdict.getByText('Gyldig – lukkes ind').waitFor();
    await verdict.getByText('Anna Holm · Voksen').waitFor();
    const at = await checkedIn(codes.anna!.purchase);
    expect(at).not.toBeNull();
    await screenshot(page, 'door-admitted-da-light-phone');

    await enter(page, codes.anna!.code);
    await verdict.getByText(`Allerede brugt kl. ${hhmm(at!)}`).waitFor();
    expect(await verdict.getAttribute('data-verdict')).toBe('already_used');
    expect((await checkedIn(codes.anna!.purchase))!.getTime()).toBe(at!.getTime());
    await screenshot(page, 'door-already-used-da-light-phone');

    // Another event's ticket and an altered code.
    await enter(page, codes.other!.code);
    await verdict.getByText('Forkert arrangement').waitFor();
    await verdict.getByText('Billetten gælder Afrigning').waitFor();
    const forged = codes.carl!.code.slice(0, -1) + (codes.carl!.code.endsWith('0') ? '1' : '0');
    await enter(page, forged);
    await verdict.getByText('Ikke gyldig').waitFor();
    await screenshot(page, 'door-not-valid-da-light-phone');
    expect(await checkedIn(codes.other!.purchase)).toBeNull();
    expect(await checkedIn(codes.carl!.purchase)).toBeNull();

    // By name, when the phone at the door has no code to show.
    await page.getByRole('searchbox').fill('carl');
    await page.getByRole('button', { name: 'Tjek Carl Berg ind' }).click();
    await verdict.getByText('Gyldig – lukkes ind').waitFor();
    await verdict.getByText('Carl Berg · Voksen').waitFor();
    expect(await checkedIn(codes.carl!.purchase)).not.toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps scanning offline from the downloaded list and sends the scans afterwards', async () => {
    const { page, errors, close, offline } = await doorPage('da');
    await page.getByText('3 billetter på denne telefon', { exact: false }).waitFor();
    const verdict = page.getByTestId('door-verdict');
    await offline(true);
    await page.getByText('Uden forbindelse – scanninger gemmes på telefonen').waitFor();

    await enter(page, codes.bo!.code);
    await verdict.getByText('Gyldig – lukkes ind').waitFor();
    await verdict.getByText('Tjekket uden forbindelse', { exact: false }).waitFor();
    await enter(page, codes.bo!.code);
    await verdict.getByText(/Allerede brugt kl\. \d\d\.\d\d/).waitFor();
    // Anna was let in online before: the downloaded list knows.
    await enter(page, codes.anna!.code);
    await verdict.getByText(/Allerede brugt kl\. \d\d\.\d\d/).waitFor();
    await page.getByText('3 scanninger venter på at blive sendt').waitFor();
    await screenshot(page, 'door-offline-da-light-phone');
    expect(await checkedIn(codes.bo!.purchase)).toBeNull();

    await offline(false);
    await page.getByText('3 scanninger sendt').first().waitFor();
    await expect.poll(() => checkedIn(codes.bo!.purchase)).not.toBeNull();
    await expect.poll(() => page.getByText('venter på at blive sendt', { exact: false }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('takes screenshots in both languages and colour modes', async () => {
    for (const language of ['en', 'da'] as const)
      for (const mode of ['light', 'dark'] as const) {
        const { page, close } = await doorPage(language, mode);
        await page
          .getByTestId('door-verdict')
          .or(page.getByLabel(language === 'da' ? 'Billetkode' : 'Ticket code'))
          .first()
          .waitFor();
        const field = page.getByLabel(language === 'da' ? 'Billetkode' : 'Ticket code');
        await field.fill(codes.anna!.code);
        await page.getByRole('button', { name: language === 'da' ? 'Tjek billet' : 'Check ticket' }).click();
        await page.getByTestId('door-verdict').waitFor();
        await screenshot(page, `door-${language}-${mode}-phone`);
        await close();
      }
  });
});
