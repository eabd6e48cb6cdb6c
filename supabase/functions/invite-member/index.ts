// invite-member: invites a member to sign in, so their member row is linked to an account.
// POST {"member_id": "…"} with a member admin's session. Answers 200
// {"message": "Invitation sent to {email}", "email": "…", "linked": false}, or, when an account
// with that e-mail already exists, links it and answers {"message": "Linked to the existing
// account of {email}", "email": "…", "linked": true}. Failures: an error status with
// {"error": "Failed to send invitation", "reason": "…"}.
//
// The database decides who may invite whom (member_invite_target, with the caller's token);
// the auth service's admin invite and the link (link_member_account) use the service role.
import { createClient } from '@supabase/supabase-js';
import { invitationData } from '../_shared/go-live';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) =>
  json({ error: 'Failed to send invitation', reason }, status);

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  let body: { member_id?: unknown; redirect_to?: unknown };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return failed(400, 'invalid_json');
  }
  const memberId = typeof body?.member_id === 'string' ? body.member_id : '';
  if (!uuidPattern.test(memberId)) return failed(400, 'member_id_required');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');
  if (!env.SUPABASE_SERVICE_ROLE_KEY) return failed(503, 'service_role_not_available');

  const asCaller = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    ...clientOptions,
    global: { headers: { Authorization: authorization } },
  });
  const target = await asCaller
    .rpc('member_invite_target', { p_member_id: memberId })
    .maybeSingle<{ email: string; full_name: string; community_name: string }>();
  if (target.error)
    return failed(target.error.message === 'member_not_found' ? 404 : 422, target.error.message);
  if (!target.data) return failed(404, 'member_not_found');
  const email = target.data.email;

  const asService = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, clientOptions);
  const redirectTo = typeof body.redirect_to === 'string' ? body.redirect_to : undefined;
  const { data: who } = await asCaller.auth.getUser();
  const home = await asService
    .from('members')
    .select('community_id')
    .eq('id', memberId)
    .single<{ community_id: string }>();
  const names = home.data
    ? await invitationData(asService, home.data.community_id, who.user ?? undefined)
    : { invited_to: target.data.community_name };
  const invited = await asService.auth.admin.inviteUserByEmail(email, {
    data: { full_name: target.data.full_name, ...names },
    ...(redirectTo ? { redirectTo } : {}),
  });
  const exists = invited.error && (invited.error as { code?: string }).code === 'email_exists';
  if (invited.error && !exists) return failed(502, 'invite_failed');
  const linked = await asService.rpc('link_member_account', { p_member_id: memberId });
  if (linked.error) return failed(409, linked.error.message);
  return exists
    ? json({ message: `Linked to the existing account of ${email}`, email, linked: true })
    : json({ message: `Invitation sent to ${email}`, email, linked: false });
}
