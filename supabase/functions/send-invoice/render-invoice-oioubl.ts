// An issued invoice or credit note as an OIOUBL 2.02 document (UBL 2.0), the format public
// bodies in Denmark receive through NemHandel (docs/decisions/0955). Made from the same
// invoice_document() read as the PDF; plain TypeScript so tests can read it without a server.
import { create } from 'xmlbuilder2';
import type { InvoiceDocument } from './invoice-document';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const ROOT = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  credit_note: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

/** Why a document cannot be made; the function answers these as 422 with the code. */
export class OioublRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** 13 digits whose last is the GS1 check digit of the first 12. */
export function isValidEan(ean: string): boolean {
  if (!/^\d{13}$/.test(ean)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(ean[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(ean[12]);
}

/** Øre as DKK with two decimals and a point, in whole numbers so nothing is lost to floats. */
export function amount(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(ore));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type XmlNode = Record<string, unknown>;
type Line = InvoiceDocument['lines'][number];

const money = (currency: string, ore: number): XmlNode => ({ '@currencyID': currency, '#': amount(ore) });
const taxScheme: XmlNode = {
  'cbc:ID': { '@schemeAgencyID': '320', '@schemeID': 'urn:oioubl:id:taxschemeid-1.1', '#': '63' },
  'cbc:Name': 'Moms',
};

/**
 * The VAT class of a line. Exempt lines (kontingent, momsloven §13) and 0 % lines are
 * ZeroRated at 0 %: OIOUBL 2.02's tax category list has no separate exempt class.
 */
function taxClass(line: Pick<Line, 'vat_exempt' | 'vat_rate_bp'>) {
  const rateBp = line.vat_exempt ? 0 : line.vat_rate_bp;
  return { key: rateBp === 0 ? 'ZeroRated' : `StandardRated:${rateBp}`, rateBp };
}

function taxCategory(rateBp: number): XmlNode {
  return {
    'cbc:ID': {
      '@schemeAgencyID': '320',
      '@schemeID': 'urn:oioubl:id:taxcategoryid-1.1',
      '#': rateBp === 0 ? 'ZeroRated' : 'StandardRated',
    },
    // Basis points as a percentage: 2500 → 25, 1250 → 12.5.
    'cbc:Percent': String(rateBp / 100),
    'cac:TaxScheme': taxScheme,
  };
}

function address(street: string | null, postalCode: string | null, city: string | null): XmlNode {
  return {
    'cbc:AddressFormatCode': {
      '@listAgencyID': '320',
      '@listID': 'urn:oioubl:codelist:addressformatcode-1.1',
      '#': 'StructuredLax',
    },
    ...(street ? { 'cbc:StreetName': street } : {}),
    ...(city ? { 'cbc:CityName': city } : {}),
    ...(postalCode ? { 'cbc:PostalZone': postalCode } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'DK' },
  };
}

const cvrId = (cvr: string): XmlNode => ({
  '@schemeAgencyID': '320',
  '@schemeID': 'DK:CVR',
  '#': `DK${cvr}`,
});

/** The OIOUBL XML of an issued invoice or credit note to an account with an EAN location number. */
export function renderInvoiceOioubl(doc: InvoiceDocument): string {
  const { invoice, account, club, payment } = doc;
  if (invoice.number === null || invoice.status === 'draft') throw new OioublRefusal('invoice_not_issued');
  if (invoice.status === 'void') throw new OioublRefusal('invoice_void');
  if (!account.ean) throw new OioublRefusal('account_has_no_ean');
  if (!isValidEan(account.ean)) throw new OioublRefusal('invalid_ean_check_digit');
  if (!club.cvr) throw new OioublRefusal('club_has_no_cvr');
  const credit = invoice.kind === 'credit_note';
  const currency = invoice.currency;

  // One TaxSubtotal per VAT class, in the order the classes first appear on the invoice.
  const classes = new Map<string, { rateBp: number; net: number; vat: number }>();
  for (const line of doc.lines) {
    const { key, rateBp } = taxClass(line);
    const sum = classes.get(key) ?? { rateBp, net: 0, vat: 0 };
    sum.net += line.net_ore;
    sum.vat += line.vat_ore;
    classes.set(key, sum);
  }
  const net = doc.lines.reduce((s, l) => s + l.net_ore, 0);
  const vat = doc.lines.reduce((s, l) => s + l.vat_ore, 0);
  // The invoice's stored totals are the truth; a document that disagrees is not sent.
  if (net !== invoice.subtotal_ore || vat !== invoice.vat_ore || net + vat !== invoice.total_ore)
    throw new OioublRefusal('totals_mismatch');

  const taxTotal: XmlNode = {
    'cbc:TaxAmount': money(currency, vat),
    'cac:TaxSubtotal': [...classes.values()].map((c) => ({
      'cbc:TaxableAmount': money(currency, c.net),
      'cbc:TaxAmount': money(currency, c.vat),
      'cac:TaxCategory': taxCategory(c.rateBp),
    })),
  };

  const taxable = [...classes.values()].some((c) => c.rateBp > 0);
  const supplier: XmlNode = {
    'cac:Party': {
      'cbc:EndpointID': cvrId(club.cvr),
      'cac:PartyIdentification': { 'cbc:ID': cvrId(club.cvr) },
      'cac:PartyName': { 'cbc:Name': club.name },
      'cac:PostalAddress': address(club.street ?? null, club.postal_code ?? null, club.city ?? null),
      // A club that charges VAT is registered for it under its CVR; an exempt one states none.
      ...(taxable
        ? {
            'cac:PartyTaxScheme': {
              'cbc:CompanyID': { '@schemeAgencyID': '320', '@schemeID': 'DK:SE', '#': `DK${club.cvr}` },
              'cac:TaxScheme': taxScheme,
            },
          }
        : {}),
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': club.name, 'cbc:CompanyID': cvrId(club.cvr) },
      ...(payment.invoice_email ? { 'cac:Contact': { 'cbc:ElectronicMail': payment.invoice_email } } : {}),
    },
  };
  const contact: XmlNode = {
    ...(account.contact_reference ? { 'cbc:ID': account.contact_reference } : {}),
    ...(account.email ? { 'cbc:ElectronicMail': account.email } : {}),
  };
  const customer: XmlNode = {
    'cac:Party': {
      'cbc:EndpointID': { '@schemeAgencyID': '9', '@schemeID': 'GLN', '#': account.ean },
      'cac:PartyIdentification': {
        'cbc:ID': account.cvr
          ? cvrId(account.cvr)
          : { '@schemeAgencyID': '9', '@schemeID': 'GLN', '#': account.ean },
      },
      'cac:PartyName': { 'cbc:Name': account.name },
      'cac:PostalAddress': address(account.street, account.postal_code, account.city),
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': account.name,
        ...(account.cvr ? { 'cbc:CompanyID': cvrId(account.cvr) } : {}),
      },
      ...(Object.keys(contact).length > 0 ? { 'cac:Contact': contact } : {}),
    },
  };

  // Bank transfer to the club's account (PaymentMeansCode 42, DK:BANK) with the invoice number
  // as the payment note. An invoice to a public body is paid by bank; without an account the
  // means is left out and the buyer pays as agreed.
  const paymentMeans: XmlNode | null =
    !credit && payment.bank_reg_no && payment.bank_account_no
      ? {
          'cbc:ID': '1',
          'cbc:PaymentMeansCode': '42',
          ...(invoice.due_on ? { 'cbc:PaymentDueDate': invoice.due_on } : {}),
          'cbc:PaymentChannelCode': {
            '@listAgencyID': '320',
            '@listID': 'urn:oioubl:codelist:paymentchannelcode-1.1',
            '#': 'DK:BANK',
          },
          'cac:PayeeFinancialAccount': {
            'cbc:ID': payment.bank_account_no,
            'cbc:PaymentNote': `${invoice.number}`,
            'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bank_reg_no },
          },
        }
      : null;

  const quantityTag = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const lines = doc.lines.map((line, index) => {
    // A credit line (a volunteer credit, a discount) subtracts: a negative quantity at its
    // positive price, so the line amount is negative as on the invoice.
    const quantity = line.line_kind === 'credit' ? -line.quantity : line.quantity;
    const { rateBp } = taxClass(line);
    return {
      'cbc:ID': String(index + 1),
      [quantityTag]: { '@unitCode': 'EA', '#': String(quantity) },
      'cbc:LineExtensionAmount': money(currency, line.net_ore),
      'cac:TaxTotal': {
        'cbc:TaxAmount': money(currency, line.vat_ore),
        'cac:TaxSubtotal': {
          'cbc:TaxableAmount': money(currency, line.net_ore),
          'cbc:TaxAmount': money(currency, line.vat_ore),
          'cac:TaxCategory': taxCategory(rateBp),
        },
      },
      'cac:Item': { 'cbc:Description': line.description, 'cbc:Name': line.description },
      'cac:Price': {
        'cbc:PriceAmount': money(currency, line.unit_price_ore),
        'cbc:BaseQuantity': { '@unitCode': 'EA', '#': '1' },
        'cbc:OrderableUnitFactorRate': '1',
      },
    };
  });

  const body: XmlNode = {
    '@xmlns': ROOT[credit ? 'credit_note' : 'invoice'],
    '@xmlns:cac': CAC,
    '@xmlns:cbc': CBC,
    'cbc:UBLVersionID': '2.0',
    'cbc:CustomizationID': 'OIOUBL-2.02',
    'cbc:ProfileID': {
      '@schemeAgencyID': '320',
      '@schemeID': 'urn:oioubl:id:profileid-1.2',
      '#': 'Procurement-BilSim-1.0',
    },
    'cbc:ID': String(invoice.number),
    'cbc:CopyIndicator': 'false',
    'cbc:UUID': invoice.id,
    'cbc:IssueDate': invoice.issued_on,
    ...(credit
      ? {}
      : {
          'cbc:InvoiceTypeCode': {
            '@listAgencyID': '320',
            '@listID': 'urn:oioubl:codelist:invoicetypecode-1.1',
            '#': '380',
          },
        }),
    ...(invoice.note ? { 'cbc:Note': invoice.note } : {}),
    'cbc:DocumentCurrencyCode': currency,
    ...(account.order_reference
      ? {
          'cac:OrderReference': {
            'cbc:ID': account.order_reference,
            ...(invoice.issued_on ? { 'cbc:IssueDate': invoice.issued_on } : {}),
          },
        }
      : {}),
    ...(credit && invoice.credited_number !== null
      ? {
          'cac:BillingReference': {
            'cac:InvoiceDocumentReference': {
              'cbc:ID': String(invoice.credited_number),
              ...(invoice.credited_issued_on ? { 'cbc:IssueDate': invoice.credited_issued_on } : {}),
            },
          },
        }
      : {}),
    'cac:AccountingSupplierParty': supplier,
    'cac:AccountingCustomerParty': customer,
    ...(paymentMeans ? { 'cac:PaymentMeans': paymentMeans } : {}),
    'cac:TaxTotal': taxTotal,
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(currency, net),
      // OIOUBL 2.02 puts the VAT total here (not the amount before VAT, as plain UBL does).
      'cbc:TaxExclusiveAmount': money(currency, vat),
      'cbc:TaxInclusiveAmount': money(currency, invoice.total_ore),
      'cbc:PayableAmount': money(currency, invoice.total_ore),
    },
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: lines,
  };
  // Characters XML cannot hold (control characters pasted into a description) are dropped;
  // &, <, > and quotes are escaped by the builder, and æ, ø, å stay as UTF-8.
  return create(
    { version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' },
    { [credit ? 'CreditNote' : 'Invoice']: body },
  ).end({
    prettyPrint: true,
  });
}
