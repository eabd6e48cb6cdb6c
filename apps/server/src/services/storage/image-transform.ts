// The image transformation options of render URLs and signed tokens
// (width, height, resize, quality, format), parsed and serialised as storage-api does.
import { storageErrors } from './storage-errors';

export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: string;
}

function dimension(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 2500)
    throw storageErrors.invalidRequest(`${name} must be an integer between 1 and 2500`);
  return n;
}

export function parseTransform(source: Record<string, unknown>): ImageTransform {
  const t: ImageTransform = {};
  const width = dimension(source.width, 'width');
  const height = dimension(source.height, 'height');
  if (width !== undefined) t.width = width;
  if (height !== undefined) t.height = height;
  if (source.resize !== undefined && source.resize !== '') {
    if (source.resize !== 'cover' && source.resize !== 'contain' && source.resize !== 'fill') {
      throw storageErrors.invalidRequest('resize must be one of cover, contain, fill');
    }
    t.resize = source.resize;
  }
  if (source.quality !== undefined && source.quality !== '') {
    const q = Number(source.quality);
    if (!Number.isInteger(q) || q < 20 || q > 100)
      throw storageErrors.invalidRequest('quality must be an integer between 20 and 100');
    t.quality = q;
  }
  if (typeof source.format === 'string' && source.format !== '') {
    if (!['origin', 'avif', 'webp', 'png', 'jpeg', 'jpg'].includes(source.format)) {
      throw storageErrors.invalidRequest('format must be one of origin, avif, webp, png, jpeg');
    }
    t.format = source.format;
  }
  return t;
}

/** "width:100,height:100,resize:cover" — the form kept in signed tokens. */
export function transformToClaim(t: ImageTransform): string {
  return Object.entries(t)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}:${String(v)}`)
    .join(',');
}

export function transformFromClaim(claim: unknown): ImageTransform {
  if (typeof claim !== 'string' || claim === '') return {};
  const source: Record<string, unknown> = {};
  for (const part of claim.split(',')) {
    const [key, value] = part.split(':');
    if (key) source[key] = value;
  }
  return parseTransform(source);
}

/** The resize modes as the image proxy behind storage-api names them. */
const resizingTypes: Record<NonNullable<ImageTransform['resize']>, string> = {
  cover: 'fill',
  contain: 'fit',
  fill: 'force',
};

/**
 * The X-Transformations header of a render: what was asked of the image, in storage-api's
 * order and words ("height:200,width:200,resizing_type:fill,quality:60"); empty when nothing.
 */
export function transformationsHeader(t: ImageTransform): string {
  const segments: string[] = [];
  if (t.height !== undefined) segments.push(`height:${t.height}`);
  if (t.width !== undefined) segments.push(`width:${t.width}`);
  if (t.width !== undefined || t.height !== undefined)
    segments.push(`resizing_type:${resizingTypes[t.resize ?? 'cover']}`);
  if (t.quality !== undefined) segments.push(`quality:${t.quality}`);
  if (t.format !== undefined && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments.join(',');
}
