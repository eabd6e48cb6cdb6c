// Warm function workers wait FUNCTIONS_IDLE_MS for their next call and are then stopped. A call
// that arrives while an idle worker is being stopped gets another worker, never the dying one:
// it used to be handed the stopping thread and answer 500 WORKER_ERROR.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const idleMs = 25;

describe('idle function workers', () => {
  let t: TestPlatform;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestPlatform({
      FUNCTIONS_DIR: fixtures,
      FUNCTIONS_IDLE_MS: String(idleMs),
      FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
      STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-idle-storage'),
    });
    auth = { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` };
  });
  afterAll(async () => {
    await t.stop();
  });

  async function warmCalls(): Promise<{ status: number; calls?: number; body: string }> {
    const response = await fetch(`${t.url}/functions/v1/warm`, { headers: auth });
    const body = await response.text();
    const calls = response.ok ? (JSON.parse(body) as { calls: number }).calls : undefined;
    return { status: response.status, calls, body };
  }

  it('stops a worker left idle longer than the limit, so the next call boots a fresh one', async () => {
    // Back to back (well within the limit even on a slow machine, as the boot dominates):
    // the warm worker counts on; after a pause of many limits it starts at 1 again.
    const first = await warmCalls();
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, idleMs * 40));
    const afterPause = await warmCalls();
    expect(afterPause).toMatchObject({ status: 200, calls: 1 });
  });

  it('answers every call made around the moment idle workers are stopped', async () => {
    const failures: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      // Pauses from below to above the limit, so calls land just before, at and just after
      // the moment the idle worker's timer stops it.
      await new Promise((resolve) => setTimeout(resolve, idleMs - 10 + (i % 21)));
      const answer = await warmCalls();
      if (answer.status !== 200) failures.push(`call ${i}: ${answer.status} ${answer.body}`);
    }
    expect(failures).toEqual([]);
  });
});
