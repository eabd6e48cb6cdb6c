// OIOUBL for a public body in Chromium, in Danish (decision 0955): the payer form refuses an EAN
// with a wrong check digit and keeps the order number and person reference; an invoice to the
// payer is issued and downloaded as OIOUBL XML, whose content is read back; a household's
// invoice offers no OIOUBL and says why; screenshots in dark mode on a phone.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { create } from 'xmlbuilder2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'kasserer@roklubben.dk';
let householdInvoice: number;

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
/** The text of the element at a path of local names under the document element (cac/cbc). */
function at(root: Element, ...names: string[]): string | null {
  let node: Element | undefined = root;
  for (const name of names)
    node = Array.from(node?.childNodes ?? [])
      .filter((e): e is Element => e.nodeType === 1)
      .find((e) => e.localName === name && (e.namespaceURI === CBC || e.namespaceURI === CAC));
  return node?.textContent ?? null;
}

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben Å & Sø' }, ['billing']);
  await platform.db.query(`update communities set cvr = '29384756' where id = $1`, [club.id]);
  await platform.db.query(
    `insert into billing_settings (community_id, bank_reg_no, bank_account_no, street, postal_code, city)
     values ($1, '5301', '0001234567', 'Åvej 7', '8600', 'Silkeborg')`,
    [club.id],
  );
  // A household with an issued invoice: no EAN, so no OIOUBL.
  const account = await platform.db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name) values ($1, 'household', 'Familien Ørum') returning id`,
    [club.id],
  );
  const invoice = await platform.db.query<{ id: string }>(
    `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
    [club.id, account.rows[0]!.id],
  );
  await platform.db.query(
    `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Kontingent 2027', 80000)`,
    [club.id, invoice.rows[0]!.id],
  );
  const issued = await platform.db.query<{ number: number }>(
    `update invoices set status = 'issued' where id = $1 returning number`,
    [invoice.rows[0]!.id],
  );
  householdInvoice = Number(issued.rows[0]!.number);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function billingPage(
  route: string,
  options: { colorScheme?: 'light' | 'dark'; viewport?: 'phone' | 'desktop' } = {},
) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, 'da', `/da/roklub/billing/${route}`);
  return { page, errors, close: () => context.close() };
}

async function confirm(page: Page, title: RegExp, button: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('OIOUBL', () => {
  it('keeps a public body with a checked EAN and downloads its invoice as OIOUBL XML', async () => {
    const { page, errors, close } = await billingPage('accounts/new');
    await page.getByRole('heading', { level: 1, name: 'Ny betaler' }).waitFor();
    await page.getByLabel('Type').selectOption('public_body');
    await page.getByLabel('Navn').fill('Silkeborg Kommune, Kultur & Fritid');
    await page.getByLabel('EAN-lokationsnummer').fill('5798 0057 7001 1');
    await page.getByLabel('Ordrenummer').fill('KF-2027/88');
    await page.getByLabel('Personreference').fill('Idræt <hal 2>');
    await page.getByRole('button', { name: 'Gem betaler' }).click();
    await page
      .getByText(
        'Sidste ciffer i et EAN-lokationsnummer er et kontrolciffer, og det passer ikke med de første 12. Tjek nummeret hos myndigheden.',
      )
      .waitFor();
    await screenshot(page, 'billing-public-body-da-light');
    await page.getByLabel('EAN-lokationsnummer').fill('5798 0057 7001 5');
    await page.getByRole('button', { name: 'Gem betaler' }).click();
    await page.getByRole('heading', { level: 1, name: 'Silkeborg Kommune, Kultur & Fritid' }).waitFor();
    const saved = await platform.db.query(
      `select ean, order_reference, contact_reference from billing_accounts where community_id = $1 and kind = 'public_body'`,
      [club.id],
    );
    expect(saved.rows).toEqual([
      { ean: '5798005770015', order_reference: 'KF-2027/88', contact_reference: 'Idræt <hal 2>' },
    ]);

    await page.getByRole('button', { name: 'Ny fakturakladde' }).click();
    const draft = page.getByRole('dialog', { name: 'Fakturakladde til Silkeborg Kommune, Kultur & Fritid' });
    await draft.getByRole('button', { name: 'Tilføj linje' }).click();
    await draft.getByLabel('Beskrivelse').first().fill('Leje af bådhal & bro, uge 23');
    await draft.getByLabel('Stykpris (kr.)').first().fill('1.500');
    await draft.getByLabel('Moms').first().selectOption('taxable');
    await draft.getByRole('button', { name: 'Gem linjer' }).click();
    await page.getByText('Kladdens linjer er gemt', { exact: true }).waitFor();
    await draft.getByText('1.875,00 kr.').first().waitFor();
    // A draft has no OIOUBL: only issued invoices have a number to send.
    expect(await draft.getByRole('button', { name: 'OIOUBL (XML)' }).count()).toBe(0);
    await draft.getByRole('button', { name: 'Udsted' }).click();
    await confirm(page, /Udsted fakturaen til Silkeborg Kommune, Kultur & Fritid\?/, 'Udsted');
    const { rows } = await platform.db.query<{
      id: string;
      number: number;
      due_on: string;
      total_ore: number;
    }>(
      `select id, number, to_char(due_on, 'YYYY-MM-DD') as due_on, total_ore from invoices i
       where community_id = $1 and status = 'issued' and account_id =
         (select id from billing_accounts where community_id = $1 and kind = 'public_body')`,
      [club.id],
    );
    const number = Number(rows[0]!.number);
    expect(Number(rows[0]!.total_ore)).toBe(187500);
    const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'OIOUBL (XML)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`faktura-${number}-oioubl.xml`);
    const xml = fs.readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('Roklubben Å &amp; Sø');
    expect(xml).toContain('Leje af bådhal &amp; bro, uge 23');
    const root = create(xml).root().node as unknown as Element;
    expect(root.localName).toBe('Invoice');
    expect(at(root, 'CustomizationID')).toBe('OIOUBL-2.02');
    expect(at(root, 'ID')).toBe(String(number));
    expect(at(root, 'OrderReference', 'ID')).toBe('KF-2027/88');
    expect(at(root, 'AccountingSupplierParty', 'Party', 'EndpointID')).toBe('DK29384756');
    expect(at(root, 'AccountingSupplierParty', 'Party', 'PostalAddress', 'CityName')).toBe('Silkeborg');
    expect(at(root, 'AccountingCustomerParty', 'Party', 'EndpointID')).toBe('5798005770015');
    expect(at(root, 'AccountingCustomerParty', 'Party', 'Contact', 'ID')).toBe('Idræt <hal 2>');
    expect(at(root, 'PaymentMeans', 'PaymentDueDate')).toBe(rows[0]!.due_on);
    expect(at(root, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'ID')).toBe('StandardRated');
    expect(at(root, 'TaxTotal', 'TaxAmount')).toBe('375.00');
    expect(at(root, 'LegalMonetaryTotal', 'LineExtensionAmount')).toBe('1500.00');
    expect(at(root, 'LegalMonetaryTotal', 'PayableAmount')).toBe('1875.00');
    expect(at(root, 'InvoiceLine', 'Item', 'Description')).toBe('Leje af bådhal & bro, uge 23');
    expect(errors).toEqual([]);
    await close();
  });

  it("offers no OIOUBL for a household's invoice and says why, also dark on a phone", async () => {
    const { page, errors, close } = await billingPage('invoices', { colorScheme: 'dark', viewport: 'phone' });
    await page.getByRole('heading', { level: 1, name: 'Fakturaer' }).waitFor();
    // On a phone each invoice is a card that opens it.
    await page.getByRole('button', { name: `${householdInvoice} · Familien Ørum` }).click();
    const detail = page.getByRole('dialog', { name: `Faktura ${householdInvoice}` });
    await detail
      .getByText(
        'OIOUBL (XML) til NemHandel laves for offentlige myndigheder med et EAN-lokationsnummer. Tilføj EAN-nummeret på betaleren for at få den.',
      )
      .waitFor();
    expect(await detail.getByRole('button', { name: 'OIOUBL (XML)' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Hent PDF' }).waitFor();
    await screenshot(page, 'billing-invoice-no-oioubl-da-dark-phone');
    await detail.getByRole('button', { name: 'Luk' }).click();
    await detail.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /· Silkeborg Kommune, Kultur & Fritid/ }).click();
    const publicDetail = page.getByRole('dialog', { name: /^Faktura \d+$/ });
    await publicDetail.getByRole('button', { name: 'OIOUBL (XML)' }).waitFor();
    await screenshot(page, 'billing-invoice-oioubl-da-dark-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the public body with its references in English', async () => {
    const { rows } = await platform.db.query<{ id: string }>(
      `select id from billing_accounts where community_id = $1 and kind = 'public_body'`,
      [club.id],
    );
    const context = await newContext(browser, {});
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'en', `/en/roklub/billing/accounts/${rows[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Silkeborg Kommune, Kultur & Fritid' }).waitFor();
    expect(await page.getByLabel('Order number').inputValue()).toBe('KF-2027/88');
    expect(await page.getByLabel('Person reference').inputValue()).toBe('Idræt <hal 2>');
    await page
      .getByText("The public body's order or requisition number, sent in the OIOUBL invoice.")
      .waitFor();
    await screenshot(page, 'billing-public-body-en-light');
    expect(errors).toEqual([]);
    await context.close();
  });
});
