// The description field: a content-editable area with bold, italic and bulleted lists, storing
// the cleaned HTML subset of sanitize-rich-text. Labelled like any other field.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { Bold, Italic, List } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { sanitizeRichText } from './sanitize-rich-text';

export function RichTextEditor({
  id,
  value,
  onChange,
  labelledBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const t = useT(eventsMessages);
  const area = useRef<HTMLDivElement>(null);
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (area.current && value !== last.current) {
      area.current.innerHTML = sanitizeRichText(value);
      last.current = value;
    }
  }, [value]);
  const emit = () => {
    const html = sanitizeRichText(area.current?.innerHTML ?? '');
    last.current = html;
    onChange(html);
  };
  const command = (name: 'bold' | 'italic' | 'insertUnorderedList') => {
    area.current?.focus();
    document.execCommand(name);
    emit();
  };
  return (
    <div className="rounded-md border border-input bg-surface focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
      <div
        role="toolbar"
        aria-label={t('editor.richText.toolbar')}
        className="flex gap-1 border-b border-border p-1"
      >
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('editor.richText.bold')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('bold')}
        >
          <Bold aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('editor.richText.italic')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('italic')}
        >
          <Italic aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('editor.richText.list')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => command('insertUnorderedList')}
        >
          <List aria-hidden="true" />
        </Button>
      </div>
      <div
        id={id}
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        className="prose-sm min-h-32 px-3 py-2 text-sm outline-none [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
      />
    </div>
  );
}
