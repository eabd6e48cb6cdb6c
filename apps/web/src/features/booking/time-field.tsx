// A time of day in a kit form, typed like the kit's date-time input ("18.30" in Danish,
// "18:30" in English, "24" for midnight) and held as "HH:MM"; what cannot be read stays as
// typed, so the form's schema refuses it with a message under the field.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { useEffect, useState, type ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import { FieldShell, type FieldShellProps } from '../../components/form/form';
import { Input } from '../../components/ui/input';
import { formatTimeInput } from '../../lib/date-input';
import { useLanguage, useT } from '../../lib/i18n';
import { parseTime24 } from './opening-hours';

type TimeAria = Pick<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A time of day in the form; what cannot be read stays as typed (and fails validation). */
export function TimeInput({ name, ...aria }: TimeAria & { name: string }) {
  const language = useLanguage();
  const tk = useT(kitMessages);
  const { field } = useController({ name });
  const value = String(field.value ?? '');
  const [text, setText] = useState(() => formatTimeInput(value, language));
  useEffect(() => {
    if (parseTime24(text) !== value) setText(formatTimeInput(value, language));
  }, [value, language]);
  return (
    <Input
      {...aria}
      ref={field.ref}
      name={field.name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={tk('date.timePlaceholder')}
      className="h-9 w-24"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const parsed = parseTime24(text);
        field.onChange(parsed ?? text.trim());
        if (parsed) setText(formatTimeInput(parsed, language));
        field.onBlur();
      }}
    />
  );
}

/** A labelled time field (label, input, then help or error). */
export function TimeField(props: FieldShellProps) {
  return (
    <FieldShell {...props}>
      <TimeInput name={props.name} />
    </FieldShell>
  );
}
