// A load generator's HTTP/1.1 client for the benchmarks: one keep-alive socket per worker,
// the request written as one buffer, the answer read by Content-Length or chunked framing.
// On this project's 2-core machines the client shares the CPUs with the server and the
// database, so its own cost lands in every latency it measures; Node's http client spends
// about 0.35 ms of CPU per request on its stream machinery, three times what this one does.
// A real load test would run its client on another machine (wrk, k6); this is the closest
// we get on one. It speaks plain HTTP/1.1 to the server, which does all of its usual work.
import net from 'node:net';

export interface LeanResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Pending {
  resolve: (response: LeanResponse) => void;
  reject: (error: Error) => void;
}

const headerEnd = Buffer.from('\r\n\r\n');

/** One keep-alive connection that carries one request at a time. */
export class LeanConnection {
  private socket: net.Socket | undefined;
  /** What has arrived and is not yet consumed, in arrival order (copied only when read). */
  private chunks: Buffer[] = [];
  private received = 0;
  /** How many bytes the answer in progress needs before it is worth parsing again. */
  private needed = 1;
  private pending: Pending | undefined;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:') throw new Error('the lean client speaks plain http only');
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.received += chunk.length;
      if (this.received < this.needed) return;
      try {
        this.tryComplete();
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
    const fail = (error: Error) => {
      if (this.socket === socket) this.socket = undefined;
      this.chunks = [];
      this.received = 0;
      this.needed = 1;
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  /** Sends one request; headers are written as given, plus Host and Content-Length. */
  request(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<LeanResponse> {
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'));
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    const payload = body === undefined ? undefined : Buffer.from(body);
    if (payload) head += `content-length: ${payload.length}\r\n`;
    head += '\r\n';
    const bytes = payload ? Buffer.concat([Buffer.from(head), payload]) : Buffer.from(head);
    this.socket ??= this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket!.write(bytes);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private tryComplete(): void {
    if (!this.pending) return;
    const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [data];
    const waitFor = (bytes: number) => {
      this.needed = bytes;
    };
    const end = data.indexOf(headerEnd);
    if (end < 0) return waitFor(data.length + 1);
    const lines = data.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(lines[0]!.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const start = end + 4;
    let body: Buffer;
    let consumed: number;
    if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const parts: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd < 0) return waitFor(data.length + 1);
        const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size)) throw new Error('malformed chunked body');
        if (data.length < lineEnd + 2 + size + 2) return waitFor(lineEnd + 2 + size + 2);
        if (size === 0) {
          consumed = lineEnd + 4;
          break;
        }
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (data.length < start + length) return waitFor(start + length);
      body = data.subarray(start, start + length);
      consumed = start + length;
    }
    const rest = data.subarray(consumed);
    this.chunks = rest.length ? [rest] : [];
    this.received = rest.length;
    this.needed = 1;
    const pending = this.pending;
    this.pending = undefined;
    if (headers.connection?.toLowerCase() === 'close') this.close();
    pending.resolve({ status, headers, body });
  }
}

/** A pool of connections, one per worker index, created on first use. */
export class LeanClient {
  private readonly connections = new Map<number, LeanConnection>();

  constructor(private readonly baseUrl: string) {}

  request(
    worker: number,
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string,
  ): Promise<LeanResponse> {
    let connection = this.connections.get(worker);
    if (!connection) {
      connection = new LeanConnection(this.baseUrl);
      this.connections.set(worker, connection);
    }
    return connection.request(method, path, headers, body);
  }

  close(): void {
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
  }
}
