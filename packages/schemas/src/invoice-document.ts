// The shape invoice_document() returns (docs/decisions/0865): the invoice, its lines, the payer
// account, the club and how it takes payment. Read by send-invoice (PDF, mail, OIOUBL) and by the
// member app's invoice view.
export interface InvoiceDocument {
  invoice: {
    id: string;
    number: number | null;
    kind: 'invoice' | 'credit_note';
    status: string;
    currency: string;
    issued_on: string | null;
    due_on: string | null;
    note: string | null;
    subtotal_ore: number;
    vat_ore: number;
    total_ore: number;
    fees_ore: number;
    paid_ore: number;
    credited_number: number | null;
    /** The credited invoice's date (credit notes); older reads may lack it. */
    credited_issued_on?: string | null;
  };
  lines: {
    description: string;
    quantity: number;
    unit_price_ore: number;
    vat_rate_bp: number;
    vat_exempt: boolean;
    line_kind: 'charge' | 'credit';
    net_ore: number;
    vat_ore: number;
  }[];
  account: {
    name: string;
    kind: string;
    email: string | null;
    cvr: string | null;
    ean: string | null;
    street: string | null;
    postal_code: string | null;
    city: string | null;
    language: string;
    /** The public body's order number and person reference, for OIOUBL (decision 0955). */
    order_reference?: string | null;
    contact_reference?: string | null;
  };
  club: {
    name: string;
    cvr: string | null;
    time_zone: string;
    street?: string | null;
    postal_code?: string | null;
    city?: string | null;
    /** The club's invoice e-mail (billing settings). */
    email?: string | null;
  };
  /**
   * The FI-kort payment line (+71, decision 1060) of an issued invoice when the club has an FI
   * creditor number: the 15-digit payment identification with its check digit, and the line.
   */
  fi?: { payment_id: string; creditor_no: string; line: string } | null;
  payment: {
    bank_reg_no?: string | null;
    bank_account_no?: string | null;
    iban?: string | null;
    mobilepay_number?: string | null;
    invoice_email?: string | null;
  };
  reminders: { id: string; seq: number; fee_ore: number; reminded_on: string; emailed_at: string | null }[];
}
