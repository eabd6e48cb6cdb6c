// The auth layout: a calm centred column with the app's name, the language and colour-mode
// switchers, and the screen in a card.
import { commonMessages } from '@club/i18n/namespaces/common';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ColourModeSwitcher } from '../../components/ui/colour-mode-switcher';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { appConfig } from '../../lib/app-config';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';

export function AuthLayout() {
  const language = useLanguage();
  const t = useT(commonMessages);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link to={localePath(language)} className="flex items-center gap-2 rounded-md font-semibold">
          <img src="/favicon.svg" alt="" className="size-7" width="28" height="28" />
          <span>{appConfig().appName}</span>
        </Link>
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ColourModeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-12 pt-6 sm:pt-12">
        <Outlet />
      </main>
      <footer className="px-6 py-4 text-center text-xs text-muted-foreground">{t('appTagline')}</footer>
    </div>
  );
}

export function AuthCard({
  title,
  description,
  children,
  wide,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className={wide ? 'w-full max-w-3xl' : 'w-full max-w-md'}>
      <div className="rounded-xl border border-border bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
