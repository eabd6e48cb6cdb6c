// The functions service's answers for failures outside a function's own code, in the
// shapes the Supabase gateway and edge runtime use. Runtime failures carry
// x-relay-error: true, which functions-js turns into FunctionsRelayError.
export interface FunctionsFailure {
  status: number;
  body: Record<string, unknown>;
  relay: boolean;
}

export const functionsErrors = {
  notFound: (): FunctionsFailure => ({
    status: 404,
    body: { code: 'NOT_FOUND', message: 'Requested function was not found' },
    relay: true,
  }),
  bootError: (): FunctionsFailure => ({
    status: 503,
    body: { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
    relay: true,
  }),
  workerError: (): FunctionsFailure => ({
    status: 500,
    body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    relay: true,
  }),
  timeout: (): FunctionsFailure => ({
    status: 546,
    body: {
      code: 'WORKER_LIMIT',
      message: 'Function exceeded its wall clock time limit (please check logs)',
    },
    relay: true,
  }),
  memoryLimit: (): FunctionsFailure => ({
    status: 546,
    body: { code: 'WORKER_LIMIT', message: 'Function exceeded its memory limit (please check logs)' },
    relay: true,
  }),
  missingAuthorization: (): FunctionsFailure => ({
    status: 401,
    body: { code: 401, message: 'Missing authorization header' },
    relay: false,
  }),
  invalidJwt: (): FunctionsFailure => ({
    status: 401,
    body: { code: 401, message: 'Invalid JWT' },
    relay: false,
  }),
};

export function renderFunctionsFailure(failure: FunctionsFailure): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (failure.relay) headers['x-relay-error'] = 'true';
  return new Response(JSON.stringify(failure.body), { status: failure.status, headers });
}
