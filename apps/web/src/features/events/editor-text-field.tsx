// One labelled input of the editor bound to a field path: shows the field's message, validates
// on blur. Dates and date-times use the kit's inputs (typed in the app's language, 24.12.2026 and
// 18.30 on Danish pages, with a calendar); their value stays "2026-12-24" / "2026-12-24T18:30".
import { kitMessages } from '@club/i18n/namespaces/kit';
import type { ReactNode } from 'react';
import { DateInput, DateTimeInput } from '../../components/date/date-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n';
import { fieldId, type EditorSectionProps } from './editor-section-props';

export function EditorTextField({
  path,
  label,
  value,
  onValue,
  props,
  help,
  type = 'text',
  className,
  inputMode,
}: {
  path: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  props: Pick<EditorSectionProps, 'error' | 'touch'>;
  help?: ReactNode;
  type?: 'text' | 'datetime-local' | 'date' | 'email';
  className?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  const t = useT(kitMessages);
  const id = fieldId(path);
  const touch = () => props.touch(path);
  return (
    <FormField label={label} error={props.error(path)} help={help} className={className}>
      {type === 'datetime-local' ? (
        <DateTimeInput
          id={id}
          value={value}
          onChange={onValue}
          onBlur={touch}
          timeLabel={t('date.timeOf', { field: label })}
        />
      ) : type === 'date' ? (
        <DateInput id={id} value={value} onChange={onValue} onBlur={touch} />
      ) : (
        <Input
          id={id}
          type={type}
          inputMode={inputMode}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onBlur={touch}
        />
      )}
    </FormField>
  );
}
