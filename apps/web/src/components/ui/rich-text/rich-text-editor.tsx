// The rich-text field of every area (events, news, groups, knowledge base). The editor itself
// (TipTap on ProseMirror) is loaded on first use, so only routes that edit pay for it; pages
// that show rich text use RichTextView. Value and onChange carry the stored document
// (docs/decisions/0805); an empty field is null.
import { richTextMessages } from '@club/i18n/namespaces/rich-text';
import type { RichTextDoc } from '@club/schemas';
import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n';
import { Skeleton } from '../skeleton';

export interface RichTextEditorProps {
  /** The id of the editable area, so a label or an error summary can point at it. */
  id: string;
  /** The id of the element that names the field. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  value: RichTextDoc | null;
  onChange: (doc: RichTextDoc | null) => void;
  /** Stores a picked picture and returns its storage path; without it, images come by address only. */
  uploadImage?: (file: File) => Promise<string>;
}

const TiptapEditor = lazy(() => import('./tiptap-editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  const t = useT(richTextMessages);
  return (
    <Suspense
      fallback={
        <div className="space-y-2 rounded-md border border-input p-2" role="status" aria-label={t('loading')}>
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-28 w-full" />
        </div>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
