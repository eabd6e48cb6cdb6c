import { eventsMessages } from '@club/i18n/namespaces/events';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { localePath, useLanguage, useT } from '../../lib/i18n';

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
  const language = useLanguage();
  const links = [{ label: t('breadcrumb'), path: 'events' }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {links.map((link) => (
          <li key={link.path} className="flex items-center gap-1">
            <Link
              to={localePath(language, `${slug}/${link.path}`)}
              className="hover:text-foreground hover:underline"
            >
              {link.label}
            </Link>
            <ChevronRight aria-hidden="true" className="size-3.5" />
          </li>
        ))}
        <li aria-current="page" className="truncate text-foreground">
          {current}
        </li>
      </ol>
    </nav>
  );
}
