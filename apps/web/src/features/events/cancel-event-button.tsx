// Cancelling an event asks first, naming the event and what cancelling means.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { describeEventError } from './describe-event-error';
import { cancelEvent } from './save-event';
import { eventKeys } from './use-event-community';

export function CancelEventButton({
  event,
  communityId,
  className,
  onCancelled,
}: {
  event: { id: string; title: string };
  communityId: string;
  className?: string;
  onCancelled?: () => void;
}) {
  const t = useT(eventsMessages);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <Ban aria-hidden="true" />
        {t('detail.cancel')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('detail.cancelTitle', { title: event.title })}
        description={t('detail.cancelBody')}
        confirmLabel={t('detail.cancelConfirm')}
        onConfirm={async () => {
          try {
            await cancelEvent(event.id);
            await queryClient.invalidateQueries({ queryKey: eventKeys.all(communityId) });
            toast({ title: t('detail.cancelled', { title: event.title }) });
            onCancelled?.();
          } catch (failure) {
            toast({ variant: 'destructive', title: t(describeEventError(failure)) });
          }
        }}
      />
    </>
  );
}
