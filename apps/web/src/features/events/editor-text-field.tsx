// One labelled input of the editor bound to a field path: shows the field's message, validates
// on blur. Number, date and datetime inputs use the same component.
import type { ReactNode } from 'react';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
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
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  props: Pick<EditorSectionProps, 'error' | 'touch'>;
  help?: ReactNode;
  type?: 'text' | 'datetime-local' | 'date' | 'email';
  className?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <FormField label={label} error={props.error(path)} help={help} className={className}>
      <Input
        id={fieldId(path)}
        type={type}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onBlur={() => props.touch(path)}
      />
    </FormField>
  );
}
