// Booking on behalf of a member: pick the product, the member, the day and the hours; the
// requirements are checked as soon as product, member and day are chosen and shown in words,
// and a refusal of the database (closed, full, expired certificate …) is said in words too.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { bookingErrorCode, type BookingErrorCode } from './describe-booking-error';
import { LabelledInput, ProductSelect, type BookingDialogProps } from './dialog-fields';
import { MemberPicker } from './member-picker';
import { RequirementList } from './requirement-list';
import { bookForMember, requirementsFor } from './save-booking';

export function NewBookingDialog({
  open,
  onOpenChange,
  communityId,
  products,
  defaultDay,
}: BookingDialogProps) {
  const t = useT(bookingMessages);
  const queryClient = useQueryClient();
  const [productId, setProductId] = useState(products[0]?.id ?? '');
  const [member, setMember] = useState<{ id: string; name: string } | null>(null);
  const [day, setDay] = useState(defaultDay);
  const [from, setFrom] = useState('17:00');
  const [to, setTo] = useState('18:00');
  const [share, setShare] = useState(false);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<BookingErrorCode>();
  const [saving, setSaving] = useState(false);
  const ready = Boolean(productId && member && /^\d{4}-\d{2}-\d{2}$/.test(day));
  const requirements = useQuery({
    queryKey: ['booking', communityId, 'requirements', productId, member?.id, day],
    queryFn: () => requirementsFor(productId, member!.id, day),
    enabled: open && ready,
  });
  const timesValid = /^\d{2}:\d{2}$/.test(from) && /^\d{2}:\d{2}$/.test(to) && (to > from || to === '00:00');

  const submit = async () => {
    if (!member) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const endDay = to === '00:00' ? nextDay(day) : day;
      await bookForMember({
        productId,
        memberId: member.id,
        startsLocal: `${day} ${from}`,
        endsLocal: `${endDay} ${to}`,
        shareContact: share,
        note,
      });
      toast({ title: t('dialog.booked', { name: member.name }) });
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
      onOpenChange(false);
    } catch (error) {
      setRefusal(bookingErrorCode(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialog.newTitle')}
      description={t('dialog.newDescription')}
    >
      <div className="space-y-3">
        <ProductSelect products={products} value={productId} onChange={setProductId} />
        <MemberPicker communityId={communityId} value={member} onChange={setMember} />
        <div className="grid grid-cols-3 gap-2">
          <LabelledInput label={t('dialog.day')} type="date" value={day} onChange={setDay} />
          <LabelledInput label={t('dialog.from')} type="time" value={from} onChange={setFrom} />
          <LabelledInput label={t('dialog.to')} type="time" value={to} onChange={setTo} />
        </div>
        {!timesValid ? <p className="text-sm text-destructive">{t('dialog.timesInvalid')}</p> : null}
        {ready && requirements.data ? (
          <section aria-live="polite" className="space-y-1">
            <h3 className="text-sm font-semibold">{t('requirements.title')}</h3>
            <RequirementList requirements={requirements.data} day={day} />
          </section>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} />
          {t('dialog.shareContact')}
        </label>
        <LabelledInput label={t('dialog.note')} value={note} onChange={setNote} />
        {refusal ? (
          <Alert kind="error" title={t('dialog.refused')}>
            {t(`errors.${refusal}`)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!ready || !timesValid || saving}>
            {t('dialog.book')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
