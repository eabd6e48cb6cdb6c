// Giving back one's own shift: asks first, naming the shift and what happens; once the shift has
// started it says why it can no longer be given back (the database's rule, volunteer_shifts).
import { memberShiftsMessages } from '@club/i18n/namespaces/member-shifts';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useGiveBackShift } from '../../lib/queries/events/give-back-shift';
import type { VolunteerShift } from '../../lib/queries/events/load-volunteer-shifts';
import { useT } from '../../lib/i18n';

export function GiveBackShiftButton({
  communityId,
  shift,
  time,
}: {
  communityId: string;
  shift: VolunteerShift;
  time: string;
}) {
  const t = useT(memberShiftsMessages);
  const giveBack = useGiveBackShift(communityId);
  const [confirm, setConfirm] = useState(false);
  const signupId = shift.mySignupId;
  if (!signupId || shift.myCheckedInAt) return null;
  if (!shift.mayCancel) return <p className="text-sm text-muted-foreground">{t('cancelClosed')}</p>;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('cancelNamed', { job: shift.jobTitle, time })}
        disabled={giveBack.isPending}
        onClick={() => setConfirm(true)}
      >
        {t('cancel')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('cancelTitle', { job: shift.jobTitle })}
        description={t('cancelText', { time })}
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('keep')}
        destructive
        onConfirm={() => giveBack.mutateAsync({ id: signupId, job: shift.jobTitle }).then(() => undefined)}
      />
    </>
  );
}
