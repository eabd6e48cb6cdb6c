// What the editor holds after a paste can carry values the database refuses (an http image,
// width="640" as text, an odd list numbering). The editor's schema already limits node and
// mark types to the allow-list; this drops or resets the values, so what is saved is what the
// user sees and the database accepts it.
import { isAllowedImage, isAllowedLink, type RichTextMark, type RichTextNode } from '@club/schemas';

const pixels = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 100000 ? v : null;
const shortText = (v: unknown) => (typeof v === 'string' && v.length <= 500 ? v : null);

function pruneMarks(marks: RichTextMark[] | null | undefined): RichTextMark[] | undefined {
  if (!marks) return undefined;
  const kept = marks.flatMap((m): RichTextMark[] => {
    if (m.type !== 'link') return [{ type: m.type }];
    if (!isAllowedLink(m.attrs?.href)) return [];
    return [
      { type: 'link', attrs: { href: m.attrs.href, target: '_blank', rel: 'noopener noreferrer nofollow' } },
    ];
  });
  return kept.length > 0 ? kept : undefined;
}

function pruneNode(node: RichTextNode): RichTextNode | null {
  const out: RichTextNode = { type: node.type };
  if (node.type === 'image') {
    if (!isAllowedImage(node.attrs?.src)) return null;
    out.attrs = {
      src: node.attrs.src,
      alt: shortText(node.attrs.alt),
      title: shortText(node.attrs.title),
      width: pixels(node.attrs.width),
      height: pixels(node.attrs.height),
    };
  } else if (node.type === 'heading') {
    const level = node.attrs?.level;
    out.attrs = { level: level === 3 || level === 4 ? level : 2 };
  } else if (node.type === 'orderedList') {
    const start = pixels(node.attrs?.start);
    const type = node.attrs?.type;
    out.attrs = {
      start: start !== null && start < 1000000 ? start : 1,
      type: ['1', 'a', 'A', 'i', 'I'].includes(type as string) ? type : null,
    };
  }
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || node.text === '') return null;
    out.text = node.text;
  }
  const marks = pruneMarks(node.marks);
  if (marks && (node.type === 'text' || node.type === 'hardBreak')) out.marks = marks;
  if (Array.isArray(node.content)) {
    out.content = node.content.map(pruneNode).filter((n): n is RichTextNode => n !== null);
  }
  return out;
}

export function pruneRichText(doc: RichTextNode): RichTextNode {
  return pruneNode(doc) ?? { type: 'doc', content: [] };
}
