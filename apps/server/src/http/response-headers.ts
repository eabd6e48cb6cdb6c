// Adds headers to the response a handler produced, after it produced it. Setting them on
// that response (not on hono's placeholder response before the handler runs) keeps
// @hono/node-server's fast path, which writes a string or byte body straight to the
// socket; a placeholder makes hono copy every response through web streams.
import type { Context } from 'hono';

export function addResponseHeaders(
  c: Context,
  set: [string, string][],
  append: [string, string][] = [],
): void {
  const apply = (headers: Headers) => {
    for (const [name, value] of set) headers.set(name, value);
    for (const [name, value] of append) headers.append(name, value);
  };
  try {
    apply(c.res.headers);
  } catch {
    // A response passed on from fetch() has immutable headers: copy it once, then set.
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}
