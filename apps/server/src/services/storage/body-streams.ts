// Moving bytes between Node streams and the web streams Hono speaks, with backpressure.
// Node 20's Readable.toWeb reads its source as fast as it can, so a slow reader would
// make it hold a whole upload or download in memory; these adapters only read on demand.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';

/** The request body as a Node stream: the Node request itself when served over HTTP. */
export function requestBodyStream(c: Context<AppEnv>): Readable | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableEnded && c.req.raw.bodyUsed === false) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>) : undefined;
}

/** A pull-based web stream over a Node stream: reads one chunk per request for one. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (error) {
          controller.error(error);
        }
      },
      cancel() {
        stream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
