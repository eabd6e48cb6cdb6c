// Accept negotiation: JSON array (default), a single object, CSV, or the OpenAPI document.
import type { MediaChoice, PlanOption } from './api-request';
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

const planKinds: Record<string, MediaChoice['kind']> = {
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
};
/** EXPLAIN options in the order PostgREST applies and names them, whatever order they came in. */
const planOptions: readonly PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** The options= list of a plan media type: known names only, unknown ones ignored as PostgREST does. */
function requestedOptions(o: Offered): PlanOption[] {
  const given = new Set((o.params.options ?? '').split('|').map((x) => x.trim().toLowerCase()));
  return planOptions.filter((x) => given.has(x));
}

const planFormat = (o: Offered): 'json' | 'text' =>
  o.type === 'application/vnd.pgrst.plan+json' ? 'json' : 'text';

/** A plan media type's for= and options=, or undefined when for= names a type plans are not for. */
function planChoice(o: Offered): MediaChoice | undefined {
  const forType = (o.params.for ?? 'application/json').toLowerCase();
  const kind = planKinds[forType];
  if (!kind) return undefined;
  return { kind, stripNulls: false, plan: { format: planFormat(o), forType, options: requestedOptions(o) } };
}

const isPlanType = (type: string) =>
  type === 'application/vnd.pgrst.plan' ||
  type === 'application/vnd.pgrst.plan+json' ||
  type === 'application/vnd.pgrst.plan+text';

/**
 * The offered types as PostgREST names them in PGRST107: a plan type with its format, for=
 * and known options in their fixed order (postgrest-js's empty `options=;` names none), any
 * other type as written.
 */
function offeredNames(header: string): string {
  return header
    .split(',')
    .map((part) => {
      const [offered] = parseAccept(part);
      if (!offered || !isPlanType(offered.type)) return part.trim();
      const forType = offered.params.for ?? 'application/json';
      const options = requestedOptions(offered);
      return `application/vnd.pgrst.plan+${planFormat(offered)}; for="${forType}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
    })
    .filter((name) => name !== '')
    .join(', ');
}

/**
 * Chooses the response media type; `root` allows the OpenAPI type, `planEnabled` the
 * EXPLAIN types (PostgREST's db-plan-enabled; off, they are simply not offered).
 */
export function chooseMedia(header: string | undefined, root: boolean, planEnabled = false): MediaChoice {
  if (!header || header.trim() === '') return { kind: root ? 'openapi' : 'json', stripNulls: false };
  for (const o of parseAccept(header)) {
    const stripNulls = o.params.nulls === 'stripped';
    switch (o.type) {
      case 'application/vnd.pgrst.plan':
      case 'application/vnd.pgrst.plan+json':
      case 'application/vnd.pgrst.plan+text': {
        const choice = planEnabled && !root ? planChoice(o) : undefined;
        if (choice) return choice;
        break;
      }
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
  throw restErrors.mediaType(offeredNames(header));
}
