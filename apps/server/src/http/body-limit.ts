// Refuses request bodies over a size with 413 and a JSON message, before they are read.
import { bodyLimit } from 'hono/body-limit';

export function jsonBodyLimit(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        {
          code: 413,
          error_code: 'request_too_large',
          msg: `Request body is larger than ${maxBytes} bytes`,
          message: `Request body is larger than ${maxBytes} bytes`,
        },
        413,
      ),
  });
}
