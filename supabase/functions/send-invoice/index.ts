// send-invoice: an invoice (or credit note) as a PDF, or sent by e-mail with the PDF attached.
// POST {"invoice_id": "…", "action": "pdf"} answers the PDF itself (application/pdf).
// POST {"invoice_id": "…", "action": "send"} (the default) mails the account and answers
// {"message": "Invoice sent to {email}", "email": "…"}; with "reminder_id" it sends that
// reminder instead. POST {"invoice_id": "…", "action": "oioubl"} answers the issued invoice or
// credit note as OIOUBL XML for a public body with an EAN (decision 0955).
// Errors answer {"error": "Failed to send invoice", "reason": "…"}.
//
// The caller's own token reads the invoice (invoice_document checks the billing area), so
// the database decides who may; the sending is noted with mark_invoice_emailed.
//
// Environment (functions env file): SMTP_URL (smtp://user:pass@host:port or smtps://…)
// and SMTP_FROM (the sender, e.g. "Søndervang IF <klub@example.dk>").
import { createClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';
import { composeInvoiceMail } from './compose-invoice-mail';
import type { InvoiceDocument } from './invoice-document';
import { OioublRefusal, renderInvoiceOioubl } from './render-invoice-oioubl';
import { renderInvoicePdf } from './render-invoice-pdf';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) => json({ error: 'Failed to send invoice', reason }, status);

/** An SMTP refusal of the recipient (5xx on RCPT TO) is the address, anything else the server. */
function deliveryReason(error: unknown): string {
  const e = error as { responseCode?: number; command?: string; code?: string };
  if (
    e.code === 'EENVELOPE' ||
    (e.responseCode !== undefined && e.responseCode >= 500 && e.command === 'RCPT TO')
  )
    return 'email_rejected';
  return 'smtp_failed';
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  let body: { invoice_id?: unknown; action?: unknown; reminder_id?: unknown };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return failed(400, 'invalid_json');
  }
  const invoiceId = typeof body?.invoice_id === 'string' ? body.invoice_id : '';
  const action = body?.action ?? 'send';
  const reminderId = typeof body?.reminder_id === 'string' ? body.reminder_id : null;
  if (!uuidPattern.test(invoiceId)) return failed(400, 'invoice_id_required');
  if (action !== 'send' && action !== 'pdf' && action !== 'oioubl') return failed(400, 'unknown_action');
  if (reminderId !== null && !uuidPattern.test(reminderId)) return failed(400, 'invalid_reminder_id');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');

  const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await supabase.rpc('invoice_document', { p_invoice_id: invoiceId });
  if (error) return failed(404, error.message);
  const doc = data as unknown as InvoiceDocument;
  if (action === 'oioubl') {
    let xml: string;
    try {
      xml = renderInvoiceOioubl(doc);
    } catch (refusal) {
      if (refusal instanceof OioublRefusal) return failed(422, refusal.reason);
      throw refusal;
    }
    return new Response(xml, {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="${doc.invoice.kind}-${doc.invoice.number}.xml"`,
      },
    });
  }
  if (action === 'pdf') {
    const pdf = await renderInvoicePdf(doc);
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${doc.invoice.kind}-${doc.invoice.number ?? 'draft'}.pdf"`,
      },
    });
  }

  if (doc.invoice.number === null) return failed(422, 'invoice_not_issued');
  const reminder = reminderId === null ? null : doc.reminders.find((r) => r.id === reminderId);
  if (reminder === undefined) return failed(404, 'reminder_not_found');
  if (!doc.account.email) return failed(422, 'account_has_no_email');
  if (!env.SMTP_URL) return failed(503, 'smtp_not_configured');

  // Refusals come before the rendering, so a run that cannot send does not render.
  const pdf = await renderInvoicePdf(doc);

  const mail = composeInvoiceMail(doc, reminder);
  try {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({
      from: env.SMTP_FROM ?? `${doc.club.name} <no-reply@localhost>`,
      replyTo: doc.payment.invoice_email ?? undefined,
      to: { name: doc.account.name, address: doc.account.email },
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: mail.fileName, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (sendError) {
    return failed(502, deliveryReason(sendError));
  }
  await supabase.rpc('mark_invoice_emailed', {
    p_invoice_id: invoiceId,
    p_reminder_id: reminder?.id ?? null,
  });
  return json({ message: `Invoice sent to ${doc.account.email}`, email: doc.account.email });
}
