// The editor behind RichTextEditor (loaded on first use): TipTap's starter kit limited to the
// stored allow-list — paragraphs, headings (2 and 3), bulleted and numbered lists, line
// breaks, bold, italic, links (http, https, mailto) — plus images. Every change is pruned to
// what the database accepts before it is handed on (docs/decisions/0805).
import { richTextMessages } from '@club/i18n/namespaces/rich-text';
import {
  emptyRichText,
  isAllowedLink,
  richTextHasContent,
  richTextProblem,
  type RichTextDoc,
} from '@club/schemas';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n';
import { richTextClass } from './rich-text-view';
import type { RichTextEditorProps } from './rich-text-editor';
import { pruneRichText } from './prune-rich-text';
import { RichTextToolbar } from './rich-text-toolbar';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
// Our document type allows null attributes where TipTap's type says "absent"; the shapes agree.
const asContent = (doc: RichTextDoc) => doc as unknown as JSONContent;

export default function TiptapEditor({
  id,
  labelledBy,
  describedBy,
  invalid,
  value,
  onChange,
  uploadImage,
}: RichTextEditorProps) {
  const t = useT(richTextMessages);
  const last = useRef<RichTextDoc | null>(value);
  const [problem, setProblem] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto'],
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ? asContent(value) : undefined,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cn(richTextClass, 'min-h-32 px-3 py-2 outline-none'),
      },
    },
    onUpdate: ({ editor: current }) => {
      const json = current.getJSON() as RichTextDoc;
      // Only a paste can bring in what the rules refuse; replacing the content moves the
      // cursor, so it is done only then.
      let pruned = json;
      if (richTextProblem(json) !== null) {
        pruned = pruneRichText(json) as RichTextDoc;
        current.commands.setContent(asContent(pruned), { emitUpdate: false });
      }
      const next = richTextHasContent(pruned) ? pruned : null;
      setProblem(next ? richTextProblem(next) : null);
      last.current = next;
      onChange(next);
    },
  });

  // A value from outside (a reset, a loaded record) replaces the content; our own echo does not.
  useEffect(() => {
    if (!editor || same(value, last.current)) return;
    last.current = value;
    editor.commands.setContent(asContent(value ?? emptyRichText()), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className={cn(
        'rounded-md border border-input bg-surface focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
        (invalid || problem) && 'border-destructive',
      )}
    >
      <RichTextToolbar editor={editor} uploadImage={uploadImage} />
      <EditorContent editor={editor} />
      {problem ? (
        <p role="alert" className="border-t border-border px-3 py-2 text-sm font-medium text-destructive">
          {t('refused', { problem })}
        </p>
      ) : null}
    </div>
  );
}
