// invite-administrator: Settings → Administrators → Invite (docs/decisions/0871). POST
//   {"community_id": "…", "email": "…", "areas": ["event", …], "membership_manager": false,
//    "redirect_to": "https://…/da/new-password"}
// with the session of an owner or membership manager. Checks that the caller may make this
// grant, then sends the auth invite (an address that already has an account gets no mail and
// can sign in), then grants the access as the caller, so the database's rules decide what the
// caller may grant. Answers {"user_id", "invited"} or {"error": code, "message": sentence}.
import { adminAreas } from '@club/schemas';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { checkEmail, GoLiveError, invitationData, inviteOrFindUser, refusal } from '../_shared/go-live';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const areaNames = new Set<string>(adminAreas);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, error: string, message: string) => json({ error, message }, status);

interface InviteBody {
  community_id?: unknown;
  email?: unknown;
  areas?: unknown;
  membership_manager?: unknown;
  redirect_to?: unknown;
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed', 'Use POST');
  let body: InviteBody;
  try {
    body = (await req.json()) as InviteBody;
  } catch {
    return failed(400, 'invalid_json', 'The request body must be JSON');
  }
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY || !env.SUPABASE_SERVICE_ROLE_KEY) {
    return failed(401, 'not_signed_in', 'Sign in as an owner or membership manager');
  }
  const communityId = typeof body.community_id === 'string' ? body.community_id : '';
  if (!uuidPattern.test(communityId)) return failed(400, 'community_id_required', 'Say which community');
  const areas = Array.isArray(body.areas) ? body.areas : [];
  if (!areas.every((a) => typeof a === 'string' && areaNames.has(a))) {
    return failed(422, 'invalid_area', 'Unknown admin area');
  }
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
  const caller = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    ...options,
    global: { headers: { Authorization: authorization } },
  });
  const allowed = await caller.rpc('may_grant_access', { p_community_id: communityId });
  if (allowed.error || allowed.data !== true) {
    return failed(403, 'not_allowed', 'Only owners and membership managers invite administrators');
  }
  try {
    const email = checkEmail(body.email);
    const admin = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, options);
    // Asked once: the grant check and the invitation's "invited by" both need the caller.
    const { data: who, error: whoError } = await caller.auth.getUser();
    const inviter = whoError ? undefined : (who.user ?? undefined);
    const refused = await grantRefusal(inviter, admin, communityId, email, body.membership_manager === true);
    if (refused) return failed(403, 'not_allowed', refused);
    const redirectTo = typeof body.redirect_to === 'string' ? body.redirect_to : undefined;
    const names = await invitationData(admin, communityId, inviter);
    const user = await inviteOrFindUser(admin, email, redirectTo, names);
    const granted = await caller.rpc('set_administrator_access', {
      p_community_id: communityId,
      p_user_id: user.userId,
      p_areas: areas,
      p_membership_manager: body.membership_manager === true,
      p_owner: false,
    });
    if (granted.error) throw refusal(granted.error);
    return json({ user_id: user.userId, invited: user.invited });
  } catch (error) {
    if (error instanceof GoLiveError) {
      return failed(error.code === 'not_allowed' ? 403 : error.status, error.code, error.message);
    }
    throw error;
  }
}

/**
 * Why set_administrator_access would refuse this grant, asked before anyone is invited: an
 * account made and a mail sent for a grant the database then refuses (issue 38) left an
 * invited stranger. The rule is the function's (public.set_administrator_access): only an
 * owner makes a membership manager, changes one, or touches an owner. The grant itself still
 * goes through that function, which decides; this only keeps a refused one from inviting.
 */
async function grantRefusal(
  caller: User | undefined,
  admin: SupabaseClient,
  communityId: string,
  email: string,
  membershipManager: boolean,
): Promise<string | undefined> {
  // No user behind a token may_grant_access accepted: the service role, which may grant all.
  if (!caller) return undefined;
  const mine = await admin
    .from('memberships')
    .select('role')
    .eq('community_id', communityId)
    .eq('user_id', caller.id)
    .maybeSingle<{ role: string }>();
  if (mine.error) throw new GoLiveError('grant_check_failed', mine.error.message, 502);
  if (mine.data?.role === 'owner') return undefined;
  const onlyOwners = 'Only owners change owners and membership managers';
  if (membershipManager) return onlyOwners;
  const found = await admin.rpc('operator_user_id', { p_email: email });
  if (found.error || typeof found.data !== 'string') return undefined;
  const theirs = await admin
    .from('memberships')
    .select('role, membership_manager')
    .eq('community_id', communityId)
    .eq('user_id', found.data)
    .maybeSingle<{ role: string; membership_manager: boolean }>();
  if (theirs.error) throw new GoLiveError('grant_check_failed', theirs.error.message, 502);
  if (theirs.data?.role === 'owner' || theirs.data?.membership_manager) return onlyOwners;
  return undefined;
}
