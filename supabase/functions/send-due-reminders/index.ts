// send-due-reminders: the reminder run (rykkere, decisions 0868 and 1022), called by the
// scheduled job send-due-reminders (cron.schedule in the migrations) with the service-role
// key, on a hosted Supabase project as on our platform. For every community it makes the
// reminders due on the community's own day (public.create_due_reminders: the terms' schedule
// and renteloven §9b are the database's), then mails every reminder not yet mailed through
// send-invoice, so a reminder goes out with the same PDF and mail as one a treasurer sends.
// Creating is idempotent and a mailed reminder is marked; the job's run is claimed once per
// scheduled time, so with several instances each reminder is mailed once.
//
// POST (no body needed) answers {"created": n, "mailed": n, "failed": [{"reminder_id", "reason"}]}.
// Errors answer {"error": "Failed to send reminders", "reason": "…"}.
import { createClient } from '@supabase/supabase-js';

type Env = Readonly<Record<string, string | undefined>>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) =>
  json({ error: 'Failed to send reminders', reason }, status);

/** Reminders are mailed for this many days after they were made; then they stay unsent. */
const mailWindowDays = 7;

/** A date as YYYY-MM-DD on a time zone's calendar. */
const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!env.SUPABASE_URL || !key) return failed(500, 'service_role_key_missing');
  // Only the scheduled job (the service role) runs reminders for every community.
  if (req.headers.get('authorization') !== `Bearer ${key}`) return failed(403, 'service_role_only');
  const supabase = createClient(env.SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  const now = new Date();
  const communities = await supabase.from('communities').select('id, time_zone');
  if (communities.error) return failed(502, communities.error.message);
  let created = 0;
  for (const community of communities.data as { id: string; time_zone: string }[]) {
    const made = await supabase.rpc('create_due_reminders', {
      p_community_id: community.id,
      p_day: dayIn(community.time_zone, now),
    });
    if (made.error) return failed(502, made.error.message);
    created += Array.isArray(made.data) ? made.data.length : 0;
  }

  const since = new Date(now.getTime() - mailWindowDays * 86_400_000).toISOString().slice(0, 10);
  const unsent = await supabase
    .from('invoice_reminders')
    .select('id, invoice_id, invoices!inner(status)')
    .is('emailed_at', null)
    .eq('invoices.status', 'issued')
    .gte('reminded_on', since)
    .order('created_at')
    .order('id');
  if (unsent.error) return failed(502, unsent.error.message);
  let mailed = 0;
  const failures: { reminder_id: string; reason: string }[] = [];
  for (const reminder of unsent.data as { id: string; invoice_id: string }[]) {
    const response = await fetch(`${env.SUPABASE_URL}/functions/v1/send-invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: key, authorization: `Bearer ${key}` },
      body: JSON.stringify({ invoice_id: reminder.invoice_id, action: 'send', reminder_id: reminder.id }),
    });
    if (response.ok) {
      mailed += 1;
      continue;
    }
    const reason = ((await response.json().catch(() => ({}))) as { reason?: string }).reason;
    failures.push({ reminder_id: reminder.id, reason: reason ?? `http_${response.status}` });
    // Without mail set up nothing else can go out either; the next run tries again.
    if (reason === 'smtp_not_configured') break;
  }
  return json({ created, mailed, failed: failures });
}
