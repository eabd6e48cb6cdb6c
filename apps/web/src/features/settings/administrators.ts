// The administrators of a community (list_administrators), inviting one by e-mail (the
// invite-administrator function sends the auth invite and grants as the caller) and changing
// what someone may administer (set_administrator_access; the database keeps the last owner).
import type { AdminArea } from '@club/schemas';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { localePath, type Language } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

export async function loadAdministrators(communityId: string) {
  const { data, error } = await supabase().rpc('list_administrators', { p_community_id: communityId });
  if (error) throw error;
  return data ?? [];
}
export type AdministratorRow = Awaited<ReturnType<typeof loadAdministrators>>[number];

export interface AccessChoice {
  areas: AdminArea[];
  membershipManager: boolean;
  owner: boolean;
}

export async function setAdministratorAccess(communityId: string, userId: string, access: AccessChoice) {
  const { error } = await supabase().rpc('set_administrator_access', {
    p_community_id: communityId,
    p_user_id: userId,
    p_areas: access.areas,
    p_membership_manager: access.membershipManager,
    p_owner: access.owner,
  });
  if (error) throw error;
}

/** An error of the invite function in the shape of a database refusal (P0001, the code as
 * message, the sentence as details), so forms and messages treat both alike. */
export class InviteError extends Error {
  readonly code = 'P0001';
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
  }
}

export async function inviteAdministrator(
  communityId: string,
  language: Language,
  invite: { email: string; areas: AdminArea[]; membershipManager: boolean },
): Promise<{ invited: boolean }> {
  const { data, error } = await supabase().functions.invoke<{ user_id: string; invited: boolean }>(
    'invite-administrator',
    {
      body: {
        community_id: communityId,
        email: invite.email,
        areas: invite.areas,
        membership_manager: invite.membershipManager,
        redirect_to: `${window.location.origin}${localePath(language, 'new-password')}`,
      },
    },
  );
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string;
      message?: string;
    };
    throw new InviteError(payload.error ?? 'failed', payload.message ?? error.message);
  }
  if (error) throw new InviteError('failed', error.message);
  return { invited: data?.invited === true };
}
