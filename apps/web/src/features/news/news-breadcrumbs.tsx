import { newsMessages } from '@club/i18n/namespaces/news';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { useT } from '../../lib/i18n';

/** News › (post) › current page. */
export function NewsBreadcrumbs({
  slug,
  trail = [],
  current,
}: {
  slug: string;
  trail?: { label: string; path: string }[];
  current: string;
}) {
  const t = useT(newsMessages);
  return (
    <Breadcrumbs slug={slug} links={[{ label: t('breadcrumb'), path: 'news' }, ...trail]} current={current} />
  );
}
