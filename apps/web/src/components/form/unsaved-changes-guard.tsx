// Asks before leaving a form with unsaved changes: inside the app through react-router's
// blocker (a dialog naming what would be lost), and on reload or closing the tab through the
// browser's own beforeunload prompt. Navigation caused by a save in progress is let through.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';

export function UnsavedChangesGuard({
  when,
  what,
  saving,
}: {
  /** Whether there are unsaved changes (form.formState.isDirty). */
  when: boolean;
  /** Names what is being edited, e.g. "Summer party 2027". */
  what: string;
  /** form.saving: true while a save runs. */
  saving?: { current: boolean };
}) {
  const t = useT(kitMessages);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !saving?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (saving?.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when, saving]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('form.leaveTitle')}
      description={t('form.leaveBody', { what })}
      confirmLabel={t('form.leave')}
      cancelLabel={t('form.stay')}
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
