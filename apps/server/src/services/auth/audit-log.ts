// The audit log (auth.audit_log_entries) in GoTrue's payload shape.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'user_signedup'
  | 'user_invited'
  | 'user_confirmation_requested'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_updated_password'
  | 'user_modified'
  | 'user_deleted'
  | 'token_refreshed'
  | 'token_revoked'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'verification_attempted'
  | 'identity_linked'
  | 'identity_unlinked'
  | 'user_repeated_signup'
  | 'passkey_created'
  | 'passkey_deleted';

export async function audit(
  q: Queryable,
  entry: {
    action: AuditAction;
    actorId: string | undefined;
    actorUsername: string | undefined;
    ip: string;
    logType?: 'account' | 'user' | 'token' | 'factor' | 'team';
    traits?: Record<string, unknown>;
  },
): Promise<void> {
  const payload = {
    actor_id: entry.actorId ?? '',
    actor_username: entry.actorUsername ?? '',
    actor_via_sso: false,
    action: entry.action,
    log_type: entry.logType ?? 'account',
    ...(entry.traits ? { traits: entry.traits } : {}),
  };
  await q.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2::json, now(), $3)`,
    [crypto.randomUUID(), JSON.stringify(payload), entry.ip.slice(0, 64)],
  );
}
