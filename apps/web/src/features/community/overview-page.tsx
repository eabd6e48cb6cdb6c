// The community overview: what the user administers here, each area one click away. Users with
// no admin access see the app-download notice instead.
import type { MembershipClaim } from '@club/schemas';
import { shellMessages } from '@club/i18n/namespaces/shell';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { AppDownloadNotice } from '../../components/app-download-notice';
import { PageHeader } from '../../components/ui/page-header';
import { visibleAreas } from '../../lib/areas';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { areaIcons } from '../../components/area-icons';

export function OverviewPage({ slug, membership }: { slug: string; membership: MembershipClaim }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const areas = visibleAreas(membership).filter((a) => a !== 'overview');
  return (
    <>
      <PageHeader
        title={membership.name}
        description={t('areaDescriptions.overview', { community: membership.name })}
      />
      {areas.length === 0 ? (
        <AppDownloadNotice />
      ) : (
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
      )}
    </>
  );
}
