// For users who hold no admin access (product.md §1): where to go instead, with the provider's
// name, and a link to the member app (decision 1030): the community's when the page has one.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { LogOut, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { appConfig } from '../lib/app-config';
import { localePath, useLanguage, useT } from '../lib/i18n';
import { useSignOut } from '../lib/use-sign-out';
import { Button, buttonVariants } from './ui/button';

export function AppDownloadNotice({ community }: { community?: string }) {
  const t = useT(shellMessages);
  const language = useLanguage();
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
        <Link
          to={localePath(language, community ? `m/${community}` : 'm')}
          className={buttonVariants({ size: 'sm', className: 'mt-3' })}
          data-testid="member-app-link"
        >
          <Smartphone aria-hidden="true" />
          {t('appNotice.open', { provider: appConfig().appName })}
        </Link>
        <p className="mt-3 text-sm text-muted-foreground">{t('appNotice.otherAccount')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {t('topBar.signOut')}
        </Button>
      </div>
    </div>
  );
}
