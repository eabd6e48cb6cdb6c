// The render stage: status, Content-Range, Preference-Applied, Content-Profile and the
// body Postgres produced, plus the response.status / response.headers overrides.
import type { MediaChoice } from './api-request';
import { restErrors, type RestError } from './rest-error';

export const contentTypes: Record<MediaChoice['kind'], string> = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  openapi: 'application/openapi+json; charset=utf-8',
};

export function contentRange(from: number, rows: number, total: number | undefined): string {
  const range = rows <= 0 || total === 0 ? '*' : `${from}-${from + rows - 1}`;
  return `${range}/${total === undefined ? '*' : total}`;
}

/** 200, 206 for a partial page of a known total, 416 past the end (PostgREST's rangeStatus). */
export function rangeStatus(from: number, rows: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (from > total)
    throw restErrors.invalidRange(`An offset of ${from} was requested, but there are only ${total} rows.`);
  return rows < total ? 206 : 200;
}

/** Applies response.headers (a JSON array of one-key objects) and response.status. */
export function applyGucs(
  status: number,
  headers: Record<string, string>,
  gucHeaders: string | null,
  gucStatus: string | null,
): number {
  if (gucHeaders) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(gucHeaders);
    } catch {
      throw restErrors.badResponseHeaders();
    }
    if (!Array.isArray(parsed)) throw restErrors.badResponseHeaders();
    for (const entry of parsed) {
      if (typeof entry !== 'object' || entry === null) throw restErrors.badResponseHeaders();
      const pairs = Object.entries(entry as Record<string, unknown>);
      if (pairs.length !== 1 || typeof pairs[0]![1] !== 'string') throw restErrors.badResponseHeaders();
      headers[pairs[0]![0]] = pairs[0]![1] as string;
    }
  }
  if (gucStatus) {
    const n = Number(gucStatus);
    if (!/^\d{3}$/.test(gucStatus) || n < 100 || n > 599) throw restErrors.badResponseStatus(gucStatus);
    return n;
  }
  return status;
}

/** A rendered answer, before any HTTP layer turns it into its own response. */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export function respond(
  method: string,
  status: number,
  body: string | null,
  headers: Record<string, string>,
): RestAnswer {
  const noBody = method === 'HEAD' || status === 204 || status === 304;
  return { status, headers, body: noBody ? null : body };
}

export function errorAnswer(error: RestError): RestAnswer {
  return {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${error.code}`,
      ...error.headers,
    },
    body: error.body(),
  };
}

export function toResponse(answer: RestAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export function errorResponse(error: RestError): Response {
  return toResponse(errorAnswer(error));
}
