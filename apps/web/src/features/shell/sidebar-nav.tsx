// The community's areas in their fixed order, only those the user administers.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { NavLink } from 'react-router';
import { cn } from '../../lib/class-names';
import type { CommunityArea } from '../../lib/areas';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { areaIcons } from '../../components/area-icons';

export function SidebarNav({
  slug,
  areas,
  collapsed,
  onNavigate,
}: {
  slug: string;
  areas: CommunityArea[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const t = useT(shellMessages);
  const language = useLanguage();
  return (
    <nav aria-label={t('mainNavigation')} className="flex-1 overflow-y-auto px-2 py-3">
      <ul className="space-y-0.5">
        {areas.map((area) => {
          const Icon = areaIcons[area];
          const label = t(`areas.${area}`);
          return (
            <li key={area}>
              <NavLink
                to={localePath(language, area === 'overview' ? slug : `${slug}/${area}`)}
                end={area === 'overview'}
                onClick={onNavigate}
                title={collapsed ? label : undefined}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-accent-soft text-accent-soft-foreground'
                      : 'text-foreground hover:bg-muted',
                    collapsed && 'justify-center px-2',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span className={collapsed ? 'sr-only' : undefined}>{label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
