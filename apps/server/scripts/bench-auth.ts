// npm run bench:auth — the auth service's hot paths through HTTP, next to their bare
// costs measured in the same run: the password grant against one bcrypt compare, and
// the refresh grant and GET /user against one JWT sign+verify plus one indexed query.
// Uses PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, else PGlite.
import { hash, verify } from '@node-rs/bcrypt';
import { signJwt, verifyJwt } from '../src/access/jwt';
import { startTestPlatform } from '../tests/support/test-platform';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
const passwordIterations = Number(process.env.BENCH_PASSWORD_ITERATIONS ?? 60);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(count: number, run: (i: number) => Promise<void>): Promise<Figures> {
  for (let i = 0; i < Math.min(20, count); i++) await run(i);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await run(i);
    latencies.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function row(name: string, f: Figures, base?: Figures): string {
  const ratio = base ? `${(f.p50 / base.p50).toFixed(2)}×` : '';
  return `${name.padEnd(40)} ${f.perSecond.toFixed(0).padStart(8)}/s  p50 ${f.p50.toFixed(2).padStart(7)} ms  p99 ${f.p99.toFixed(2).padStart(7)} ms  ${ratio}`;
}

async function main(): Promise<void> {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const t = await startTestPlatform({ LOG_LEVEL: 'silent' });
  try {
    const email = 'bench@example.test';
    const password = 'bench-password-123';
    await t.adminClient().auth.admin.createUser({ email, password, email_confirm: true });
    const base = `${t.url}/auth/v1`;
    const headers = { apikey: t.anonKey, 'content-type': 'application/json' };
    const keys = t.platform.keys;
    const first0 = (await (
      await fetch(`${base}/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      })
    ).json()) as {
      access_token: string;
    };
    const stored = await hash(password, { cost: 10 });

    const bcrypt = await measure(passwordIterations, async () => {
      if (!(await verify(password, stored))) throw new Error('bcrypt mismatch');
    });
    const passwordGrant = await measure(passwordIterations, async () => {
      const res = await fetch(`${base}/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`password grant ${res.status}`);
      await res.arrayBuffer();
    });

    const jwt = await measure(iterations, async () => {
      const token = await signJwt(keys, { sub: 'x', role: 'authenticated' }, 3600);
      await verifyJwt(keys, token);
    });
    const indexed = await measure(iterations, async () => {
      await t.db.query('select id from auth.users where id = $1', ['00000000-0000-4000-8000-000000000000']);
    });
    const jwtPlusQuery: Figures = {
      perSecond: 1000 / (jwt.p50 + indexed.p50),
      p50: jwt.p50 + indexed.p50,
      p99: jwt.p99 + indexed.p99,
    };

    const { rows: hookRows } = await t.db.query<{ exists: boolean }>(
      `select to_regprocedure('public.custom_access_token_hook(jsonb)') is not null as exists`,
    );
    const claims = JSON.parse(
      Buffer.from(first0.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    const hookCall = hookRows[0]?.exists
      ? await measure(iterations, async () => {
          await t.db.query('select public.custom_access_token_hook($1::jsonb)', [
            JSON.stringify({ user_id: claims.sub, claims, authentication_method: 'token_refresh' }),
          ]);
        })
      : undefined;

    const roundTrip = await measure(iterations, async () => {
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
    });

    const first = (await (
      await fetch(`${base}/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      })
    ).json()) as {
      access_token: string;
      refresh_token: string;
    };
    let refreshToken = first.refresh_token;
    const refreshGrant = await measure(iterations, async () => {
      const res = await fetch(`${base}/token?grant_type=refresh_token`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (res.status !== 200) throw new Error(`refresh grant ${res.status}`);
      refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
    });
    const getUser = await measure(iterations, async () => {
      const res = await fetch(`${base}/user`, {
        headers: { ...headers, authorization: `Bearer ${first.access_token}` },
      });
      if (res.status !== 200) throw new Error(`GET /user ${res.status}`);
      await res.arrayBuffer();
    });

    console.log(
      `auth benchmark on ${t.db.engine}, sequential requests (ratios are p50 against the bare figure above them)`,
    );
    console.log(row('bcrypt compare (cost 10)', bcrypt));
    console.log(row('POST /token password grant', passwordGrant, bcrypt));
    console.log(row('JWT sign+verify (ES256)', jwt));
    console.log(row('indexed select', indexed));
    console.log(row('JWT sign+verify + indexed select', jwtPlusQuery));
    console.log(row('HTTP round trip (GET /auth/v1/health)', roundTrip));
    if (hookCall) console.log(row('custom access token hook (SQL, alone)', hookCall));
    console.log(row('POST /token refresh grant', refreshGrant, jwtPlusQuery));
    console.log(row('GET /user', getUser, jwtPlusQuery));
    const overhead = (f: Figures) => `${((f.p50 - roundTrip.p50) / jwtPlusQuery.p50).toFixed(2)}×`;
    console.log(
      `without the HTTP round trip: refresh grant ${overhead(refreshGrant)}, GET /user ${overhead(getUser)} of JWT sign+verify + indexed select`,
    );
  } finally {
    await t.stop();
  }
}

await main();
