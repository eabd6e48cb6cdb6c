// CORS for browser use of every service: the request headers supabase-js sends and the
// response headers it reads.
import { cors } from 'hono/cors';

export const allowedRequestHeaders = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-region',
  'x-retry-count',
  'x-supabase-api-version',
  'x-request-id',
  'traceparent',
  'tracestate',
  'if-none-match',
  'if-modified-since',
];

export const exposedResponseHeaders = [
  'Content-Range',
  'Content-Location',
  'Content-Length',
  'Content-Disposition',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'Location',
  'Preference-Applied',
  'ETag',
  'X-Request-Id',
  'X-Relay-Error',
  'Retry-After',
];

export function platformCors() {
  return cors({
    origin: (origin) => origin || '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: allowedRequestHeaders,
    exposeHeaders: exposedResponseHeaders,
    credentials: true,
    maxAge: 86400,
  });
}
