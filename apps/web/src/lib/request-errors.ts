// Which failures are worth another try. A request the server refused (4xx: a malformed id, a
// missing row, no access, a broken rule) answers the same the next time, so it is shown at
// once; network failures (already retried by the fetch), timeouts and server errors are
// retried. Used by the query client for every area.

/** A record that does not exist (or is not visible): areas throw it from their loaders, and
 * pages show the 404 view for it. */
export class NotFoundError extends Error {
  constructor(what = 'record') {
    super(`${what}_not_found`);
    this.name = 'NotFoundError';
  }
}

// SQLSTATE classes that are worth retrying: connection (08), serialization and deadlock (40),
// resources (53), operator intervention (57), system (58), internal (XX).
const transientClasses = new Set(['08', '40', '53', '57', '58', 'XX']);

export function isClientError(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number') return status >= 400 && status < 500;
  if (typeof code !== 'string' || code === '') return false;
  // PGRST0xx are the data service's own connection failures (503); other PGRST codes are 4xx.
  if (code.startsWith('PGRST')) return !/^PGRST0\d\d$/.test(code);
  if (/^[0-9A-Z]{5}$/.test(code)) return !transientClasses.has(code.slice(0, 2));
  return false;
}

/** react-query's retry rule: up to two more tries, never for a refused request. */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && !isClientError(error);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): boolean {
  return value !== undefined && uuidPattern.test(value);
}
