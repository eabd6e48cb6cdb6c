// The member app's places: a bottom bar of five on phones (thumb reach), links in the top bar
// from the large breakpoint.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import {
  BookOpen,
  CalendarDays,
  HandHeart,
  House,
  Newspaper,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/class-names';
import { localePath, useLanguage, useT } from '../../lib/i18n';

// Five fit a phone's bottom bar; the shifts and the guides are in the top bar, and on a phone
// on the Me screen and the home screen.
const places: {
  path: string;
  key: 'home' | 'news' | 'events' | 'shifts' | 'groups' | 'articles' | 'me';
  icon: LucideIcon;
  onPhone: boolean;
}[] = [
  { path: '', key: 'home', icon: House, onPhone: true },
  { path: 'news', key: 'news', icon: Newspaper, onPhone: true },
  { path: 'events', key: 'events', icon: CalendarDays, onPhone: true },
  { path: 'shifts', key: 'shifts', icon: HandHeart, onPhone: false },
  { path: 'groups', key: 'groups', icon: Users, onPhone: true },
  { path: 'articles', key: 'articles', icon: BookOpen, onPhone: false },
  { path: 'me', key: 'me', icon: UserRound, onPhone: true },
];

export function MemberNav({ slug, variant }: { slug: string; variant: 'bottom' | 'top' }) {
  const t = useT(memberAppMessages);
  const language = useLanguage();
  const bottom = variant === 'bottom';
  return (
    <nav
      aria-label={t('nav.label')}
      className={
        bottom
          ? 'fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden'
          : 'hidden lg:block'
      }
    >
      <ul className={bottom ? 'grid grid-cols-5' : 'flex gap-1'}>
        {places
          .filter((p) => !bottom || p.onPhone)
          .map(({ path, key, icon: Icon }) => (
            <li key={key}>
              <NavLink
                to={localePath(language, `m/${slug}${path ? `/${path}` : ''}`)}
                end={path === ''}
                className={({ isActive }) =>
                  cn(
                    'flex items-center rounded-md font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    bottom ? 'h-16 flex-col justify-center gap-1 text-xs' : 'h-9 gap-2 px-3 text-sm',
                    isActive
                      ? 'text-accent-soft-foreground dark:text-accent'
                      : 'text-muted-foreground hover:text-foreground',
                    isActive && !bottom && 'bg-accent-soft',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                <span>{t(`nav.${key}`)}</span>
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
