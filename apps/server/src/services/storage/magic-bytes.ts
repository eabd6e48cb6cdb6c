// Checks that the first bytes of an image upload match its declared type, so that a text
// file renamed .png is refused. Types without a signature here are not checked.
type Signature = (head: Buffer) => boolean;

const startsWith =
  (bytes: number[], offset = 0): Signature =>
  (head) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string, offset = 0) => startsWith([...Buffer.from(text, 'latin1')], offset);

const signatures: Record<string, Signature> = {
  'image/png': startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': startsWith([0xff, 0xd8, 0xff]),
  'image/jpg': startsWith([0xff, 0xd8, 0xff]),
  'image/gif': (h) => ascii('GIF87a')(h) || ascii('GIF89a')(h),
  'image/webp': (h) => ascii('RIFF')(h) && ascii('WEBP', 8)(h),
  'image/bmp': ascii('BM'),
  'image/tiff': (h) => startsWith([0x49, 0x49, 0x2a, 0x00])(h) || startsWith([0x4d, 0x4d, 0x00, 0x2a])(h),
  'image/avif': ascii('ftyp', 4),
  'image/heic': ascii('ftyp', 4),
  'image/heif': ascii('ftyp', 4),
  'image/x-icon': startsWith([0x00, 0x00, 0x01, 0x00]),
  'image/vnd.microsoft.icon': startsWith([0x00, 0x00, 0x01, 0x00]),
  'application/pdf': ascii('%PDF-'),
};

/** How many leading bytes the check needs. */
export const magicHeadLength = 16;

/** undefined when the type is not checked; otherwise whether the head matches. */
export function headMatchesType(mimetype: string, head: Buffer): boolean | undefined {
  const base = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  const signature = signatures[base];
  return signature ? signature(head) : undefined;
}
