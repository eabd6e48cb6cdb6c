// Booking on behalf of a member: pick the product, the member, the day and the hours; the
// requirements are checked as soon as product, member and day are chosen and shown in words,
// and a refusal of the database (closed, full, expired certificate …) is said in words too.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DateField } from '../../components/form/date-fields';
import { CheckboxField, Form, SelectField, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { bookingErrorCode, type BookingErrorCode } from './describe-booking-error';
import { MemberField, memberValue, time, type BookingDialogProps } from './dialog-fields';
import { RequirementList } from './requirement-list';
import { bookForMember, requirementsFor } from './save-booking';
import { TimeField } from './time-field';

const schema = z
  .object({
    productId: z.string().min(1, 'dialog.productRequired'),
    member: memberValue,
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dialog.dayInvalid'),
    from: z.string().regex(time, 'form.hoursTimeInvalid'),
    to: z.string().regex(time, 'form.hoursTimeInvalid'),
    shareContact: z.boolean(),
    note: z.string().max(500),
  })
  .superRefine((v, ctx) => {
    if (time.test(v.from) && time.test(v.to) && v.to <= v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'dialog.timesInvalid' });
  });

export function NewBookingDialog({
  open,
  onOpenChange,
  communityId,
  products,
  defaultDay,
}: BookingDialogProps) {
  const t = useT(bookingMessages);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<BookingErrorCode>();
  const form = useAppForm({
    schema,
    defaultValues: {
      productId: products[0]?.id ?? '',
      member: null,
      day: defaultDay,
      from: '17:00',
      to: '18:00',
      shareContact: false,
      note: '',
    },
  });
  const [productId, member, day] = useWatch({ control: form.control, name: ['productId', 'member', 'day'] });
  const ready = Boolean(productId && member && /^\d{4}-\d{2}-\d{2}$/.test(day));
  const requirements = useQuery({
    queryKey: ['booking', communityId, 'requirements', productId, member?.id, day],
    queryFn: () => requirementsFor(productId, member!.id, day),
    enabled: open && ready,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.newTitle')}
      description={t('dialog.newDescription')}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-3"
        onSubmit={async (v) => {
          setRefusal(undefined);
          // 24:00 is midnight at the end of the day.
          const ends = v.to === '24:00' ? `${nextDay(v.day)} 00:00` : `${v.day} ${v.to}`;
          try {
            await bookForMember({
              productId: v.productId,
              memberId: v.member!.id,
              startsLocal: `${v.day} ${v.from}`,
              endsLocal: ends,
              shareContact: v.shareContact,
              note: v.note,
            });
          } catch (error) {
            setRefusal(bookingErrorCode(error));
            return;
          }
          toast({ title: t('dialog.booked', { name: v.member!.name }) });
          await queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
          onOpenChange(false);
        }}
      >
        <SelectField
          name="productId"
          label={t('dialog.product')}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <MemberField communityId={communityId} />
        <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto]">
          <DateField name="day" label={t('dialog.day')} />
          <TimeField name="from" label={t('dialog.from')} />
          <TimeField name="to" label={t('dialog.to')} />
        </div>
        {ready && requirements.data ? (
          <section aria-live="polite" className="space-y-1">
            <h3 className="text-sm font-semibold">{t('requirements.title')}</h3>
            <RequirementList requirements={requirements.data} day={day} />
          </section>
        ) : null}
        <CheckboxField name="shareContact" label={t('dialog.shareContact')} />
        <TextField name="note" label={t('dialog.note')} optional />
        {refusal ? (
          <Alert kind="error" title={t('dialog.refused')}>
            {t(`errors.${refusal}`)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('dialog.book')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
