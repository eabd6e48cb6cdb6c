// Date and date-time fields for kit forms: DateInput / DateTimeInput bound to the form. The
// value is "2026-12-24" or "2026-12-24T18:30" on the community's wall clock; an unreadable
// entry becomes a value that says why ('invalid-day-2010-02', "…Tinvalid"), which the schema
// refuses — use dateValue / dateTimeValue from this file in the zod schema — and the field
// shows what is wrong ("February 2010 has 28 days") instead of the schema's generic message.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { formatDateInput, isUnreadableDateValue, unreadableDateProblem } from '../../lib/date-input';
import { useLanguage, useT } from '../../lib/i18n';
import { DateInput, DateTimeInput } from '../date/date-input';
import { FieldShell, type FieldShellProps } from './form';

/** A calendar date "2026-12-24" (or '' when optional). */
export const dateValue = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);
/** A wall-clock date and time "2026-12-24T18:30" (or ''). */
export const dateTimeValue = z.string().regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/);

/** What is wrong with a date-field value the user typed, in words; undefined when readable. */
function useDateProblem(): (value: unknown) => string | undefined {
  const t = useT(kitMessages);
  const language = useLanguage();
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const [date = '', time = ''] = value.split('T');
    if (isUnreadableDateValue(date)) {
      const problem = unreadableDateProblem(date);
      if (problem.kind === 'month') return t('date.noSuchMonth');
      if (problem.kind === 'format')
        return t('date.invalid', { example: formatDateInput('2026-12-24', language) });
      const month = new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(problem.year, problem.month - 1, 1)));
      return t('date.daysInMonth', { month, year: problem.year, days: problem.days });
    }
    return time === 'invalid' ? t('date.invalidTime') : undefined;
  };
}

export function DateField({ min, max, ...props }: FieldShellProps & { min?: string; max?: string }) {
  const { control } = useFormContext();
  const describe = useDateProblem();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <FieldShell {...props} problem={describe(field.value)}>
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
  const describe = useDateProblem();
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <FieldShell
          {...props}
          problem={describe(field.value)}
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
