// Says plainly, under the top bar, that the phone is offline and what that means for the screen.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { WifiOff } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { useOnline } from './use-online';

export function OfflineBanner() {
  const t = useT(memberAppMessages);
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-start gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">{t('offline.title')}.</span> {t('offline.body')}
      </p>
    </div>
  );
}
