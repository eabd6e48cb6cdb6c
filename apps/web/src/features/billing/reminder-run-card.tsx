// The reminder run: makes every reminder that is due today by the payment terms (at most three,
// ten days apart, the terms' fee; create_due_reminders), confirmed first because each adds its
// fee to what the payer owes. The server's reminder job mails them with the invoice PDF.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { createDueReminders } from './save-billing';

export function ReminderRunCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card aria-labelledby="billing-reminders">
      <CardHeader id="billing-reminders" title={t('reminders.title')} description={t('reminders.help')} />
      <CardBody>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('reminders.run')}
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
          try {
            const made = await createDueReminders(communityId);
            toast({
              title:
                made.length === 0
                  ? t('reminders.none')
                  : t('reminders.made', {
                      count: made.length,
                      fees: format.money(made.reduce((sum, r) => sum + r.fee_ore, 0)),
                    }),
            });
          } catch {
            toast({ title: t('reminders.failed'), variant: 'destructive' });
            return;
          }
          await queryClient.invalidateQueries({ queryKey: billingKeys.all(communityId) });
        }}
      />
    </Card>
  );
}
