// The community overview: what needs attention, the figures of each area the user administers
// (decision 0940), and every area one click away. Users with no admin access see the
// app-download notice instead. The figures are live (use-live-overview.ts), and refresh every
// minute and when the tab regains focus for what realtime does not carry.
import type { MembershipClaim } from '@club/schemas';
import { shellMessages } from '@club/i18n/namespaces/shell';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AppDownloadNotice } from '../../components/app-download-notice';
import { PageHeader } from '../../components/ui/page-header';
import { areasGranting, communityAreas, visibleAreas, type CommunityArea } from '../../lib/areas';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { areaIcons } from '../../components/area-icons';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { commonMessages } from '@club/i18n/namespaces/common';
import { membersMessages } from '@club/i18n/namespaces/members';
import { loadOverview, overviewKey } from './load-overview';
import { OverviewAttention } from './overview-attention';
import { OverviewEvents, OverviewFigureCards, OverviewNews } from './overview-figures';
import { useLiveOverview } from './use-live-overview';

function OverviewSummary({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(shellMessages);
  const tc = useT(commonMessages);
  const query = useQuery({
    queryKey: overviewKey(communityId),
    queryFn: () => loadOverview(communityId),
    refetchInterval: 60_000,
  });
  useLiveOverview(communityId);
  if (query.isError)
    return (
      <Alert kind="error" title={t('overview.loadError')}>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {tc('actions.retry')}
        </Button>
      </Alert>
    );
  if (!query.data)
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label={tc('loading')}>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-48 sm:col-span-2" />
      </div>
    );
  const figures = query.data;
  return (
    <div className="space-y-4">
      <OverviewAttention slug={slug} figures={figures} />
      <OverviewFigureCards slug={slug} figures={figures} />
      <div className="grid gap-4 xl:grid-cols-2">
        <OverviewEvents slug={slug} figures={figures} />
        <OverviewNews slug={slug} figures={figures} />
      </div>
    </div>
  );
}

/** Said when an address named an area the user does not hold: which area, and who grants it. */
function DeniedArea({ area }: { area: CommunityArea }) {
  const t = useT(shellMessages);
  const tm = useT(membersMessages);
  const language = useLanguage();
  const needed = areasGranting(area) ?? [];
  const list = new Intl.ListFormat(language === 'da' ? 'da-DK' : 'en-GB', { type: 'disjunction' });
  return (
    <Alert kind="info" title={t('overview.denied.title', { area: t(`areas.${area}`) })}>
      {t('overview.denied.body', { needed: list.format(needed.map((a) => tm(`areas.${a}`))) })}
    </Alert>
  );
}

export function OverviewPage({ slug, membership }: { slug: string; membership: MembershipClaim }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const areas = visibleAreas(membership).filter((a) => a !== 'overview');
  const [params] = useSearchParams();
  const denied = communityAreas.find((a) => a === params.get('denied') && areasGranting(a) !== undefined);
  return (
    <>
      <PageHeader
        title={membership.name}
        description={t('areaDescriptions.overview', { community: membership.name })}
      />
      {denied ? (
        <div className="mb-4">
          <DeniedArea area={denied} />
        </div>
      ) : null}
      {areas.length === 0 ? (
        <AppDownloadNotice community={slug} />
      ) : (
        <div className="space-y-6">
          {membership.areas.length > 0 ? (
            <OverviewSummary slug={slug} communityId={membership.community_id} />
          ) : null}
          <section aria-labelledby="your-areas">
            <h2 id="your-areas" className="text-base font-semibold">
              {t('overview.yourAreas')}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('overview.yourAreasHint')}</p>
            {membership.membership_manager ? (
              <p className="mt-1 text-sm text-muted-foreground">{t('overview.membershipManager')}</p>
            ) : null}
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {areas.map((area) => {
                const Icon = areaIcons[area];
                return (
                  <li key={area}>
                    <Link
                      to={localePath(language, `${slug}/${area}`)}
                      className="group flex h-full gap-3 rounded-lg border border-border bg-surface p-4 transition-colors hover:border-accent"
                    >
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-soft-foreground">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <span className="min-w-0">
                        <span className="flex items-center gap-1 font-medium">
                          {t(`areas.${area}`)}
                          <ArrowRight
                            aria-hidden="true"
                            className="size-4 opacity-0 transition-opacity group-hover:opacity-100"
                          />
                        </span>
                        <span className="mt-0.5 block text-sm text-muted-foreground">
                          {t(`areaDescriptions.${area}`)}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      )}
    </>
  );
}
