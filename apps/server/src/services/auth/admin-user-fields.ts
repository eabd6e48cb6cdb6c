// Shared reading of the admin user body (create and update): ban durations, metadata,
// e-mail/phone and role.
import { validation } from './auth-errors';
import {
  normaliseEmail,
  normalisePhone,
  optionalBoolean,
  optionalObject,
  optionalString,
  rawString,
  type Body,
} from './request-body';

/** A Go-style duration ("24h", "1h30m", "90s") in seconds, or "none" (= unban). */
export function parseBanDuration(value: string): number | 'none' {
  if (value === 'none') return 'none';
  const units: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw validation(`ban_duration: time: invalid duration "${value}"`);
  }
  const seconds = parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0);
  if (!Number.isFinite(seconds) || seconds > 100 * 365 * 24 * 3600)
    throw validation('ban_duration is too long');
  return seconds;
}

export interface AdminUserFields {
  email: string | undefined;
  phone: string | undefined;
  password: string | undefined;
  role: string | undefined;
  emailConfirm: boolean | undefined;
  phoneConfirm: boolean | undefined;
  userMetadata: Record<string, unknown> | undefined;
  appMetadata: Record<string, unknown> | undefined;
  banDuration: number | 'none' | undefined;
}

export function readAdminUserFields(body: Body): AdminUserFields {
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const ban = optionalString(body, 'ban_duration');
  const role = optionalString(body, 'role');
  if (role !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(role))
    throw validation('role is not a valid role name');
  return {
    email: email ? normaliseEmail(email) : undefined,
    phone: phone ? normalisePhone(phone) : undefined,
    password: rawString(body, 'password'),
    role,
    emailConfirm: optionalBoolean(body, 'email_confirm'),
    phoneConfirm: optionalBoolean(body, 'phone_confirm'),
    userMetadata: optionalObject(body, 'user_metadata'),
    appMetadata: optionalObject(body, 'app_metadata'),
    banDuration: ban ? parseBanDuration(ban) : undefined,
  };
}
