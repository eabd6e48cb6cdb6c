// Date and date-time fields for kit forms: DateInput / DateTimeInput bound to the form. The
// value is "2026-12-24" or "2026-12-24T18:30" on the community's wall clock; an unreadable
// entry becomes the value 'invalid' (or "…Tinvalid"), which the schema refuses — use
// dateValue / dateTimeValue from this file in the zod schema.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { useT } from '../../lib/i18n';
import { DateInput, DateTimeInput } from '../date/date-input';
import { FieldShell, type FieldShellProps } from './form';

/** A calendar date "2026-12-24" (or '' when optional). */
export const dateValue = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);
/** A wall-clock date and time "2026-12-24T18:30" (or ''). */
export const dateTimeValue = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/);

export function DateField({ min, max, ...props }: FieldShellProps & { min?: string; max?: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <FieldShell {...props}>
          <DateInput
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={min}
            max={max}
          />
        </FieldShell>
      )}
    />
  );
}

export function DateTimeField({ timeZoneName, ...props }: FieldShellProps & { timeZoneName?: string }) {
  const { control } = useFormContext();
  const t = useT(kitMessages);
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <FieldShell
          {...props}
          help={props.help ?? (timeZoneName ? t('date.timeZone', { zone: timeZoneName }) : undefined)}
        >
          <DateTimeInput
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FieldShell>
      )}
    />
  );
}
