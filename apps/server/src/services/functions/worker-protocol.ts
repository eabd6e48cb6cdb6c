// The messages between the function host and a function's worker thread. Bodies travel
// as transferred web streams, so neither side buffers them.

/** workerData of a function worker: the module to load. */
export interface WorkerBoot {
  /** file: URL of the function's entry, with a version query so a changed file loads afresh. */
  href: string;
}

export interface InvokeMessage {
  type: 'invoke';
  method: string;
  url: string;
  headers: [string, string][];
  body: ReadableStream<Uint8Array> | null;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'boot-error'; message: string }
  | {
      type: 'response';
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ReadableStream<Uint8Array> | null;
    }
  | { type: 'failed'; message: string };

/** Headers as name/value pairs that survive structured cloning (set-cookie stays separate). */
export function headerList(headers: Headers): [string, string][] {
  const list: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') list.push([name, value]);
  });
  for (const cookie of headers.getSetCookie()) list.push(['set-cookie', cookie]);
  return list;
}
