// The editor's toolbar: one button per allowed format, pressed while it applies at the cursor.
// Buttons keep the editor's selection (mouse-down does not take focus).
import { richTextMessages } from '@club/i18n/namespaces/rich-text';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { Button } from '../button';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';

function ToolButton({
  label,
  pressed,
  onPress,
  children,
}: {
  label: string;
  pressed?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={pressed ? 'bg-muted' : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPress}
    >
      {children}
    </Button>
  );
}

export function RichTextToolbar({
  editor,
  uploadImage,
}: {
  editor: Editor | null;
  uploadImage?: ((file: File) => Promise<string>) | undefined;
}) {
  const t = useT(richTextMessages);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });
  if (!editor || !active) return <div className="h-10 border-b border-border" />;
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={t('toolbar')} className="flex flex-wrap gap-1 border-b border-border p-1">
      <ToolButton label={t('bold')} pressed={active.bold} onPress={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('italic')} pressed={active.italic} onPress={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('heading')}
        pressed={active.h2}
        onPress={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('subheading')}
        pressed={active.h3}
        onPress={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('bulletList')}
        pressed={active.bullet}
        onPress={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('orderedList')}
        pressed={active.ordered}
        onPress={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('link')} pressed={active.link} onPress={() => setDialog('link')}>
        <Link2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('image')} onPress={() => setDialog('image')}>
        <ImagePlus aria-hidden="true" />
      </ToolButton>
      <LinkDialog
        open={dialog === 'link'}
        onOpenChange={(open) => setDialog(open ? 'link' : null)}
        initial={active.href}
        onSave={(href) => {
          if (href && editor.state.selection.empty && !active.link) {
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          } else if (href) chain().extendMarkRange('link').setLink({ href }).run();
          else chain().extendMarkRange('link').unsetLink().run();
        }}
      />
      <ImageDialog
        open={dialog === 'image'}
        onOpenChange={(open) => setDialog(open ? 'image' : null)}
        uploadImage={uploadImage}
        onInsert={(src, alt) => chain().setImage({ src, alt }).run()}
      />
    </div>
  );
}
