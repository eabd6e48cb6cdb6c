// Cancelling an event asks first, naming the event and what cancelling means; for a date of a
// recurring event it also asks which dates: this one, this and the following, or all.
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
import { isSeriesDate, SeriesScopeChoice, type SeriesScope } from './series-scope-choice';
import { eventKeys } from './use-event-community';

export function CancelEventButton({
  event,
  communityId,
  className,
  onCancelled,
}: {
  event: { id: string; title: string; series_id: string | null };
  communityId: string;
  className?: string;
  onCancelled?: () => void;
}) {
  const t = useT(eventsMessages);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<SeriesScope>('this');
  const series = isSeriesDate(event);
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
        description={series ? t(`series.cancelBody.${scope}`) : t('detail.cancelBody')}
        confirmLabel={t('detail.cancelConfirm')}
        onConfirm={async () => {
          try {
            const count = await cancelEvent(event.id, series ? scope : 'this');
            await queryClient.invalidateQueries({ queryKey: eventKeys.all(communityId) });
            toast({
              title: series
                ? t('series.cancelled', { title: event.title, count })
                : t('detail.cancelled', { title: event.title }),
            });
            onCancelled?.();
          } catch (failure) {
            toast({ variant: 'destructive', title: t(describeEventError(failure)) });
            throw failure;
          }
        }}
      >
        {series ? (
          <SeriesScopeChoice value={scope} onChange={setScope} legend={t('series.cancelWhich')} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
