// The search box of a list: the text goes to the address after a pause in typing (replacing the
// history entry, so back does not replay every word).
//
// The box follows the address only when something else changed it (back, "clear filters"). The
// address catching up with a search this box sent is not a reason to overwrite the box: on a slow
// device the user may already have typed on or cleared it, and that newer text must still go out.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { Input } from '../ui/input';

export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
  delay = 250,
}: {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
  delay?: number;
}) {
  const t = useT(kitMessages);
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delay]);
  return (
    <label className="relative min-w-56 flex-1">
      <span className="sr-only">{label ?? t('list.search')}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className="h-9 pl-9"
      />
    </label>
  );
}
