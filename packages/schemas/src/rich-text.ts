// Rich text as stored: the editor's document (TipTap/ProseMirror JSON) limited to an
// allow-list of nodes, marks and attributes (docs/decisions/0805). The database holds the
// same rules (supabase/migrations/20261125100500_rich_text_documents.sql) and refuses
// anything else; this copy lets the editor and the renderer apply them without a round trip.
// supabase/tests/rich-text.test.ts runs both against the same fixtures so they stay equal.

import type { Json } from './database.types';

export interface RichTextMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: Record<string, unknown> | null;
}

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown> | null;
  content?: RichTextNode[] | null;
  marks?: RichTextMark[] | null;
  text?: string;
}

export interface RichTextDoc extends RichTextNode {
  type: 'doc';
}

const children: Record<string, readonly string[]> = {
  doc: ['paragraph', 'heading', 'bulletList', 'orderedList', 'image'],
  paragraph: ['text', 'hardBreak'],
  heading: ['text', 'hardBreak'],
  bulletList: ['listItem'],
  orderedList: ['listItem'],
  listItem: ['paragraph', 'heading', 'bulletList', 'orderedList', 'image'],
  text: [],
  hardBreak: [],
  image: [],
};

const attributes: Record<string, readonly string[]> = {
  heading: ['level'],
  orderedList: ['start', 'type'],
  image: ['src', 'alt', 'title', 'width', 'height'],
  link: ['href', 'target', 'rel', 'class', 'title'],
};

const linkPattern = /^(https?:\/\/[^\s<>"'`\\]+|mailto:[^\s<>"'`\\/:]+@[^\s<>"'`\\]+)$/i;
const imagePattern = /^(https:\/\/[^\s<>"'`\\]+|\/storage\/v1\/object\/public\/[A-Za-z0-9._~%/-]+)$/i;
const maxBytes = 262144;
const maxDepth = 24;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a link may point here: http, https or mailto only. */
export function isAllowedLink(href: unknown): href is string {
  return typeof href === 'string' && href.length <= 2048 && linkPattern.test(href);
}

/** Whether an image may come from here: https, or this server's public storage. */
export function isAllowedImage(src: unknown): src is string {
  return typeof src === 'string' && src.length <= 2048 && imagePattern.test(src) && !src.includes('../');
}

// PostgreSQL keeps a jsonb object's keys shorter first, then by bytes; checking in the same
// order makes both copies name the same problem first.
const inJsonbOrder = (keys: string[]) =>
  keys.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));

const wholeNumber = (v: unknown, digits: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 10 ** digits;

function attrsProblem(type: string, attrs: unknown, at: string): string | null {
  if (attrs === undefined || attrs === null) {
    return ['heading', 'image', 'link'].includes(type) ? `${type} at ${at} needs its attributes` : null;
  }
  if (!isObject(attrs)) return `attrs of ${type} at ${at} must be an object`;
  const allowed = attributes[type] ?? [];
  for (const k of inJsonbOrder(Object.keys(attrs))) {
    const v = attrs[k];
    if (!allowed.includes(k)) return `attribute "${k.slice(0, 40)}" is not allowed on ${type} (at ${at})`;
    if (v === null && !['level', 'href', 'src'].includes(k)) continue;
    const key = `${type}.${k}`;
    if (key === 'heading.level') {
      if (![2, 3, 4].includes(v as number)) return `heading level at ${at} must be 2, 3 or 4`;
    } else if (key === 'orderedList.start') {
      if (!wholeNumber(v, 6)) return `list start at ${at} must be a whole number`;
    } else if (key === 'orderedList.type') {
      if (!['1', 'a', 'A', 'i', 'I'].includes(v as string)) return `list numbering at ${at} is not allowed`;
    } else if (key === 'image.src') {
      if (!isAllowedImage(v))
        return `image at ${at} must come from an https address or this server's storage`;
    } else if (key === 'image.width' || key === 'image.height') {
      if (!wholeNumber(v, 5)) return `image ${k} at ${at} must be a whole number of pixels`;
    } else if (key === 'link.href') {
      if (!isAllowedLink(v)) return `link at ${at} must start with http://, https:// or mailto:`;
    } else if (key === 'link.target') {
      if (v !== '_blank') return `link target at ${at} may only be _blank`;
    } else if (key === 'link.class') {
      if (typeof v !== 'string' || !/^[A-Za-z0-9 _-]{0,100}$/.test(v))
        return `link class at ${at} is not allowed`;
    } else if (key === 'link.rel') {
      if (typeof v !== 'string' || !/^[a-z ]{0,60}$/.test(v)) return `link rel at ${at} is not allowed`;
    } else if (typeof v !== 'string' || v.length > 500) {
      return `${type} ${k} at ${at} must be a short text`;
    }
  }
  if (type === 'heading' && !('level' in attrs)) return `heading at ${at} needs a level`;
  if (type === 'image' && attrs.src === undefined) return `image at ${at} needs a src`;
  if (type === 'link' && attrs.href === undefined) return `link at ${at} needs an href`;
  return null;
}

function nodeProblem(node: unknown, parent: string | null, at: string, depth: number): string | null {
  if (depth > maxDepth) return `the document is nested too deeply at ${at}`;
  if (!isObject(node)) return `${at} must be an object`;
  if (typeof node.type !== 'string') return `${at} has no type`;
  const type = node.type;
  const allowedChildren = Object.hasOwn(children, type) ? children[type] : undefined;
  if (!allowedChildren) return `node type "${type.slice(0, 40)}" is not allowed (at ${at})`;
  if (parent === null && type !== 'doc') return 'the document must start with a doc node';
  if (parent !== null && !children[parent]!.includes(type))
    return `${parent} may not hold ${type} (at ${at})`;
  for (const k of inJsonbOrder(Object.keys(node))) {
    if (!['type', 'attrs', 'content', 'marks', 'text'].includes(k))
      return `key "${k.slice(0, 40)}" is not allowed on ${type} (at ${at})`;
  }
  const attrs = attrsProblem(type, node.attrs, at);
  if (attrs) return attrs;
  if (type === 'text') {
    if (typeof node.text !== 'string' || node.text === '') return `text at ${at} must be a non-empty string`;
  } else if ('text' in node) {
    return `${type} at ${at} may not carry text`;
  }
  if (node.marks !== undefined && node.marks !== null) {
    if (type !== 'text' && type !== 'hardBreak') return `${type} at ${at} may not carry marks`;
    if (!Array.isArray(node.marks)) return `marks at ${at} must be a list`;
    const seen = new Set<string>();
    for (const m of node.marks as unknown[]) {
      const markType = isObject(m) ? m.type : undefined;
      if (!isObject(m) || typeof markType !== 'string' || !['bold', 'italic', 'link'].includes(markType)) {
        const shown =
          markType === undefined || markType === null || isObject(markType) || Array.isArray(markType)
            ? JSON.stringify(m)
            : String(markType);
        return `mark ${shown.slice(0, 40)} is not allowed (at ${at})`;
      }
      if (seen.has(markType)) return `mark ${markType} repeats at ${at}`;
      seen.add(markType);
      for (const k of inJsonbOrder(Object.keys(m))) {
        if (k !== 'type' && k !== 'attrs')
          return `key "${k.slice(0, 40)}" is not allowed on a mark (at ${at})`;
      }
      const problem = attrsProblem(markType, m.attrs, at);
      if (problem) return problem;
    }
  }
  if (node.content !== undefined && node.content !== null) {
    if (!Array.isArray(node.content)) return `content at ${at} must be a list`;
    if (allowedChildren.length === 0 && node.content.length > 0)
      return `${type} at ${at} may not hold content`;
    for (const [i, child] of (node.content as unknown[]).entries()) {
      const problem = nodeProblem(child, type, `${at}.content[${i}]`, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/** Null when the database will accept the document, else what it will refuse and where. */
export function richTextProblem(doc: unknown): string | null {
  if (doc === null || doc === undefined) return null;
  if (new TextEncoder().encode(JSON.stringify(doc)).length > maxBytes)
    return 'the document is larger than 256 KB';
  return nodeProblem(doc, null, 'doc', 0);
}

export function isRichTextDoc(value: unknown): value is RichTextDoc {
  return value !== null && value !== undefined && richTextProblem(value) === null;
}

/** A document as the generated database types see a jsonb value. */
export const richTextAsJson = (doc: RichTextDoc | null): Json => doc as unknown as Json;

/** A stored jsonb value as a document: the document when it is one the rules accept, else null. */
export const richTextFromJson = (value: Json | undefined): RichTextDoc | null =>
  isRichTextDoc(value) ? value : null;

/** The editor's empty document. */
export const emptyRichText = (): RichTextDoc => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** The words of a document, for previews, search and "is it empty". */
export function richTextPlain(doc: RichTextNode | null | undefined): string {
  if (!doc) return '';
  const words: string[] = [];
  const walk = (node: RichTextNode) => {
    if (node.type === 'text' && typeof node.text === 'string') words.push(node.text);
    node.content?.forEach(walk);
  };
  walk(doc);
  return words.join(' ');
}

/** Whether a document shows anything: words or an image. */
export function richTextHasContent(doc: RichTextNode | null | undefined): boolean {
  if (!doc) return false;
  if (doc.type === 'image') return true;
  if (doc.type === 'text') return (doc.text ?? '').trim() !== '';
  return (doc.content ?? []).some(richTextHasContent);
}
