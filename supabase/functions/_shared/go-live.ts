// Going live (docs/decisions/0870), shared by `npm run community:create` and the first-run
// setup function: invite the owner through the auth invite (an account that already exists
// is reused and gets no mail), then let the database create the community and the owner's
// membership. Every rule lives in the database functions called here.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface NewCommunity {
  id: string;
  slug: string;
  name: string;
}

export interface GoLiveOwner {
  userId: string;
  /** False when the address already had an account: it was made owner without a mail. */
  invited: boolean;
}

export class GoLiveError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function checkEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!emailPattern.test(email) || email.length > 254) {
    throw new GoLiveError('invalid_email', `"${String(raw ?? '')}" is not an e-mail address`);
  }
  return email;
}

export function checkCommunityName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name.length === 0 || name.length > 120) {
    throw new GoLiveError('invalid_name', 'A community needs a name of 1 to 120 characters');
  }
  return name;
}

/**
 * What an invitation mail names: the community (`invited_to`) and, when a person invites, who
 * (`invited_by`: their name in the community's register, else their account's name, else their
 * address). Kept in the invited user's metadata, where the auth server's invite mail (and a
 * hosted project's invite template, as {{ .Data.invited_to }}) reads them.
 */
export async function invitationData(
  admin: SupabaseClient,
  communityId: string,
  inviter?: { id: string; email?: string; user_metadata?: Record<string, unknown> },
): Promise<Record<string, string>> {
  const data: Record<string, string> = {};
  const community = await admin
    .from('communities')
    .select('name')
    .eq('id', communityId)
    .maybeSingle<{ name: string }>();
  if (community.data?.name) data.invited_to = community.data.name;
  if (inviter) {
    const member = await admin
      .from('members')
      .select('full_name')
      .eq('community_id', communityId)
      .eq('user_id', inviter.id)
      .limit(1)
      .maybeSingle<{ full_name: string }>();
    const named = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const name =
      named(member.data?.full_name) ??
      named(inviter.user_metadata?.full_name) ??
      named(inviter.user_metadata?.name) ??
      named(inviter.email);
    if (name) data.invited_by = name;
  }
  return data;
}

/** Sends the auth invite to an address, or finds the account it already has. */
export async function inviteOrFindUser(
  admin: SupabaseClient,
  email: string,
  redirectTo: string | undefined,
  data?: Record<string, string>,
): Promise<GoLiveOwner> {
  const { data: invited, error } = await admin.auth.admin.inviteUserByEmail(email, {
    redirectTo,
    ...(data && Object.keys(data).length ? { data } : {}),
  });
  if (!error && invited.user) return { userId: invited.user.id, invited: true };
  if (error?.code === 'email_exists') {
    const found = await admin.rpc('operator_user_id', { p_email: email });
    if (!found.error && typeof found.data === 'string') return { userId: found.data, invited: false };
  }
  if (error?.status === 400 || error?.status === 422) {
    throw new GoLiveError(error.code ?? 'invite_failed', error.message);
  }
  throw new GoLiveError(
    'invite_failed',
    `The invitation could not be sent: ${error?.message ?? 'unknown'}`,
    502,
  );
}

/** Turns a database refusal (P0001 with a code as message, a sentence as detail) into a GoLiveError. */
export function refusal(error: { message: string; details?: string | null }): GoLiveError {
  return new GoLiveError(error.message, error.details || error.message);
}

/**
 * Checks the name, invites (or finds) the owner, then creates the community with that owner:
 * `create` is the database call that creates it (the operator's create_community, or the
 * first-run setup that also consumes the setup token).
 */
export async function goLive(
  admin: SupabaseClient,
  input: { name: string; ownerEmail: string; slug?: string; redirectTo?: string },
  create: (
    slug: string,
    ownerUserId: string,
  ) => PromiseLike<{ data: unknown; error: { message: string; details?: string | null } | null }>,
): Promise<{ community: NewCommunity; owner: GoLiveOwner }> {
  const checked = await admin.rpc('check_new_community', { p_name: input.name, p_slug: input.slug ?? null });
  if (checked.error) throw refusal(checked.error);
  // The community is made after the invite (it needs the owner), so the mail names it from the input.
  const owner = await inviteOrFindUser(admin, input.ownerEmail, input.redirectTo, { invited_to: input.name });
  const { data, error } = await create(String(checked.data), owner.userId);
  if (error || !data) throw refusal(error ?? { message: 'create_failed' });
  const row = data as NewCommunity;
  return { community: { id: row.id, slug: row.slug, name: row.name }, owner };
}
