// community-setup: the first-run setup screen's call (docs/decisions/0870). POST
//   {"token": "…", "check": true}                       → {"valid": true|false}
//   {"token": "…", "name": "Søndervang IF", "owner_email": "…", "language": "da",
//    "redirect_to": "https://…/da/new-password"}         → {"community": {id, slug, name}, "invited": true}
// Errors answer {"error": code, "message": sentence}. The token is the one the start-up
// banner prints while the installation has no community; the database consumes it once.
import { createClient } from '@supabase/supabase-js';
import { checkCommunityName, checkEmail, GoLiveError, goLive } from '../_shared/go-live';

type Env = Readonly<Record<string, string | undefined>>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, error: string, message: string) => json({ error, message }, status);

interface SetupBody {
  token?: unknown;
  check?: unknown;
  name?: unknown;
  owner_email?: unknown;
  language?: unknown;
  redirect_to?: unknown;
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed', 'Use POST');
  let body: SetupBody;
  try {
    body = (await req.json()) as SetupBody;
  } catch {
    return failed(400, 'invalid_json', 'The request body must be JSON');
  }
  const token = typeof body?.token === 'string' ? body.token.trim() : '';
  if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) {
    return failed(503, 'setup_unavailable', 'Setup needs the service role key; use npm run community:create');
  }
  const admin = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const valid = await admin.rpc('setup_token_valid', { p_token: token });
  if (valid.error) return failed(500, 'setup_check_failed', valid.error.message);
  if (body.check === true) return json({ valid: valid.data === true });
  if (valid.data !== true) {
    return failed(403, 'invalid_setup_token', 'The setup link is wrong or has already been used');
  }
  try {
    const name = checkCommunityName(body.name);
    const ownerEmail = checkEmail(body.owner_email);
    const language = body.language === 'en' ? 'en' : 'da';
    const redirectTo = typeof body.redirect_to === 'string' ? body.redirect_to : undefined;
    const result = await goLive(admin, { name, ownerEmail, redirectTo }, (_slug, ownerUserId) =>
      admin
        .rpc('complete_first_run_setup', {
          p_token: token,
          p_name: name,
          p_owner_user_id: ownerUserId,
          p_default_language: language,
        })
        .single(),
    );
    return json({ community: result.community, invited: result.owner.invited });
  } catch (error) {
    if (error instanceof GoLiveError) {
      const status = error.code === 'invalid_setup_token' || error.code === 'setup_done' ? 403 : error.status;
      return failed(status, error.code, error.message);
    }
    throw error;
  }
}
