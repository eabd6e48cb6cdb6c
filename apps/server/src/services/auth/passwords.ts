// Password hashing (bcrypt cost 10 via @node-rs/bcrypt, which also verifies pgcrypto's
// $2a$ hashes) and GoTrue's strength rules with the product's minimum length of 8.
import { hash, verify } from '@node-rs/bcrypt';
import { AuthError, validation } from './auth-errors';

const cost = 10;
/** Compared against for unknown users, so a miss costs the same as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { cost });
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !stored.startsWith('$2')) {
    decoyHash ??= hash('decoy-password-for-timing', { cost });
    await verify(password, await decoyHash);
    return false;
  }
  return verify(password, stored);
}

export interface PasswordRules {
  minLength: number;
  requiredCharacters: string | undefined;
}

function characterSets(spec: string | undefined): string[] {
  if (!spec) return [];
  return spec
    .split(/(?<!\\):/)
    .map((s) => s.replace(/\\:/g, ':'))
    .filter((s) => s !== '');
}

/** The failing reasons and the combined message; empty reasons means acceptable. */
export function passwordWeakness(
  rules: PasswordRules,
  password: string,
): { reasons: string[]; message: string } {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password, 'utf8') < rules.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.minLength} characters.`);
  }
  const sets = characterSets(rules.requiredCharacters);
  if (sets.some((set) => ![...set].some((ch) => password.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return { reasons, message: messages.join(' ') };
}

export function assertPasswordLength(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > 72)
    throw validation('Password cannot be longer than 72 characters');
}

/** Throws 400 for over 72 bytes and 422 weak_password with the reasons. */
export function assertStrongPassword(rules: PasswordRules, password: string): void {
  assertPasswordLength(password);
  const weakness = passwordWeakness(rules, password);
  if (weakness.reasons.length > 0) {
    throw new AuthError(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
  }
}
