// The one renderer of stored rich text (docs/decisions/0805): walks the document and builds
// React elements, so text is always text and no stored string ever becomes markup. Anything
// outside the allow-list (which the database already refuses) is left out, not guessed at;
// links and images are checked again with the same rules as the database.
import { isAllowedImage, isAllowedLink, type RichTextMark, type RichTextNode } from '@club/schemas';
import { Fragment, type ReactNode } from 'react';
import { cn } from '../../../lib/class-names';
import { storageUrl } from './storage-url';

export const richTextClass =
  'space-y-3 text-sm leading-relaxed [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:text-base [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-accent-soft-foreground [&_a]:underline dark:[&_a]:text-accent [&_img]:max-w-full [&_img]:rounded-md';

function withMarks(text: ReactNode, marks: RichTextMark[] | null | undefined, key: string): ReactNode {
  let out = text;
  // The link goes outermost so a bold word inside a link stays one link.
  const ordered = [...(marks ?? [])].sort(
    (a, b) => (a.type === 'link' ? 1 : 0) - (b.type === 'link' ? 1 : 0),
  );
  for (const mark of ordered) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'link' && isAllowedLink(mark.attrs?.href)) {
      out = (
        <a href={mark.attrs.href as string} target="_blank" rel="noopener noreferrer nofollow">
          {out}
        </a>
      );
    }
  }
  return <Fragment key={key}>{out}</Fragment>;
}

function renderChildren(node: RichTextNode, key: string): ReactNode[] {
  return (Array.isArray(node.content) ? node.content : []).map((child, i) =>
    renderNode(child, `${key}.${i}`),
  );
}

function renderNode(node: RichTextNode, key: string): ReactNode {
  switch (node.type) {
    case 'text':
      return typeof node.text === 'string' ? withMarks(node.text, node.marks, key) : null;
    case 'hardBreak':
      return <br key={key} />;
    case 'paragraph':
      return <p key={key}>{renderChildren(node, key)}</p>;
    case 'heading': {
      const level = node.attrs?.level;
      const Tag = level === 3 ? 'h3' : level === 4 ? 'h4' : 'h2';
      return <Tag key={key}>{renderChildren(node, key)}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{renderChildren(node, key)}</ul>;
    case 'orderedList': {
      const start = node.attrs?.start;
      return (
        <ol key={key} start={typeof start === 'number' && start !== 1 ? start : undefined}>
          {renderChildren(node, key)}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{renderChildren(node, key)}</li>;
    case 'image': {
      const src = node.attrs?.src;
      if (!isAllowedImage(src)) return null;
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
      const width = typeof node.attrs?.width === 'number' ? node.attrs.width : undefined;
      return <img key={key} src={storageUrl(src)} alt={alt} width={width} loading="lazy" />;
    }
    default:
      return null;
  }
}

export function RichTextView({
  doc,
  className,
  ...rest
}: {
  doc: RichTextNode | null | undefined;
  className?: string;
  'aria-label'?: string;
}) {
  if (!doc || doc.type !== 'doc') return null;
  return (
    <div className={cn(richTextClass, className)} {...rest}>
      {renderChildren(doc, 'doc')}
    </div>
  );
}
