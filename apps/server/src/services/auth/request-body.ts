// Reading and checking request bodies: at most 1 MiB of JSON (missing body = {}), and
// typed accessors that name the offending field in validation_failed errors.
import type { Context } from 'hono';
import { AuthError, validation } from './auth-errors';

export const maxBodyBytes = 1024 * 1024;

export type Body = Record<string, unknown>;

export async function readBody(c: Context): Promise<Body> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > maxBodyBytes) tooLarge();
  let text: string;
  try {
    const buffer = await c.req.arrayBuffer();
    if (buffer.byteLength > maxBodyBytes) tooLarge();
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError(400, 'bad_json', 'Could not read request body');
  }
  const contentType = c.req.header('content-type') ?? '';
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: invalid JSON');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Body;
}

function tooLarge(): never {
  throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
}

/** A string field; null, undefined and "" read as undefined. */
export function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validation(`${field} must be a string`);
  return value === '' ? undefined : value;
}

/** Like optionalString but keeps "" (a password explicitly set to empty). */
export function rawString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validation(`${field} must be a string`);
  return value;
}

export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw validation(`${field} must be a boolean`);
  return value;
}

export function optionalObject(body: Body, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validation(`${field} must be an object`);
  return value as Record<string, unknown>;
}

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Lower-cases and checks an e-mail address. */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 255) throw validation('An email address is too long');
  if (!emailPattern.test(trimmed)) throw validation('Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}

/** Strips "+" and spaces; the rest must be 2–15 digits not starting with 0 (E.164). */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s+]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw validation('Invalid phone number format (E.164 required)');
  return digits;
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
