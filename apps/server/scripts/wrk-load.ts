// wrk (Debian's `wrk` package) as the benchmarks' HTTP load generator, when it is installed.
// It is written in C and costs about 0.03 ms of CPU per request here, against 0.11 ms for
// the Node client in lean-http-client.ts; on a 2-core machine the client's CPU is taken
// from the server and the database, so the cheaper client gives the truer server figure.
// wrk runs a closed loop like the Node client: each of its connections sends the next
// request when the previous answer is complete, for a given time instead of a count.
import { spawn, spawnSync } from 'node:child_process';

export interface WrkFigures {
  requests: number;
  perSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** wrk's own CPU time (user + system), in milliseconds. */
  cpuMs: number;
}

export interface WrkRun {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

/** Whether a `wrk` binary is on the PATH. */
export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /\bwrk\b/.test(`${probe.stdout}${probe.stderr}`);
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(output: string, percent: number): number {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  if (!match) throw new Error(`wrk printed no ${percent}% latency:\n${output}`);
  return Number(match[1]) * unitMs[match[2]!]!;
}

/**
 * Parses wrk's --latency report; throws when any answer was not 2xx/3xx or any socket
 * failed, so a benchmark never reports figures for failed requests.
 */
export function parseWrkOutput(output: string): Omit<WrkFigures, 'cpuMs'> {
  const problems = /^\s*(Non-2xx or 3xx responses: \d+|Socket errors: .*)$/m.exec(output);
  if (problems) throw new Error(`wrk: ${problems[1]}`);
  const count = /^\s*(\d+) requests in ([\d.]+)(us|ms|s|m),/m.exec(output);
  if (!count) throw new Error(`wrk printed no request count:\n${output}`);
  const requests = Number(count[1]);
  const elapsedMs = Number(count[2]) * unitMs[count[3]!]!;
  return {
    requests,
    perSecond: requests / (elapsedMs / 1000),
    p50: latencyMs(output, 50),
    p99: latencyMs(output, 99),
  };
}

/**
 * Runs wrk with one thread. bash's `times` reports the CPU wrk used (a child's CPU is not
 * visible to Node); the URL and headers travel as positional arguments, never as shell text.
 */
export function runWrk(run: WrkRun): Promise<WrkFigures> {
  const args = ['-t1', `-c${run.connections}`, `-d${run.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(run.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(run.url);
  const script = 'wrk "$@"; status=$?; echo "@@times"; times; exit $status';
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'wrk-load', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${err}${out}`));
      try {
        const [report = '', times = ''] = out.split('@@times');
        // `times` prints the shell's user and system time, then its children's.
        const lines = times.trim().split('\n');
        const seconds = (lines[1] ?? '').match(/(\d+)m([\d.]+)s/g) ?? [];
        const cpuMs = seconds.reduce((sum, part) => {
          const [, min, sec] = /(\d+)m([\d.]+)s/.exec(part)!;
          return sum + (Number(min) * 60 + Number(sec)) * 1000;
        }, 0);
        resolve({ ...parseWrkOutput(report), cpuMs });
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}
