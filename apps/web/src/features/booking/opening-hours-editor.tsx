// The product editor's opening hours: for each weekday its periods (several a day, none means
// closed), then periods on specific dates, each from–to typed like the kit's time input
// ("08.00" in Danish, "08:00" in English, "24" for midnight) with the error under the field.
// With fixed timeslots the same rows are the slots a booking must match exactly.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { Plus, Trash2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { DateInput } from '../../components/date/date-input';
import { FieldShell, useFieldError } from '../../components/form/form';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import type { AvailabilityKind } from './booking-records';
import { weekdays, type HoursRow } from './opening-hours';
import { TimeInput } from './time-field';

type DayAria = Pick<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A specific date of a row, on the kit's date input. */
function DayInput({ name, ...aria }: DayAria & { name: string }) {
  const { field } = useController({ name });
  return (
    <DateInput
      {...aria}
      name={field.name}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

const hidden = '[&>label]:sr-only';

function PeriodRow({
  index,
  dayLabel,
  withDate,
  onRemove,
}: {
  index: number;
  dayLabel: string;
  withDate: boolean;
  onRemove: () => void;
}) {
  const t = useT(bookingMessages);
  return (
    <div className="flex flex-wrap items-start gap-2">
      {withDate ? (
        <FieldShell name={`hours.${index}.day`} label={t('hours.date', { n: index + 1 })} className={hidden}>
          <DayInput name={`hours.${index}.day`} />
        </FieldShell>
      ) : null}
      <FieldShell name={`hours.${index}.from`} label={t('hours.from', { day: dayLabel })} className={hidden}>
        <TimeInput name={`hours.${index}.from`} />
      </FieldShell>
      <span aria-hidden="true" className="pt-2 text-muted-foreground">
        –
      </span>
      <FieldShell name={`hours.${index}.to`} label={t('hours.to', { day: dayLabel })} className={hidden}>
        <TimeInput name={`hours.${index}.to`} />
      </FieldShell>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="mt-0.5"
        aria-label={t('hours.remove', { day: dayLabel })}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

export function OpeningHoursEditor({ availability, id }: { availability: AvailabilityKind; id?: string }) {
  const t = useT(bookingMessages);
  const { control } = useFormContext<{ hours: HoursRow[] }>();
  const rows = useFieldArray({ control, name: 'hours' });
  const values = useWatch({ control, name: 'hours' }) ?? [];
  // An error of the whole list (no periods at all) sits at hours.root; the field shell around
  // the editor shows one at hours itself.
  const error = useFieldError('hours.root');
  const indexed = rows.fields.map((field, index) => ({ field, index, day: values[index]?.day ?? field.day }));
  const isDay = (day: string) => (weekdays as readonly string[]).includes(day);
  const dated = indexed.filter((r) => !isDay(r.day));
  return (
    <div id={id} className="space-y-4">
      <p className="text-sm text-muted-foreground">{t(`hours.help.${availability}`)}</p>
      {availability !== 'specific_days' ? (
        <div className="divide-y divide-border rounded-md border border-border">
          {weekdays.map((day) => {
            const name = t(`weekdays.${day}`);
            const periods = indexed.filter((r) => r.day === day);
            return (
              <div
                key={day}
                role="group"
                aria-label={name}
                className="grid gap-2 p-3 sm:grid-cols-[7rem_1fr] sm:items-start"
              >
                <div className="pt-2 text-sm font-medium">{name}</div>
                <div className="space-y-2">
                  {periods.length === 0 ? (
                    <p className="pt-2 text-sm text-muted-foreground">{t('hours.closed')}</p>
                  ) : null}
                  {periods.map((r) => (
                    <PeriodRow
                      key={r.field.id}
                      index={r.index}
                      dayLabel={name}
                      withDate={false}
                      onRemove={() => rows.remove(r.index)}
                    />
                  ))}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      const last = periods.at(-1) ? values[periods.at(-1)!.index] : undefined;
                      rows.append({ day, from: last ? last.to : '08:00', to: last ? '24:00' : '22:00' });
                    }}
                  >
                    <Plus aria-hidden="true" /> {t('hours.add', { day: name })}
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
      <div role="group" aria-label={t('hours.dates')} className="space-y-2">
        <div className="text-sm font-medium">{t('hours.dates')}</div>
        {dated.length === 0 ? <p className="text-sm text-muted-foreground">{t('hours.noDates')}</p> : null}
        {dated.map((r, n) => (
          <PeriodRow
            key={r.field.id}
            index={r.index}
            dayLabel={t('hours.date', { n: n + 1 })}
            withDate
            onRemove={() => rows.remove(r.index)}
          />
        ))}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => rows.append({ day: '', from: '10:00', to: '14:00' })}
        >
          <Plus aria-hidden="true" /> {t('hours.addDate')}
        </Button>
      </div>
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </div>
  );
}
