// Accept negotiation: JSON array (default), a single object, CSV, or the OpenAPI document.
import type { MediaChoice } from './api-request';
import { restErrors } from './rest-error';

interface Offered {
  type: string;
  params: Record<string, string>;
  q: number;
}

function parseAccept(header: string): Offered[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim());
      const params: Record<string, string> = {};
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq > 0)
          params[p.slice(0, eq).trim().toLowerCase()] = p
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, '');
      }
      const q = params.q === undefined ? 1 : Number(params.q);
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((o) => o.type !== '' && o.q > 0)
    .sort((a, b) => b.q - a.q);
}

/** Chooses the response media type; `root` allows the OpenAPI type. */
export function chooseMedia(header: string | undefined, root: boolean): MediaChoice {
  if (!header || header.trim() === '') return { kind: root ? 'openapi' : 'json', stripNulls: false };
  for (const o of parseAccept(header)) {
    const stripNulls = o.params.nulls === 'stripped';
    switch (o.type) {
      case '*/*':
      case 'application/*':
        return { kind: root ? 'openapi' : 'json', stripNulls: false };
      case 'application/json':
      case 'application/vnd.pgrst.array+json':
        return { kind: 'json', stripNulls };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', stripNulls };
      case 'text/csv':
        return { kind: 'csv', stripNulls: false };
      case 'application/openapi+json':
        if (root) return { kind: 'openapi', stripNulls: false };
        break;
      default:
        break;
    }
  }
  throw restErrors.mediaType(header);
}
