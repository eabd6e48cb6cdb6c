// One reading of a failed request for every screen (decision 1031): the business code a
// database function raised (SQLSTATE P0001 with the code as its message), or the kind of
// failure when there is none. Screens turn the code into words of their namespace.
export type DataErrorKind = 'permission' | 'constraint' | 'network' | 'unknown';

export function dataErrorCode(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && /^[a-z][a-z_]*$/.test(message)) return message;
  return dataErrorKind(code, message, e.name);
}

function dataErrorKind(code: string, message: string, name: unknown): DataErrorKind {
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST116') return 'permission';
  if (code.startsWith('23') || code.startsWith('22')) return 'constraint';
  if (name === 'TypeError' || /fetch|network/i.test(message) || !navigator.onLine) return 'network';
  return 'unknown';
}
