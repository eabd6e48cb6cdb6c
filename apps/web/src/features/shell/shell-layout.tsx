// The default layout of community pages: a collapsible sidebar (a drawer on phones) and a top
// bar with the community switcher, language, colour mode and the user menu.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ColourModeSwitcher } from '../../components/ui/colour-mode-switcher';
import { LanguageSwitcher } from '../../components/ui/language-switcher';
import { appConfig } from '../../lib/app-config';
import type { CommunityArea } from '../../lib/areas';
import { cn } from '../../lib/class-names';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { CommunitySwitcher } from './community-switcher';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

const collapsedKey = 'sidebar-collapsed';

export function ShellLayout({
  slug,
  communityId,
  areas,
  communities,
  children,
}: {
  slug: string;
  communityId: string;
  areas: CommunityArea[];
  communities: { slug: string; name: string }[];
  children: ReactNode;
}) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(collapsedKey) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const brand = (
    <Link to={localePath(language, slug)} className="flex items-center gap-2 rounded-md px-2 font-semibold">
      <img src="/favicon.svg" alt="" className="size-7 shrink-0" width="28" height="28" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{appConfig().appName}</span>
    </Link>
  );
  return (
    <div className="flex min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('skipToContent')}
      </a>
      <aside
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-surface lg:flex',
          collapsed ? 'w-16' : 'w-60',
        )}
      >
        <div className="flex h-14 items-center border-b border-border px-2">{brand}</div>
        <SidebarNav slug={slug} areas={areas} collapsed={collapsed} />
        <div className="border-t border-border p-2">
          <Button
            variant="ghost"
            size="sm"
            className={cn('w-full', collapsed ? 'justify-center' : 'justify-start')}
            aria-label={collapsed ? t('expandSidebar') : t('collapseSidebar')}
            aria-expanded={!collapsed}
            onClick={() => {
              window.localStorage.setItem(collapsedKey, String(!collapsed));
              setCollapsed(!collapsed);
            }}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
            {collapsed ? null : <span>{t('collapseSidebar')}</span>}
          </Button>
        </div>
      </aside>
      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
          <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl lg:hidden">
            <DialogPrimitive.Title className="sr-only">{t('mainNavigation')}</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              {t('mainNavigation')}
            </DialogPrimitive.Description>
            <div className="flex h-14 items-center justify-between border-b border-border px-2">
              {brand}
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('closeNavigation')}>
                  <X aria-hidden="true" />
                </Button>
              </DialogPrimitive.Close>
            </div>
            <SidebarNav slug={slug} areas={areas} onNavigate={() => setDrawerOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur sm:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t('openNavigation')}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <CommunitySwitcher slug={slug} communityId={communityId} communities={communities} />
          <div className="flex-1" />
          <LanguageSwitcher />
          <ColourModeSwitcher />
          <UserMenu />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
