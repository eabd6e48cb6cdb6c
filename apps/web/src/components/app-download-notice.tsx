// For users who hold no admin access (product.md §1): where to go instead, with the provider's name.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { LogOut, Smartphone } from 'lucide-react';
import { appConfig } from '../lib/app-config';
import { useT } from '../lib/i18n';
import { useSignOut } from '../lib/use-sign-out';
import { Button } from './ui/button';

export function AppDownloadNotice() {
  const t = useT(shellMessages);
  const signOut = useSignOut();
  return (
    <div
      role="status"
      className="flex gap-4 rounded-lg border border-border bg-surface p-5"
      data-testid="app-download-notice"
    >
      <Smartphone
        aria-hidden="true"
        className="mt-0.5 size-6 shrink-0 text-accent-soft-foreground dark:text-accent"
      />
      <div>
        <p className="font-semibold">{t('appNotice.title')}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('appNotice.body', { provider: appConfig().appName })}
        </p>
        <p className="mt-3 text-sm text-muted-foreground">{t('appNotice.otherAccount')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {t('topBar.signOut')}
        </Button>
      </div>
    </div>
  );
}
