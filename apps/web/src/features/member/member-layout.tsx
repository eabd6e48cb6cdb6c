// The frame of every member screen: a top bar (club, language, colour mode, the admin app for
// administrators), the offline banner, the page, and the bottom navigation on phones. Signing
// out anywhere clears the offline copy of club data.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import type { MembershipClaim } from '@club/schemas';
import { LayoutDashboard } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { ColourModeSwitcher } from '../../components/ui/colour-mode-switcher';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { clearOfflineData } from '../../lib/offline-data';
import { supabase } from '../../lib/supabase';
import { MemberNav } from './member-nav';
import { OfflineBanner } from './offline-banner';
import { registerMemberServiceWorker } from './register-service-worker';

export function MemberLayout({
  slug,
  membership,
  children,
}: {
  slug: string;
  membership: MembershipClaim;
  children: ReactNode;
}) {
  const t = useT(memberAppMessages);
  const language = useLanguage();
  useEffect(() => {
    registerMemberServiceWorker();
    const { data } = supabase().auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') void clearOfflineData();
    });
    return () => data.subscription.unsubscribe();
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-background" data-testid="member-app">
      <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:px-4">
          <Link
            to={localePath(language, `m/${slug}`)}
            className="flex min-w-0 items-center gap-2 rounded-md px-1 font-semibold"
          >
            <img src="/favicon.svg" alt="" className="size-7 shrink-0" width="28" height="28" />
            <span className="truncate">{membership.name}</span>
          </Link>
          <div className="ml-4">
            <MemberNav slug={slug} variant="top" />
          </div>
          <div className="flex-1" />
          {membership.role === 'admin' ? (
            <Link
              to={localePath(language, slug)}
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              aria-label={t('adminAppLong')}
              data-testid="admin-app-link"
            >
              <LayoutDashboard aria-hidden="true" />
              <span className="hidden sm:inline">{t('adminApp')}</span>
            </Link>
          ) : null}
          <LanguageSwitcher />
          <ColourModeSwitcher />
        </div>
        <OfflineBanner />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pb-24 pt-5 outline-none sm:px-6 lg:pb-10"
      >
        {children}
      </main>
      <MemberNav slug={slug} variant="bottom" />
    </div>
  );
}
