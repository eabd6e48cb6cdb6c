// A season series (decision 0902): product, member, weekday, hours and the season; "Check the
// dates" lists every date's outcome (free, holiday, closed, or the conflict in words) before
// anything is saved, then books the free dates and leaves the conflicts out.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { bookingErrorCode, type BookingErrorCode } from './describe-booking-error';
import { fieldClass, LabelledInput, ProductSelect, type BookingDialogProps } from './dialog-fields';
import { MemberPicker } from './member-picker';
import { createSeries, previewSeries, type SeriesDate, type SeriesInput } from './save-booking';

const skipped = new Set(['holiday', 'closed_day']);

export function SeasonSeriesDialog({
  open,
  onOpenChange,
  communityId,
  products,
  defaultDay,
}: BookingDialogProps) {
  const t = useT(bookingMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [productId, setProductId] = useState(products[0]?.id ?? '');
  const [member, setMember] = useState<{ id: string; name: string } | null>(null);
  const [weekday, setWeekday] = useState(2);
  const [from, setFrom] = useState('17:00');
  const [to, setTo] = useState('19:00');
  const [firstDay, setFirstDay] = useState(defaultDay);
  const [lastDay, setLastDay] = useState('');
  const [skipHolidays, setSkipHolidays] = useState(true);
  const [plan, setPlan] = useState<SeriesDate[]>();
  const [problem, setProblem] = useState<BookingErrorCode>();
  const [busy, setBusy] = useState(false);
  const input = (): SeriesInput | undefined =>
    member && productId && firstDay && lastDay
      ? { productId, memberId: member.id, weekday, starts: from, ends: to, firstDay, lastDay, skipHolidays }
      : undefined;
  const run = async (action: (i: SeriesInput) => Promise<void>) => {
    const i = input();
    if (!i) return setProblem('invalid_range');
    setBusy(true);
    setProblem(undefined);
    try {
      await action(i);
    } catch (error) {
      setProblem(bookingErrorCode(error));
    } finally {
      setBusy(false);
    }
  };
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPlan(undefined);
    };
  const free = plan?.filter((d) => d.outcome === 'free') ?? [];
  const conflicts = plan?.filter((d) => d.outcome !== 'free' && !skipped.has(d.outcome)) ?? [];
  const skippedDates = plan?.filter((d) => skipped.has(d.outcome)) ?? [];
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
    value: d,
    label: t(`weekdays.${d}` as 'weekdays.1'),
  }));
  const day = (d: string) => format.date(`${d}T12:00:00Z`);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.title')}
      description={t('series.description')}
    >
      <div className="space-y-3">
        <ProductSelect products={products} value={productId} onChange={change(setProductId)} />
        <MemberPicker communityId={communityId} value={member} onChange={change(setMember)} />
        <div className="grid grid-cols-3 gap-2">
          <label className="space-y-1 text-sm font-medium">
            <span>{t('series.weekday')}</span>
            <select
              className={fieldClass}
              value={weekday}
              onChange={(e) => change(setWeekday)(Number(e.target.value))}
            >
              {weekdays.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.label}
                </option>
              ))}
            </select>
          </label>
          <LabelledInput label={t('dialog.from')} type="time" value={from} onChange={change(setFrom)} />
          <LabelledInput label={t('dialog.to')} type="time" value={to} onChange={change(setTo)} />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <LabelledInput
            label={t('series.firstDay')}
            type="date"
            value={firstDay}
            onChange={change(setFirstDay)}
          />
          <LabelledInput
            label={t('series.lastDay')}
            type="date"
            value={lastDay}
            onChange={change(setLastDay)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={skipHolidays}
            onChange={(e) => change(setSkipHolidays)(e.target.checked)}
          />
          {t('series.skipHolidays')}
        </label>
        {problem ? (
          <Alert kind="error" title={t('dialog.refused')}>
            {t(`errors.${problem}`)}
          </Alert>
        ) : null}
        {plan ? (
          <section aria-live="polite" className="space-y-2 text-sm">
            <p className="font-medium">
              {t('series.summary', {
                free: free.length,
                conflicts: conflicts.length,
                skipped: skippedDates.length,
              })}
            </p>
            {conflicts.length ? (
              <div>
                <h3 className="font-semibold">{t('series.conflicts')}</h3>
                <ul className="max-h-32 list-disc overflow-y-auto pl-5">
                  {conflicts.map((c) => (
                    <li key={c.on_date}>
                      {day(c.on_date)}: {t(`errors.${bookingErrorCode({ message: c.outcome })}`)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {skippedDates.length ? (
              <div>
                <h3 className="font-semibold">{t('series.skipped')}</h3>
                <ul className="max-h-32 list-disc overflow-y-auto pl-5">
                  {skippedDates.map((c) => (
                    <li key={c.on_date}>
                      {day(c.on_date)}: {c.outcome === 'holiday' ? c.message : t('series.closed')}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run(async (i) => setPlan(await previewSeries(i)))}
          >
            {t('series.check')}
          </Button>
          <Button
            disabled={busy || !plan || free.length === 0}
            onClick={() =>
              void run(async (i) => {
                const result = await createSeries(i, conflicts.length > 0);
                toast({ title: t('series.created', { count: result.booked }) });
                await queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
                onOpenChange(false);
              })
            }
          >
            {t('series.book', { count: free.length })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
