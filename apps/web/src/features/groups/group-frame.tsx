// The frame of the group page and its four sub-screens: loads the group, shows the header
// (title, breadcrumbs, archived notice) and the navigation between the screens, and the
// loading, not-found and error states. A malformed id or another community's group is a 404.
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import { groupKeys } from './group-keys';
import type { GroupRecord } from './group-records';
import { isGroupId, loadGroup } from './load-group';

export type GroupScreen = 'overview' | 'details' | 'description' | 'price' | 'settings';
const screens: [GroupScreen, string][] = [
  ['overview', ''],
  ['details', '/GroupDetails'],
  ['description', '/GroupDescription'],
  ['price', '/GroupPrice'],
  ['settings', '/GroupSettings'],
];

export function useGroup(communityId: string, groupId: string) {
  return useQuery({
    queryKey: groupKeys.detail(communityId, groupId),
    queryFn: () => loadGroup(groupId),
    enabled: isGroupId(groupId),
  });
}

export function GroupFrame({
  communityId,
  slug,
  groupId,
  screen,
  description,
  action,
  children,
}: {
  communityId: string;
  slug: string;
  groupId: string;
  screen: GroupScreen;
  description?: (group: GroupRecord) => ReactNode;
  action?: (group: GroupRecord) => ReactNode;
  children: (group: GroupRecord) => ReactNode;
}) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const group = useGroup(communityId, groupId);
  if (!isGroupId(groupId) || group.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (group.isError)
    return (
      <Alert kind="error" title={t('errors.unknown')}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void group.refetch()}>
          {tc('actions.retry')}
        </Button>
      </Alert>
    );
  if (!group.data)
    return (
      <div aria-busy="true" aria-label={tc('loading')} className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  const g = group.data;
  const base = `${slug}/groups/${g.id}`;
  const current = screen === 'overview' ? g.title : t(`nav.${screen}`);
  const links = [{ label: t('breadcrumb'), path: 'groups' }];
  if (screen !== 'overview') links.push({ label: g.title, path: `groups/${g.id}` });
  return (
    <>
      <PageHeader
        title={screen === 'overview' ? g.title : `${t(`nav.${screen}`)}: ${g.title}`}
        breadcrumbs={<Breadcrumbs slug={slug} links={links} current={current} />}
        description={description?.(g)}
        action={action?.(g)}
      />
      <nav aria-label={t('nav.label')} className="-mt-2 mb-6 overflow-x-auto border-b border-border">
        <ul className="flex gap-1 whitespace-nowrap">
          {screens.map(([id, suffix]) => (
            <li key={id}>
              <NavLink
                end
                to={localePath(language, `${base}${suffix}`)}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm ${
                    isActive
                      ? 'border-accent font-medium text-foreground'
                      : 'border-transparent text-muted-foreground hover:text-foreground'
                  }`
                }
              >
                {t(`nav.${id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {g.archived ? (
        <div className="mb-6">
          <Alert kind="info" title={t('page.archivedNotice')} />
        </div>
      ) : null}
      {children(g)}
    </>
  );
}
