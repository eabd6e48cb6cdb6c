import { eventsMessages } from '@club/i18n/namespaces/events';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { useT } from '../../lib/i18n';

/** Events › (event) › current page. */
export function EventBreadcrumbs({
  slug,
  trail,
  current,
}: {
  slug: string;
  trail: { label: string; path: string }[];
  current: string;
}) {
  const t = useT(eventsMessages);
  return (
    <Breadcrumbs
      slug={slug}
      links={[{ label: t('breadcrumb'), path: 'events' }, ...trail]}
      current={current}
    />
  );
}
