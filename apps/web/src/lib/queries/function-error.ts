// A failed edge-function call as the data layer reads failures: the function's `reason` (the
// database's business code or its own) as a P0001-style code, so describe-error files map it.
import { FunctionsHttpError } from '@supabase/supabase-js';

export async function functionError(error: unknown): Promise<unknown> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { reason?: unknown } | null;
    if (typeof body?.reason === 'string' && /^[a-z][a-z_]*$/.test(body.reason))
      return { code: 'P0001', message: body.reason };
  }
  return error;
}
