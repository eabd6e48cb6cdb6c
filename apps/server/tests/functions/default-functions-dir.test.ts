// Without FUNCTIONS_DIR the runner serves the repository's supabase/functions, the
// functions the club app calls (check-url, send-welcome-email).
import os from 'node:os';
import path from 'node:path';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

describe('functions from supabase/functions', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-default-storage') });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('runs the app functions and answers their own refusals as HTTP errors, not relay errors', async () => {
    const welcome = await t.client().functions.invoke('send-welcome-email', { body: { group_id: 'nope' } });
    expect(welcome.error).toBeInstanceOf(FunctionsHttpError);
    const res = (welcome.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(400);
    expect(res.headers.get('x-relay-error')).toBeNull();
    expect(await res.json()).toMatchObject({ error: 'Failed to send welcome email' });

    const unknown = await t.client().functions.invoke('not-an-app-function');
    expect((unknown.error as { context: Response }).context.status).toBe(404);
  });
});
