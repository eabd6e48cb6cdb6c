// The OIOUBL renderer (decision 0955) against fixed invoices: the XML is read back with a
// namespace-aware parser and checked element by element — structure, parties, VAT per class,
// totals equal to the invoice's, a credit note, an exempt club, escaping of &, <, > next to
// æ, ø, å — and the refusals.
import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../functions/send-invoice/invoice-document';
import {
  amount,
  isValidEan,
  OioublRefusal,
  renderInvoiceOioubl,
} from '../functions/send-invoice/render-invoice-oioubl';

const NS: Record<string, string> = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

/** The child elements of `parent` (the DOM's own `children` is not used: this one lists descendants). */
const elements = (parent: Element) =>
  Array.from(parent.childNodes).filter((e): e is Element => e.nodeType === 1);
/** The child elements of `parent` named `prefix:local`, matched by namespace URI, not by prefix. */
function all(parent: Element, step: string): Element[] {
  const [prefix, local] = step.split(':') as [string, string];
  return elements(parent).filter((e) => e.namespaceURI === NS[prefix] && e.localName === local);
}
/** The one element at a path of steps ("cac:TaxTotal/cbc:TaxAmount"); fails when not exactly one. */
function one(parent: Element, path: string): Element {
  let at = parent;
  for (const step of path.split('/')) {
    const found = all(at, step);
    if (found.length !== 1) throw new Error(`${path}: ${found.length} × ${step} under ${at.localName}`);
    at = found[0]!;
  }
  return at;
}
const text = (parent: Element, path: string) => one(parent, path).textContent;
const has = (parent: Element, path: string) => {
  try {
    one(parent, path);
    return true;
  } catch {
    return false;
  }
};
const parse = (xml: string) => create(xml).root().node as unknown as Element;
/** øre from a DKK amount written with two decimals. */
const ore = (value: string | null) => {
  expect(value).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(value) * 100);
};

const club = {
  name: 'Søndervang IF',
  cvr: '29384756',
  time_zone: 'Europe/Copenhagen',
  street: 'Idrætsvej 1',
  postal_code: '8260',
  city: 'Viby J',
};
const payment = { bank_reg_no: '5301', bank_account_no: '0001234567', mobilepay_number: '98765' };
const account: InvoiceDocument['account'] = {
  name: 'Aarhus Kommune, Sport & Fritid',
  kind: 'public_body',
  email: 'faktura@aarhus.example.dk',
  cvr: '55133018',
  ean: '5798005770015',
  street: 'Rådhuspladsen 2',
  postal_code: '8000',
  city: 'Aarhus C',
  language: 'da',
  order_reference: 'SOF-2026-114',
  contact_reference: 'Hal & baner <Øst>',
};
const line = (fields: Partial<InvoiceDocument['lines'][number]>): InvoiceDocument['lines'][number] => {
  const quantity = fields.quantity ?? 1;
  const unit = fields.unit_price_ore ?? 0;
  const exempt = fields.vat_exempt ?? true;
  const rate = exempt ? 0 : (fields.vat_rate_bp ?? 2500);
  const sign = fields.line_kind === 'credit' ? -1 : 1;
  return {
    description: 'Linje',
    line_kind: 'charge',
    ...fields,
    quantity,
    unit_price_ore: unit,
    vat_exempt: exempt,
    vat_rate_bp: rate,
    net_ore: sign * quantity * unit,
    vat_ore: sign * Math.round((quantity * unit * rate) / 10000),
  };
};
const hall = line({
  description: 'Leje af hal & bane <A> "Øst", uge 12',
  quantity: 4,
  unit_price_ore: 45000,
  vat_exempt: false,
  vat_rate_bp: 2500,
});
const fee = line({ description: 'Kontingent, skoleholdet 2026', unit_price_ore: 120000 });
const volunteer = line({
  description: 'Klubhjælp, Sæson 2026: 5,0 timer',
  unit_price_ore: 15000,
  line_kind: 'credit',
});

function document(
  lines: InvoiceDocument['lines'],
  invoice: Partial<InvoiceDocument['invoice']> = {},
  more: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  const subtotal = lines.reduce((s, l) => s + l.net_ore, 0);
  const vat = lines.reduce((s, l) => s + l.vat_ore, 0);
  return {
    invoice: {
      id: '6f1c2b8e-3a49-4d0e-9a57-2c1e8b7d4f10',
      number: 1042,
      kind: 'invoice',
      status: 'issued',
      currency: 'DKK',
      issued_on: '2026-03-02',
      due_on: '2026-04-01',
      note: null,
      subtotal_ore: subtotal,
      vat_ore: vat,
      total_ore: subtotal + vat,
      fees_ore: 0,
      paid_ore: 0,
      credited_number: null,
      ...invoice,
    },
    lines,
    account,
    club,
    payment,
    reminders: [],
    ...more,
  };
}

function refusal(doc: InvoiceDocument): string {
  try {
    renderInvoiceOioubl(doc);
  } catch (error) {
    if (error instanceof OioublRefusal) return error.reason;
    throw error;
  }
  throw new Error('the document was made');
}

describe('OIOUBL invoice', () => {
  const doc = document([hall, fee, volunteer]);
  const xml = renderInvoiceOioubl(doc);
  const root = parse(xml);

  it('is an OIOUBL 2.02 Invoice in the UBL 2.0 namespaces', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(root.namespaceURI).toBe(NS.inv);
    expect(root.localName).toBe('Invoice');
    expect(text(root, 'cbc:UBLVersionID')).toBe('2.0');
    expect(text(root, 'cbc:CustomizationID')).toBe('OIOUBL-2.02');
    const profile = one(root, 'cbc:ProfileID');
    expect(profile.textContent).toBe('Procurement-BilSim-1.0');
    expect(profile.getAttribute('schemeID')).toBe('urn:oioubl:id:profileid-1.2');
    expect(text(root, 'cbc:ID')).toBe('1042');
    expect(text(root, 'cbc:UUID')).toBe(doc.invoice.id);
    expect(text(root, 'cbc:IssueDate')).toBe('2026-03-02');
    expect(text(root, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(text(root, 'cbc:DocumentCurrencyCode')).toBe('DKK');
    expect(text(root, 'cac:OrderReference/cbc:ID')).toBe('SOF-2026-114');
    // UBL's order of the top-level elements.
    expect(elements(root).map((e) => e.localName)).toEqual([
      'UBLVersionID',
      'CustomizationID',
      'ProfileID',
      'ID',
      'CopyIndicator',
      'UUID',
      'IssueDate',
      'InvoiceTypeCode',
      'DocumentCurrencyCode',
      'OrderReference',
      'AccountingSupplierParty',
      'AccountingCustomerParty',
      'PaymentMeans',
      'TaxTotal',
      'LegalMonetaryTotal',
      'InvoiceLine',
      'InvoiceLine',
      'InvoiceLine',
    ]);
  });

  it('names the club by its CVR and the public body by its EAN (GLN)', () => {
    const seller = one(root, 'cac:AccountingSupplierParty/cac:Party');
    const endpoint = one(seller, 'cbc:EndpointID');
    expect(endpoint.textContent).toBe('DK29384756');
    expect(endpoint.getAttribute('schemeID')).toBe('DK:CVR');
    expect(text(seller, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe('DK29384756');
    expect(text(seller, 'cac:PartyName/cbc:Name')).toBe('Søndervang IF');
    expect(text(seller, 'cac:PostalAddress/cbc:StreetName')).toBe('Idrætsvej 1');
    expect(text(seller, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('DK');
    expect(text(seller, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe('DK29384756');

    const buyer = one(root, 'cac:AccountingCustomerParty/cac:Party');
    const gln = one(buyer, 'cbc:EndpointID');
    expect(gln.textContent).toBe('5798005770015');
    expect(gln.getAttribute('schemeID')).toBe('GLN');
    expect(text(buyer, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe('DK55133018');
    expect(text(buyer, 'cac:PostalAddress/cbc:CityName')).toBe('Aarhus C');
    expect(text(buyer, 'cac:Contact/cbc:ID')).toBe('Hal & baner <Øst>');
  });

  it('has lines in DKK with two decimals, and a credit line as a negative quantity', () => {
    const lines = all(root, 'cac:InvoiceLine');
    expect(lines.map((l) => text(l, 'cbc:ID'))).toEqual(['1', '2', '3']);
    expect(lines.map((l) => text(l, 'cbc:InvoicedQuantity'))).toEqual(['4', '1', '-1']);
    expect(lines.map((l) => text(l, 'cbc:LineExtensionAmount'))).toEqual(['1800.00', '1200.00', '-150.00']);
    expect(lines.map((l) => text(l, 'cac:Price/cbc:PriceAmount'))).toEqual(['450.00', '1200.00', '150.00']);
    expect(lines.map((l) => text(l, 'cac:TaxTotal/cbc:TaxAmount'))).toEqual(['450.00', '0.00', '0.00']);
    expect(lines.map((l) => text(l, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID'))).toEqual([
      'StandardRated',
      'ZeroRated',
      'ZeroRated',
    ]);
    expect(text(lines[0]!, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent')).toBe('25');
    expect(one(lines[0]!, 'cbc:LineExtensionAmount').getAttribute('currencyID')).toBe('DKK');
  });

  it('sums VAT per class, and its totals equal the invoice and its lines', () => {
    const tax = one(root, 'cac:TaxTotal');
    expect(ore(text(tax, 'cbc:TaxAmount'))).toBe(doc.invoice.vat_ore);
    const classes = all(tax, 'cac:TaxSubtotal').map((s) => ({
      category: text(s, 'cac:TaxCategory/cbc:ID'),
      percent: text(s, 'cac:TaxCategory/cbc:Percent'),
      taxable: text(s, 'cbc:TaxableAmount'),
      vat: text(s, 'cbc:TaxAmount'),
    }));
    expect(classes).toEqual([
      { category: 'StandardRated', percent: '25', taxable: '1800.00', vat: '450.00' },
      { category: 'ZeroRated', percent: '0', taxable: '1050.00', vat: '0.00' },
    ]);
    const totals = one(root, 'cac:LegalMonetaryTotal');
    expect(ore(text(totals, 'cbc:LineExtensionAmount'))).toBe(doc.invoice.subtotal_ore);
    expect(ore(text(totals, 'cbc:TaxExclusiveAmount'))).toBe(doc.invoice.vat_ore);
    expect(ore(text(totals, 'cbc:TaxInclusiveAmount'))).toBe(doc.invoice.total_ore);
    expect(ore(text(totals, 'cbc:PayableAmount'))).toBe(330000);
    const lineSum = all(root, 'cac:InvoiceLine').reduce(
      (s, l) => s + ore(text(l, 'cbc:LineExtensionAmount')),
      0,
    );
    expect(lineSum).toBe(doc.invoice.subtotal_ore);
    const classSum = all(tax, 'cac:TaxSubtotal').reduce((s, c) => s + ore(text(c, 'cbc:TaxableAmount')), 0);
    expect(classSum).toBe(doc.invoice.subtotal_ore);
  });

  it('says how to pay: bank transfer to the club, by the due date, with the invoice number', () => {
    const means = one(root, 'cac:PaymentMeans');
    expect(text(means, 'cbc:PaymentMeansCode')).toBe('42');
    expect(text(means, 'cbc:PaymentDueDate')).toBe('2026-04-01');
    expect(text(means, 'cbc:PaymentChannelCode')).toBe('DK:BANK');
    expect(text(means, 'cac:PayeeFinancialAccount/cbc:ID')).toBe('0001234567');
    expect(text(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')).toBe('5301');
    expect(text(means, 'cac:PayeeFinancialAccount/cbc:PaymentNote')).toBe('1042');
  });

  it('escapes &, <, > and keeps æ, ø, å as UTF-8 text', () => {
    expect(xml).toContain('Leje af hal &amp; bane &lt;A&gt; "Øst", uge 12');
    expect(xml).toContain('Aarhus Kommune, Sport &amp; Fritid');
    expect(xml).toContain('Klubhjælp, Sæson 2026');
    expect(xml).not.toMatch(/&#x?[0-9a-f]+;/i);
    expect(text(all(root, 'cac:InvoiceLine')[0]!, 'cac:Item/cbc:Description')).toBe(hall.description);
    expect(text(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name')).toBe(account.name);
    // A control character pasted into a description cannot be in XML; it is dropped.
    const pasted = renderInvoiceOioubl(document([{ ...fee, description: 'Kontingent\u0007 2026' }]));
    expect(text(all(parse(pasted), 'cac:InvoiceLine')[0]!, 'cac:Item/cbc:Description')).toBe(
      'Kontingent 2026',
    );
  });
});

describe('OIOUBL credit note', () => {
  const doc = document([hall, fee], {
    id: '0b7d1e52-8c3f-4a61-b2d4-9e0f1a2b3c4d',
    number: 1043,
    kind: 'credit_note',
    issued_on: '2026-03-09',
    due_on: '2026-03-09',
    credited_number: 1042,
    credited_issued_on: '2026-03-02',
  });
  const root = parse(renderInvoiceOioubl(doc));

  it('is a CreditNote that refers to the credited invoice, with credited quantities', () => {
    expect(root.namespaceURI).toBe(NS.cn);
    expect(root.localName).toBe('CreditNote');
    expect(text(root, 'cbc:CustomizationID')).toBe('OIOUBL-2.02');
    expect(text(root, 'cbc:ID')).toBe('1043');
    expect(has(root, 'cbc:InvoiceTypeCode')).toBe(false);
    expect(has(root, 'cac:PaymentMeans')).toBe(false);
    expect(text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('1042');
    expect(text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe('2026-03-02');
    expect(all(root, 'cac:InvoiceLine')).toHaveLength(0);
    const lines = all(root, 'cac:CreditNoteLine');
    expect(lines.map((l) => text(l, 'cbc:CreditedQuantity'))).toEqual(['4', '1']);
    const totals = one(root, 'cac:LegalMonetaryTotal');
    expect(ore(text(totals, 'cbc:LineExtensionAmount'))).toBe(300000);
    expect(ore(text(totals, 'cbc:TaxExclusiveAmount'))).toBe(45000);
    expect(ore(text(totals, 'cbc:PayableAmount'))).toBe(doc.invoice.total_ore);
  });
});

describe('OIOUBL from a VAT-exempt club', () => {
  it('has one zero-rated class, no VAT and no VAT registration for the club', () => {
    const doc = document([fee, line({ description: 'Stævnegebyr', quantity: 2, unit_price_ore: 7550 })]);
    const root = parse(renderInvoiceOioubl(doc));
    expect(has(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')).toBe(false);
    const subtotals = all(one(root, 'cac:TaxTotal'), 'cac:TaxSubtotal');
    expect(subtotals).toHaveLength(1);
    expect(text(subtotals[0]!, 'cac:TaxCategory/cbc:ID')).toBe('ZeroRated');
    expect(text(subtotals[0]!, 'cbc:TaxableAmount')).toBe('1351.00');
    expect(text(root, 'cac:TaxTotal/cbc:TaxAmount')).toBe('0.00');
    expect(text(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('1351.00');
  });
});

describe('OIOUBL refusals', () => {
  it('refuses drafts, void invoices, payers without a valid EAN, a club without CVR and wrong totals', () => {
    expect(refusal(document([fee], { number: null, status: 'draft', issued_on: null, due_on: null }))).toBe(
      'invoice_not_issued',
    );
    expect(refusal(document([fee], { status: 'void' }))).toBe('invoice_void');
    expect(refusal(document([fee], {}, { account: { ...account, kind: 'household', ean: null } }))).toBe(
      'account_has_no_ean',
    );
    expect(refusal(document([fee], {}, { account: { ...account, ean: '5798005770011' } }))).toBe(
      'invalid_ean_check_digit',
    );
    expect(refusal(document([fee], {}, { club: { ...club, cvr: null } }))).toBe('club_has_no_cvr');
    expect(refusal(document([fee], { total_ore: 1 }))).toBe('totals_mismatch');
  });
});

describe('OIOUBL helpers', () => {
  it('write øre as DKK with two decimals and check EAN digits', () => {
    expect([0, 5, 99, 100, -15000, 123456789].map(amount)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '-150.00',
      '1234567.89',
    ]);
    expect(isValidEan('5798005770015')).toBe(true);
    expect(isValidEan('4006381333931')).toBe(true);
    expect(isValidEan('5798005770011')).toBe(false);
    expect(isValidEan('579800577001')).toBe(false);
    expect(isValidEan('57980057700a5')).toBe(false);
  });
});
