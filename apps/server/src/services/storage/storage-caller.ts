// Who is calling the storage API, and running statements as them. Every metadata
// statement goes through withRequestContext so row-level security on storage.objects
// and storage.buckets decides, as in storage-api; "privileged" reads (public and signed
// downloads, bucket limits) run as service_role the same way.
import type { Context } from 'hono';
import { GatewayError, resolveCaller, type Caller } from '../../access/caller';
import type { Queryable } from '../../database/database';
import { withRequestContext, type RequestContext } from '../../database/with-request-context';
import type { AppEnv } from '../../http/app-env';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

const jwtMessages: Record<string, string> = {
  malformed: 'Invalid Compact JWS',
  unsupported_algorithm: 'Unsupported "alg" value for a JSON Web Key Set',
  no_matching_key: 'no applicable key found in the JSON Web Key Set',
  bad_signature: 'signature verification failed',
  expired: '"exp" claim timestamp check failed',
  missing_expiry: '"exp" claim is missing',
  invalid_claims: 'invalid JWT claims',
};

const anonCaller: Caller = { role: 'anon', claims: { role: 'anon' }, jwt: undefined, keyRole: undefined };

/**
 * Resolves the caller. Routes that serve public objects (allowAnon) run a request with a
 * missing or invalid token as anon; every other route refuses it with AccessDenied.
 */
export async function storageCaller(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  options: { allowAnon: boolean },
): Promise<Caller> {
  try {
    const caller = await resolveCaller(
      rt.deps.keys,
      { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
      { requireKey: false },
    );
    if (caller.jwt === undefined && !options.allowAnon)
      throw storageErrors.accessDenied('Invalid Compact JWS');
    return caller;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (options.allowAnon) return anonCaller;
    const failure = error.jwtError?.failure;
    throw storageErrors.accessDenied(failure ? (jwtMessages[failure] ?? error.message) : error.message);
  }
}

function headersOf(c: Context<AppEnv>): Record<string, string> {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

export function callerContext(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  caller: Caller,
  operation: string,
): RequestContext {
  return {
    role: caller.role,
    claims: caller.claims,
    method: c.req.method,
    path: c.req.path,
    headers: headersOf(c),
    searchPath: ['storage', 'public', 'extensions'],
    settings: {
      ...rt.deps.dbSettings,
      'request.jwt': caller.jwt ?? '',
      'storage.operation': operation,
      'storage.allow_delete_query': 'true',
    },
  };
}

const serviceCaller: Caller = {
  role: 'service_role',
  claims: { role: 'service_role' },
  jwt: undefined,
  keyRole: 'service_role',
};

export function asCaller<T>(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withRequestContext(rt.deps.db, callerContext(rt, c, caller, operation), fn);
}

/** Runs as service_role: reads that storage-api does as its superuser. */
export function asService<T>(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  operation: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return withRequestContext(rt.deps.db, callerContext(rt, c, serviceCaller, operation), fn);
}

class TrialRollback extends Error {}

/** Runs fn as the caller and rolls it back: storage-api's "testPermission". */
export async function trialAsCaller(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  caller: Caller,
  operation: string,
  fn: (tx: Queryable) => Promise<void>,
): Promise<void> {
  try {
    await asCaller(rt, c, caller, operation, async (tx) => {
      await fn(tx);
      throw new TrialRollback();
    });
  } catch (error) {
    if (!(error instanceof TrialRollback)) throw error;
  }
}

/** The owner columns for rows the caller creates: the JWT subject. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' && caller.claims.sub !== '' ? caller.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}
