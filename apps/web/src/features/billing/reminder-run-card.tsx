// The reminder run: makes every reminder that is due today by the payment terms (at most three,
// ten days apart, the terms' fee; create_due_reminders) and mails each at once through
// send-invoice. A reminder's fee is charged only once it has been sent (decision 1061), so the
// card says how many went, how many did not and why (no SMTP, no e-mail address), and lists the
// reminders still waiting, which can be sent again or cancelled.
import { billingMessages } from '@club/i18n/namespaces/billing';
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { describeBillingError, type BillingErrorKey } from './describe-billing-error';
import {
  cancelUnsentReminder,
  createDueReminders,
  loadWaitingReminders,
  sendInvoice,
  type ReminderToSend,
} from './save-billing';

interface SendResult {
  sent: number;
  feesOre: number;
  notSent: number;
  reasons: BillingErrorKey[];
}

/** Mails each reminder; once mail is not set up at all, the rest cannot go either. */
async function sendReminders(reminders: ReminderToSend[]): Promise<SendResult> {
  const result: SendResult = { sent: 0, feesOre: 0, notSent: 0, reasons: [] };
  for (const [index, reminder] of reminders.entries()) {
    try {
      await sendInvoice(reminder.invoice_id, reminder.reminder_id);
      result.sent += 1;
      result.feesOre += reminder.fee_ore;
    } catch (error) {
      const reason = await describeBillingError(error);
      if (!result.reasons.includes(reason)) result.reasons.push(reason);
      if (reason === 'errors.smtp_not_configured') {
        result.notSent += reminders.length - index;
        break;
      }
      result.notSent += 1;
    }
  }
  return result;
}

export function ReminderRunCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const te = useT(billingMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SendResult | null>(null);
  const waiting = useQuery({
    queryKey: billingKeys.waitingReminders(communityId),
    queryFn: () => loadWaitingReminders(communityId),
  });
  const waitingCount = waiting.data?.length ?? 0;

  const send = async (reminders: ReminderToSend[]) => {
    setBusy(true);
    try {
      setResult(await sendReminders(reminders));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
    }
  };

  return (
    <Card aria-labelledby="billing-reminders">
      <CardHeader id="billing-reminders" title={t('reminders.title')} description={t('reminders.help')} />
      <CardBody className="space-y-3">
        {result ? (
          <div className="space-y-2" data-testid="reminder-result">
            {result.sent > 0 ? (
              <Alert
                kind="success"
                title={t('reminders.sent', { count: result.sent, fees: format.money(result.feesOre) })}
              />
            ) : null}
            {result.notSent > 0 ? (
              <Alert kind="error" title={t('reminders.notSent', { count: result.notSent })}>
                {result.reasons.map((reason) => (
                  <p key={reason}>{t('reminders.why', { reason: te(reason) })}</p>
                ))}
              </Alert>
            ) : null}
          </div>
        ) : null}
        {waitingCount > 0 ? (
          <Alert kind="info" title={t('reminders.waiting', { count: waitingCount })}>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => void send(waiting.data ?? [])}
              >
                {t('reminders.sendWaiting')}
              </Button>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => setCancelling(true)}>
                {t('reminders.cancelWaiting')}
              </Button>
            </div>
          </Alert>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
          {busy ? t('reminders.sending') : t('reminders.run')}
        </Button>
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        destructive={false}
        title={t('reminders.confirmTitle')}
        description={t('reminders.confirmBody')}
        confirmLabel={t('reminders.run')}
        onConfirm={async () => {
          let made: ReminderToSend[];
          try {
            made = await createDueReminders(communityId);
          } catch {
            toast({ title: t('reminders.failed'), variant: 'destructive' });
            return;
          }
          if (made.length === 0) {
            setResult(null);
            toast({ title: t('reminders.none') });
            await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
            return;
          }
          await send(made);
        }}
      />
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('reminders.cancelTitle')}
        description={t('reminders.cancelBody')}
        confirmLabel={t('reminders.cancelWaiting')}
        onConfirm={async () => {
          try {
            for (const reminder of waiting.data ?? []) await cancelUnsentReminder(reminder.reminder_id);
            setResult(null);
            toast({ title: t('reminders.cancelled') });
          } catch (error) {
            toast({ title: te(await describeBillingError(error)), variant: 'destructive' });
          } finally {
            await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
          }
        }}
      />
    </Card>
  );
}
