// An area whose screens come later: the page header and an honest notice that the screen is
// not available yet — never that the community has no data of this kind.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import type { CommunityArea } from '../../lib/areas';
import { useT } from '../../lib/i18n';
import { areaIcons } from '../../components/area-icons';

export function AreaEmptyPage({
  area,
  communityName,
}: {
  area: Exclude<CommunityArea, 'overview'>;
  communityName: string;
}) {
  const t = useT(shellMessages);
  const name = t(`areas.${area}`);
  return (
    <>
      <PageHeader title={name} description={t(`areaDescriptions.${area}`)} />
      <EmptyState icon={areaIcons[area]} title={t('emptyAreas.title')}>
        {t('emptyAreas.body', { area: name, what: t(`emptyAreas.what.${area}`), community: communityName })}
      </EmptyState>
    </>
  );
}
