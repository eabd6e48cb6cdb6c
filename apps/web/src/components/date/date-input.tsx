// Date, date-and-time and date-range inputs in the app's language (24.12.2026 and 18.30 on
// Danish pages whatever the browser's language), with a calendar (react-day-picker, weeks from
// Monday, month and day names in the app's language) in a popover. Values: "2026-12-24" and
// "2026-12-24T18:30" on the community's wall clock; lib/zoned-time.ts turns them into instants.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useState, type ComponentProps } from 'react';
import { DayPicker } from 'react-day-picker';
import { da } from 'react-day-picker/locale/da';
import { enGB } from 'react-day-picker/locale/en-GB';
import 'react-day-picker/style.css';
import './date-picker.css';
import { cn } from '../../lib/class-names';
import {
  dateValueToLocal,
  formatDateInput,
  formatTimeInput,
  isUnreadableDateValue,
  localToDateValue,
  parseDateInput,
  parseTimeInput,
  unreadableDateValue,
} from '../../lib/date-input';
import { useLanguage, useT } from '../../lib/i18n';
import { Input } from '../ui/input';

type InputAria = Pick<
  ComponentProps<'input'>,
  'id' | 'aria-invalid' | 'aria-describedby' | 'aria-label' | 'ref'
>;

export interface DateInputProps extends InputAria {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Earliest and latest selectable day, "2026-01-01". */
  min?: string;
  max?: string;
  className?: string;
  name?: string;
}

/**
 * A typed date with a calendar; an unreadable entry keeps the text and reports a value that says
 * why (unreadableDateValue), so the field can name the problem.
 */
export function DateInput({ value, onChange, onBlur, min, max, className, name, ...aria }: DateInputProps) {
  const language = useLanguage();
  const t = useT(kitMessages);
  const [text, setText] = useState(() => formatDateInput(value, language));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Follow the value from outside unless it is what the text already says; an unreadable
    // value came from this text, which stays as the user typed it.
    if (isUnreadableDateValue(value)) return;
    if (parseDateInput(text) !== value) setText(formatDateInput(value, language));
  }, [value, language]);
  const commit = (next: string) => {
    const parsed = parseDateInput(next);
    onChange(parsed === undefined ? unreadableDateValue(next) : parsed);
  };
  const selected = dateValueToLocal(value);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className={cn('relative flex min-w-36', className)}>
        <Input
          {...aria}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('date.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            commit(text);
            onBlur?.();
          }}
          className="h-9 pr-9"
        />
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={t('date.pick')}
            className="absolute right-1 top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:bg-muted"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
          </button>
        </Popover.Trigger>
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 rounded-lg border border-border bg-surface p-2 shadow-md"
        >
          <DayPicker
            mode="single"
            locale={language === 'da' ? da : enGB}
            weekStartsOn={1}
            selected={selected}
            defaultMonth={selected}
            disabled={[
              ...(min ? [{ before: dateValueToLocal(min)! }] : []),
              ...(max ? [{ after: dateValueToLocal(max)! }] : []),
            ]}
            onSelect={(day) => {
              const next = day ? localToDateValue(day) : '';
              setText(formatDateInput(next, language));
              onChange(next);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A wall-clock date and time "2026-12-24T18:30" in the community's zone (named below it). */
export function DateTimeInput({
  value,
  onChange,
  onBlur,
  timeLabel,
  ...props
}: DateInputProps & { timeLabel?: string }) {
  const language = useLanguage();
  const t = useT(kitMessages);
  const [date = '', time = ''] = value.split('T');
  const [timeText, setTimeText] = useState(formatTimeInput(time, language));
  useEffect(() => {
    // An unreadable time came from this text, which stays as the user typed it.
    if (time !== 'invalid') setTimeText(formatTimeInput(time, language));
  }, [time, language]);
  const join = (d: string, tm: string) => onChange(d === '' && tm === '' ? '' : `${d}T${tm || '00:00'}`);
  return (
    <div className="flex flex-wrap gap-2">
      <DateInput {...props} value={date} onChange={(d) => join(d, time)} onBlur={onBlur} className="flex-1" />
      <Input
        aria-label={timeLabel ?? t('date.time')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('date.timePlaceholder')}
        value={timeText}
        aria-invalid={props['aria-invalid']}
        onChange={(e) => setTimeText(e.target.value)}
        onBlur={() => {
          const parsed = parseTimeInput(timeText);
          if (parsed === undefined) onChange(`${date}Tinvalid`);
          else join(date, parsed);
          onBlur?.();
        }}
        className="h-9 w-24"
      />
    </div>
  );
}

/** From and to dates for filters; the end cannot be picked before the start. */
export function DateRangeInput({
  from,
  to,
  onChange,
  className,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  className?: string;
}) {
  const t = useT(kitMessages);
  const valid = (v: string) => (isUnreadableDateValue(v) ? '' : v);
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
      <label className="flex items-center gap-1.5">
        {t('date.from')}
        <DateInput value={from} max={to || undefined} onChange={(v) => onChange({ from: valid(v), to })} />
      </label>
      <label className="flex items-center gap-1.5">
        {t('date.to')}
        <DateInput value={to} min={from || undefined} onChange={(v) => onChange({ from, to: valid(v) })} />
      </label>
    </div>
  );
}
