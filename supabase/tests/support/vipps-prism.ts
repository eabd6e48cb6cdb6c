// Vipps MobilePay's official OpenAPI documents served by Prism, for the payments contract
// tests. The provider cannot be reached from these machines; Prism answers from the specs
// and rejects (400/422 with an `sl-violations` header) any request that does not match them.
//
// Four Prism processes (access token, ePayment, Recurring, Webhooks) sit behind one small forwarding
// server, so the adapter is configured with a single origin exactly as in production
// (api.vipps.no serves all four APIs). The forwarder records the `sl-violations` header of
// every answer, which is what the tests assert on.
//
// Two changes to the stored specs, made on copies in a temporary folder (see
// ../shared/vendor/payments/README.md):
//   - ePayment refers to the order-management spec by a GitHub URL; the copy points that
//     $ref at the vendored file so Prism starts offline.
//   - THE RECURRING COPY ADDS DKK: the stored Recurring spec (2.6.17, December 2023) allows
//     only NOK in `Currency` and `CurrencyV3` ("DKK … in early 2024"). Danish clubs charge
//     DKK, which the provider's later versions accept, so the copy lists DKK next to NOK.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
export const vendor =
  process.env.PAYMENTS_VENDOR_DIR ?? path.resolve(here, '../../../../shared/vendor/payments/vipps-mobilepay');
const prismBin = path.join(repoRoot, 'node_modules/@stoplight/prism-cli/dist/index.js');

const orderManagementUrl =
  'https://raw.githubusercontent.com/vippsas/vipps-order-management-api/2.3.24/docs/swagger.yaml';

export interface Violation {
  location: string[];
  code: string;
  message: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
  /** The request headers as the adapter sent them (lower-case names). */
  headers: http.IncomingHttpHeaders;
}

export interface VippsPrism {
  /** The one origin the adapter is pointed at. */
  origin: string;
  calls: RecordedCall[];
  /** Sent as Prism's `Prefer` header on the next forwarded call (e.g. `code=409`). */
  preferNext(value: string): void;
  stop(): Promise<void>;
}

function replaceExactly(text: string, search: string, replacement: string, times: number, what: string) {
  const parts = text.split(search);
  if (parts.length - 1 !== times)
    throw new Error(
      `${what}: expected ${times} occurrence(s) of the text to change, found ${parts.length - 1}`,
    );
  return parts.join(replacement);
}

/** Writes the offline ePayment copy and the Recurring copy with DKK; answers their paths. */
export function prepareVippsSpecs(dir: string): {
  accessToken: string;
  epayment: string;
  recurring: string;
  webhooks: string;
} {
  const epayment = path.join(dir, 'epayment.offline.yml');
  fs.writeFileSync(
    epayment,
    replaceExactly(
      fs.readFileSync(path.join(vendor, 'epayment/epayment.v1.yml'), 'utf8'),
      orderManagementUrl,
      path.join(vendor, 'order-management/swagger.yaml'),
      1,
      'ePayment spec',
    ),
  );
  const recurring = path.join(dir, 'recurring.with-dkk.yaml');
  fs.writeFileSync(
    recurring,
    replaceExactly(
      fs.readFileSync(path.join(vendor, 'recurring/openapi.yaml'), 'utf8'),
      '      enum:\n        - NOK\n',
      '      enum:\n        - NOK\n        - DKK\n',
      2,
      'Recurring spec (Currency and CurrencyV3)',
    ),
  );
  return {
    accessToken: path.join(vendor, 'access-token/swagger.yaml'),
    epayment,
    recurring,
    webhooks: path.join(vendor, 'webhooks/swagger.yaml'),
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrism(spec: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [prismBin, 'mock', spec, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Prism stopped (${code}) on ${spec}:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return { port, child };
}

function parseViolations(header: string | string[] | undefined): Violation[] {
  if (typeof header !== 'string' || header === '') return [];
  return JSON.parse(header) as Violation[];
}

export async function startVippsPrism(): Promise<VippsPrism> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vipps-prism-'));
  const specs = prepareVippsSpecs(dir);
  const started = await Promise.all([
    startPrism(specs.accessToken),
    startPrism(specs.epayment),
    startPrism(specs.recurring),
    startPrism(specs.webhooks),
  ]);
  const [token, epayment, recurring, webhooks] = started;
  // [prefix, port, what the spec's server URL already holds of the path]
  const routes: [string, number, string][] = [
    ['/accesstoken/', token.port, ''],
    ['/epayment/', epayment.port, ''],
    ['/recurring/', recurring.port, ''],
    // The Webhooks spec's server is https://api.vipps.no/webhooks and its paths start at /v1.
    ['/webhooks/', webhooks.port, '/webhooks'],
  ];
  const calls: RecordedCall[] = [];
  let prefer: string | undefined;

  const forwarder = http.createServer((req, res) => {
    const target = routes.find(([prefix]) => (req.url ?? '').startsWith(prefix));
    if (!target) return void res.writeHead(404).end('no such API behind this forwarder');
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${target[1]}` };
    if (prefer) headers.prefer = prefer;
    prefer = undefined;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target[1],
        method: req.method,
        path: (req.url ?? '').slice(target[2].length),
        headers,
      },
      (answer) => {
        calls.push({
          method: req.method ?? '',
          path: req.url ?? '',
          status: answer.statusCode ?? 0,
          violations: parseViolations(answer.headers['sl-violations']),
          headers: req.headers,
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
  const { port } = forwarder.address() as net.AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    preferNext(value) {
      prefer = value;
    },
    async stop() {
      forwarder.closeAllConnections();
      await new Promise((resolve) => forwarder.close(resolve));
      await Promise.all(
        started.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
