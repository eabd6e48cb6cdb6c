// send-invoice through the platform as the app calls it (supabase-js with a billing admin's
// session): the PDF's text read back with pdftotext (number, lines, VAT, total, club, due
// date, payment details), and the invoice mailed with the PDF attached to a real SMTP
// listener that refuses one address, as a mail server refuses an unknown mailbox.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { create } from 'xmlbuilder2';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;
let smtp: SmtpListener;
let envDir: string;
let admin: SupabaseClient;
let invoiceId: string;
let invoiceNumber: number;

function pdfText(pdf: Buffer): string {
  const file = path.join(envDir, `doc-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The base64 body of the mail's application/pdf part. */
function attachedPdf(raw: string): { fileName: string; pdf: Buffer } {
  const part = /Content-Type: application\/pdf;?[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  const name = /filename="?([^";\r\n]+)"?/.exec(raw);
  if (!part || !name) throw new Error(`no PDF attachment in:\n${raw.slice(0, 2000)}`);
  return { fileName: name[1]!, pdf: Buffer.from(part[1]!.replace(/\s/g, ''), 'base64') };
}

/** Luhn's check digit written out independently of the database's (weights 2, 1, ... from the right). */
function luhn(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return (10 - (sum % 10)) % 10;
}

async function errorOf(error: unknown): Promise<{ status: number; reason: string }> {
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, reason: ((await response.json()) as { reason: string }).reason };
}

async function draftInvoice(
  account: Record<string, unknown>,
  lines: Record<string, unknown>[],
): Promise<string> {
  const created = await admin
    .from('billing_accounts')
    .insert({ community_id: demo.community, ...account })
    .select('id')
    .single();
  expect(created.error).toBeNull();
  const invoice = await admin
    .from('invoices')
    .insert({ community_id: demo.community, account_id: created.data!.id })
    .select('id')
    .single();
  expect(invoice.error).toBeNull();
  const id = invoice.data!.id as string;
  const added = await admin.from('invoice_lines').insert(
    lines.map((line, i) => ({
      community_id: demo.community,
      invoice_id: id,
      sort_order: i,
      quantity: 1,
      vat_rate_bp: 0,
      vat_exempt: true,
      ...line,
    })),
  );
  expect(added.error).toBeNull();
  return id;
}

const issue = async (id: string) => {
  const { data, error } = await admin.rpc('issue_invoice', { p_invoice_id: id });
  expect(error).toBeNull();
  return Number(data);
};

const pdfOf = async (id: string) => {
  const { data, error } = await admin.functions.invoke('send-invoice', {
    body: { invoice_id: id, action: 'pdf' },
  });
  expect(error).toBeNull();
  return Buffer.from(await (data as Blob).arrayBuffer());
};

beforeAll(async () => {
  smtp = await startSmtpListener({ refuse: (address) => address.startsWith('bounce') });
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'send-invoice-'));
  fs.writeFileSync(
    path.join(envDir, '.env'),
    `SMTP_URL=${smtp.url}\nSMTP_FROM="Søndervang IF <kasserer@example.dk>"\n`,
  );
  platform = await startTestPlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  demo = await seedDemo(platform.db, { members: 40, accounts: 3 });
  await platform.db.query(`update communities set cvr = '29384756' where id = $1`, [demo.community]);
  await platform.db.query(
    `insert into billing_settings (community_id, bank_reg_no, bank_account_no, iban, mobilepay_number,
                                   fi_creditor_no, invoice_email, street, postal_code, city)
     values ($1, '5301', '0001234567', 'DK5053010001234567', '98765',
             '85338555', 'kasserer@sondervang-if.dk', 'Idrætsvej 12', '8260', 'Viby J')
     on conflict (community_id) do update set bank_reg_no = excluded.bank_reg_no,
       bank_account_no = excluded.bank_account_no, iban = excluded.iban, mobilepay_number = excluded.mobilepay_number,
       fi_creditor_no = excluded.fi_creditor_no, invoice_email = excluded.invoice_email,
       street = excluded.street, postal_code = excluded.postal_code, city = excluded.city`,
    [demo.community],
  );
  admin = platform.client();
  const signIn = await admin.auth.signInWithPassword({
    email: demo.adminEmail,
    password: demo.adminPassword,
  });
  expect(signIn.error).toBeNull();
  invoiceId = await draftInvoice(
    {
      name: 'Pia Kjær',
      kind: 'household',
      email: 'pia@example.dk',
      street: 'Skovvej 3',
      postal_code: '8260',
      city: 'Viby J',
    },
    [
      { description: 'Kontingent 2026', unit_price_ore: 120000 },
      { description: 'Klubtrøje', quantity: 2, unit_price_ore: 20000, vat_rate_bp: 2500, vat_exempt: false },
    ],
  );
  invoiceNumber = await issue(invoiceId);
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.close();
  fs.rmSync(envDir, { recursive: true, force: true });
});

describe('send-invoice', () => {
  it('makes a Danish PDF with the number, lines, VAT, total, due date and how to pay', async () => {
    const text = pdfText(await pdfOf(invoiceId));
    const { data } = await admin.from('invoices').select('due_on').eq('id', invoiceId).single();
    const due = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${(data as { due_on: string }).due_on}T12:00:00Z`),
    );
    expect(text).toContain('Faktura');
    expect(text).toMatch(new RegExp(`Fakturanummer\\s+${invoiceNumber}\\b`));
    expect(text).toContain('CVR 29384756');
    expect(text).toMatch(/Kontingent 2026\s+1\s+1\.200,00 kr\.\s+fritaget\s+1\.200,00 kr\./);
    expect(text).toMatch(/Klubtrøje\s+2\s+200,00 kr\.\s+25 %\s+400,00 kr\./);
    expect(text).toMatch(/Subtotal\s+1\.600,00 kr\./);
    expect(text).toMatch(/Moms\s+100,00 kr\./);
    expect(text).toMatch(/I alt\s+1\.700,00 kr\./);
    expect(text).toMatch(new RegExp(`Forfaldsdato\\s+${due}`));
    expect(text).toContain('reg.nr. 5301, kontonr. 0001234567');
    expect(text).toContain('Fra udlandet: IBAN DK5053010001234567');
    expect(text).toContain('MobilePay: 98765');
    expect(text).toContain('Pia Kjær');
  });

  it("prints the club's address and e-mail, and the FI-kort +71 line with its check digit", async () => {
    const text = pdfText(await pdfOf(invoiceId));
    const { rows } = await platform.db.query<{ id: string }>('select app_private.fi_payment_id($1) as id', [
      invoiceNumber,
    ]);
    expect(rows[0]!.id).toBe(
      String(invoiceNumber).padStart(14, '0') + luhn(String(invoiceNumber).padStart(14, '0')),
    );
    expect(text).toContain('Idrætsvej 12');
    expect(text).toContain('8260 Viby J');
    expect(text).toContain('E-mail kasserer@sondervang-if.dk');
    expect(text).toContain(`FI-kort (betal det i netbanken): +71<${rows[0]!.id}+85338555<`);
  });

  it('mails the invoice with the PDF attached and notes that it went', async () => {
    const { data, error } = await admin.functions.invoke('send-invoice', { body: { invoice_id: invoiceId } });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Invoice sent to pia@example.dk', email: 'pia@example.dk' });
    const mail = smtp.mails.find((m) => m.to.includes('pia@example.dk'));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(new RegExp(`Subject: .*Faktura[ _]${invoiceNumber}[ _]fra`));
    const { fileName, pdf } = attachedPdf(mail!.raw);
    expect(fileName).toBe(`faktura-${invoiceNumber}.pdf`);
    expect(pdfText(pdf)).toMatch(/I alt\s+1\.700,00 kr\./);
    const fiId = String(invoiceNumber).padStart(14, '0') + luhn(String(invoiceNumber).padStart(14, '0'));
    expect(mail!.raw).toContain(`netbank: +71<${fiId}+85338555<`);
    const noted = await platform.db.query(
      `select emailed_at is not null as sent from invoices where id = $1`,
      [invoiceId],
    );
    expect(noted.rows[0]).toEqual({ sent: true });
  });

  it("writes an English account's credit note in English", async () => {
    const id = await draftInvoice(
      { name: 'Oak Ltd', kind: 'organisation', cvr: '12345678', language: 'en', email: 'oak@example.com' },
      [
        {
          description: 'Court rental',
          quantity: 3,
          unit_price_ore: 45000,
          vat_rate_bp: 2500,
          vat_exempt: false,
        },
      ],
    );
    const number = await issue(id);
    const credited = await admin.rpc('credit_invoice', { p_invoice_id: id, p_reason: 'Cancelled' });
    expect(credited.error).toBeNull();
    const text = pdfText(await pdfOf(credited.data as string));
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credits invoice ${number}`);
    expect(text).toMatch(/Court rental\s+3\s+DKK\s?450\.00\s+25 %\s+DKK\s?1,350\.00/);
    expect(text).toMatch(/VAT\s+DKK\s?337\.50/);
    expect(text).toMatch(/Total\s+DKK\s?1,687\.50/);
  });

  it('refuses drafts, accounts without e-mail, refused addresses and callers outside billing, clearly', async () => {
    const draft = await draftInvoice({ name: 'Uden post' }, [
      { description: 'Kontingent', unit_price_ore: 1000 },
    ]);
    expect(
      await errorOf((await admin.functions.invoke('send-invoice', { body: { invoice_id: draft } })).error),
    ).toEqual({
      status: 422,
      reason: 'invoice_not_issued',
    });
    await issue(draft);
    expect(
      await errorOf((await admin.functions.invoke('send-invoice', { body: { invoice_id: draft } })).error),
    ).toEqual({
      status: 422,
      reason: 'account_has_no_email',
    });
    const bounce = await draftInvoice({ name: 'Forkert', email: 'bounce@example.dk' }, [
      { description: 'Kontingent', unit_price_ore: 1000 },
    ]);
    await issue(bounce);
    expect(
      await errorOf((await admin.functions.invoke('send-invoice', { body: { invoice_id: bounce } })).error),
    ).toEqual({
      status: 502,
      reason: 'email_rejected',
    });
    const notSent = await platform.db.query(`select emailed_at from invoices where id = $1`, [bounce]);
    expect(notSent.rows[0]).toEqual({ emailed_at: null });

    const member = platform.client();
    await member.auth.signInWithPassword({ email: demo.memberEmails[0]!, password: demo.adminPassword });
    expect(
      await errorOf(
        (await member.functions.invoke('send-invoice', { body: { invoice_id: invoiceId } })).error,
      ),
    ).toEqual({
      status: 404,
      reason: 'invoice_not_found',
    });
    const malformed = await admin.functions.invoke('send-invoice', { body: { invoice_id: 'x' } });
    expect((await errorOf(malformed.error)).status).toBe(400);
  });
});

describe('send-invoice as OIOUBL (decision 0955)', () => {
  const cbc = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
  const cac = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
  const oioubl = (id: string) =>
    admin.functions.invoke<string>('send-invoice', { body: { invoice_id: id, action: 'oioubl' } });
  /** The text of the first element at a path of local names, each in the cac or cbc namespace. */
  const at = (root: Element, ...names: string[]) => {
    let node: Element | undefined = root;
    for (const name of names)
      node = Array.from(node?.childNodes ?? [])
        .filter((e): e is Element => e.nodeType === 1)
        .find((e) => e.localName === name && (e.namespaceURI === cbc || e.namespaceURI === cac));
    return node?.textContent ?? null;
  };
  const publicBody = {
    name: 'Aarhus Kommune, Sport og Fritid',
    kind: 'public_body',
    ean: '5798 0057 7001 5',
    cvr: '55133018',
    order_reference: 'SOF-2026-114',
    contact_reference: 'Kultur & Fritid',
  };

  it("answers an issued invoice to a public body as OIOUBL whose totals are the invoice's", async () => {
    const id = await draftInvoice(publicBody, [
      {
        description: 'Leje af hal & bane, uge 12',
        quantity: 4,
        unit_price_ore: 45000,
        vat_rate_bp: 2500,
        vat_exempt: false,
      },
      { description: 'Kontingent, skoleholdet', unit_price_ore: 120000 },
    ]);
    const number = await issue(id);
    const { data, error } = await oioubl(id);
    expect(error).toBeNull();
    expect(typeof data).toBe('string');
    const root = create(data!).root().node as unknown as Element;
    expect(root.localName).toBe('Invoice');
    expect(at(root, 'CustomizationID')).toBe('OIOUBL-2.02');
    expect(at(root, 'ID')).toBe(String(number));
    expect(at(root, 'AccountingCustomerParty', 'Party', 'EndpointID')).toBe('5798005770015');
    expect(at(root, 'AccountingSupplierParty', 'Party', 'EndpointID')).toBe('DK29384756');
    expect(at(root, 'OrderReference', 'ID')).toBe('SOF-2026-114');
    expect(at(root, 'AccountingCustomerParty', 'Party', 'Contact', 'ID')).toBe('Kultur & Fritid');
    expect(at(root, 'PaymentMeans', 'PayeeFinancialAccount', 'ID')).toBe('0001234567');
    const stored = await platform.db.query<{
      subtotal_ore: string;
      vat_ore: string;
      total_ore: string;
      due_on: string;
    }>(
      `select subtotal_ore, vat_ore, total_ore, to_char(due_on, 'YYYY-MM-DD') as due_on from invoices where id = $1`,
      [id],
    );
    const row = stored.rows[0]!;
    const dkk = (ore: string) => (Number(ore) / 100).toFixed(2);
    expect(at(root, 'LegalMonetaryTotal', 'LineExtensionAmount')).toBe(dkk(row.subtotal_ore));
    expect(at(root, 'LegalMonetaryTotal', 'TaxExclusiveAmount')).toBe(dkk(row.vat_ore));
    expect(at(root, 'LegalMonetaryTotal', 'PayableAmount')).toBe(dkk(row.total_ore));
    expect(at(root, 'LegalMonetaryTotal', 'PayableAmount')).toBe('3450.00');
    expect(at(root, 'PaymentMeans', 'PaymentDueDate')).toBe(row.due_on);

    const credited = await admin.rpc('credit_invoice', { p_invoice_id: id, p_reason: 'Forkert uge' });
    expect(credited.error).toBeNull();
    const note = await oioubl(credited.data as string);
    expect(note.error).toBeNull();
    const creditRoot = create(note.data!).root().node as unknown as Element;
    expect(creditRoot.localName).toBe('CreditNote');
    expect(at(creditRoot, 'BillingReference', 'InvoiceDocumentReference', 'ID')).toBe(String(number));
    expect(at(creditRoot, 'LegalMonetaryTotal', 'PayableAmount')).toBe('3450.00');
  });

  it('refuses payers without an EAN, drafts, and callers outside billing, clearly', async () => {
    expect(await errorOf((await oioubl(invoiceId)).error)).toEqual({
      status: 422,
      reason: 'account_has_no_ean',
    });
    const draft = await draftInvoice({ ...publicBody, name: 'Region Midtjylland' }, [
      { description: 'Kursus', unit_price_ore: 50000 },
    ]);
    expect(await errorOf((await oioubl(draft)).error)).toEqual({ status: 422, reason: 'invoice_not_issued' });
    const member = platform.client();
    await member.auth.signInWithPassword({ email: demo.memberEmails[0]!, password: demo.adminPassword });
    const outsider = await member.functions.invoke('send-invoice', {
      body: { invoice_id: draft, action: 'oioubl' },
    });
    expect(await errorOf(outsider.error)).toEqual({ status: 404, reason: 'invoice_not_found' });
  });

  it('refuses an EAN whose check digit is wrong when the payer is saved', async () => {
    const wrong = await admin
      .from('billing_accounts')
      .insert({ community_id: demo.community, name: 'Kommune', kind: 'public_body', ean: '5798005770011' })
      .select('id');
    expect(wrong.error?.message).toBe('invalid_ean_check_digit');
    expect(wrong.error?.details).toMatch(/check digit/);
  });
});
