// send-welcome-email: sends a group's welcome e-mail to one of its members. POST
// {"group_id": "…", "member_id": "…"} with the group admin's session. Answers 200
// {"message": "Welcome email sent to {email}", "email": "…"} or an error status with
// {"error": "Failed to send welcome email", "reason": "…"} (the app shows these texts).
//
// The database decides who may do this and what the mail says (group_welcome_message checks
// the group admin area and fills the group's Danish or English text in),
// the caller's own token is used for it, and the send is recorded on the group membership.
//
// Environment (functions env file): SMTP_URL (smtp://user:pass@host:port or smtps://…)
// and SMTP_FROM (the sender, e.g. "Søndervang IF <klub@example.dk>").
import { createClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) =>
  json({ error: 'Failed to send welcome email', reason }, status);

interface WelcomeRow {
  email: string | null;
  full_name: string;
  subject: string;
  body: string;
  community_name: string;
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  let body: { group_id?: unknown; member_id?: unknown };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return failed(400, 'invalid_json');
  }
  const groupId = typeof body?.group_id === 'string' ? body.group_id : '';
  const memberId = typeof body?.member_id === 'string' ? body.member_id : '';
  if (!uuidPattern.test(groupId) || !uuidPattern.test(memberId))
    return failed(400, 'group_id_and_member_id_required');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');

  const supabase = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await supabase
    .rpc('group_welcome_message', { p_group_id: groupId, p_member_id: memberId })
    .maybeSingle<WelcomeRow>();
  if (error) return failed(error.message === 'not_in_group' ? 422 : 404, error.message);
  if (!data) return failed(404, 'member_not_found');
  if (!data.email) return failed(422, 'member_has_no_email');
  if (!env.SMTP_URL) return failed(503, 'smtp_not_configured');

  try {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({
      from: env.SMTP_FROM ?? `${data.community_name} <no-reply@localhost>`,
      to: { name: data.full_name, address: data.email },
      subject: data.subject,
      text: data.body,
    });
  } catch {
    return failed(502, 'smtp_failed');
  }
  await supabase.rpc('mark_welcome_sent', { p_group_id: groupId, p_member_id: memberId });
  return json({ message: `Welcome email sent to ${data.email}`, email: data.email });
}
