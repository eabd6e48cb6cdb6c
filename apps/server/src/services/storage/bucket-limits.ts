// Bucket upload limits: file_size_limit (a number of bytes or a string such as "20mb",
// decimal units as storage-api parses them) and allowed_mime_types (type/subtype or type/*).
import { storageErrors } from './storage-errors';

const units: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };

/** Parses a size limit from a request; null clears it. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    if (/^[0-9]+$/.test(value)) return Number(value);
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value.trim());
    if (match) return Math.floor(Number(match[1]) * units[match[2]!.toLowerCase()]!);
  }
  throw storageErrors.invalidRequest(
    'the requested file_size_limit uses an invalid format, use 20GB / 20MB / 30KB / 3B',
  );
}

export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (
    !Array.isArray(value) ||
    value.some((v) => typeof v !== 'string' || !/^[\w.+-]+\/([\w.+-]+|\*)$/.test(v))
  ) {
    throw storageErrors.invalidRequest('allowed_mime_types must be a list of type/subtype or type/*');
  }
  return value as string[];
}

export function mimeTypeAllowed(mimetype: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type = '', subtype = ''] = (mimetype.split(';')[0] ?? '').trim().toLowerCase().split('/');
  return allowed.some((entry) => {
    const [t = '', s = ''] = entry.toLowerCase().split('/');
    return t === type && (s === '*' || s === subtype);
  });
}

/** The effective limit: the bucket's, never more than the global one. */
export function effectiveSizeLimit(bucketLimit: string | number | null, globalLimit: number): number {
  if (bucketLimit === null || bucketLimit === undefined) return globalLimit;
  return Math.min(Number(bucketLimit), globalLimit);
}
