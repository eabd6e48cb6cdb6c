// A season series (decision 0902): product, member, weekday, hours and the season; "Check the
// dates" lists every date's outcome (free, holiday, closed, or the conflict in words) before
// anything is saved, then books the free dates and leaves the conflicts out.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '../../components/form/date-fields';
import { CheckboxField, Form, SelectField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { bookingErrorCode, type BookingErrorCode } from './describe-booking-error';
import { MemberField, memberValue, time, type BookingDialogProps } from './dialog-fields';
import { createSeries, previewSeries, type SeriesDate, type SeriesInput } from './save-booking';
import { TimeField } from './time-field';

const skipped = new Set(['holiday', 'closed_day']);

const isDay = /^\d{4}-\d{2}-\d{2}$/;
const schema = z
  .object({
    productId: z.string().min(1, 'dialog.productRequired'),
    member: memberValue,
    weekday: z.enum(['1', '2', '3', '4', '5', '6', '7']),
    from: z.string().regex(time, 'form.hoursTimeInvalid'),
    to: z.string().regex(time, 'form.hoursTimeInvalid'),
    firstDay: z.string().regex(isDay, 'dialog.dayInvalid'),
    lastDay: z.string().regex(isDay, 'dialog.lastDayInvalid'),
    skipHolidays: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (time.test(v.from) && time.test(v.to) && v.to <= v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'dialog.timesInvalid' });
    if (isDay.test(v.firstDay) && isDay.test(v.lastDay) && v.lastDay < v.firstDay)
      ctx.addIssue({ code: 'custom', path: ['lastDay'], message: 'dialog.lastDayInvalid' });
  });
type SeriesValues = z.output<typeof schema>;

const toInput = (v: SeriesValues): SeriesInput => ({
  productId: v.productId,
  memberId: v.member!.id,
  weekday: Number(v.weekday),
  starts: v.from,
  ends: v.to,
  firstDay: v.firstDay,
  lastDay: v.lastDay,
  skipHolidays: v.skipHolidays,
});

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
  const [plan, setPlan] = useState<SeriesDate[]>();
  const [problem, setProblem] = useState<BookingErrorCode>();
  const form = useAppForm({
    schema,
    defaultValues: {
      productId: products[0]?.id ?? '',
      member: null,
      weekday: '2',
      from: '17:00',
      to: '19:00',
      firstDay: defaultDay,
      lastDay: '',
      skipHolidays: true,
    },
  });
  // A checked plan belongs to the values it was checked with; any change asks for a new check.
  const values = JSON.stringify(useWatch({ control: form.control }));
  useEffect(() => setPlan(undefined), [values]);
  const run = (action: (i: SeriesInput) => Promise<void>) =>
    form.submit(async (v) => {
      setProblem(undefined);
      try {
        await action(toInput(v));
      } catch (error) {
        setProblem(bookingErrorCode(error));
      }
    })();
  const free = plan?.filter((d) => d.outcome === 'free') ?? [];
  const conflicts = plan?.filter((d) => d.outcome !== 'free' && !skipped.has(d.outcome)) ?? [];
  const skippedDates = plan?.filter((d) => skipped.has(d.outcome)) ?? [];
  const day = (d: string) => format.date(`${d}T12:00:00Z`);
  const busy = form.formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.title')}
      description={t('series.description')}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-3"
        onSubmit={async (v) => {
          setProblem(undefined);
          try {
            setPlan(await previewSeries(toInput(v)));
          } catch (error) {
            setProblem(bookingErrorCode(error));
          }
        }}
      >
        <SelectField
          name="productId"
          label={t('dialog.product')}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <MemberField communityId={communityId} />
        <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto]">
          <SelectField
            name="weekday"
            label={t('series.weekday')}
            options={(['1', '2', '3', '4', '5', '6', '7'] as const).map((d) => ({
              value: d,
              label: t(`weekdays.${d}`),
            }))}
          />
          <TimeField name="from" label={t('dialog.from')} />
          <TimeField name="to" label={t('dialog.to')} />
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <DateField name="firstDay" label={t('series.firstDay')} />
          <DateField name="lastDay" label={t('series.lastDay')} />
        </div>
        <CheckboxField name="skipHolidays" label={t('series.skipHolidays')} />
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
          <Button type="submit" variant="secondary" disabled={busy}>
            {t('series.check')}
          </Button>
          <Button
            type="button"
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
      </Form>
    </Dialog>
  );
}
