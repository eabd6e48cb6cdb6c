import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { localePath, useLanguage } from '../../lib/i18n';

/** Area › (trail) › current page; paths are relative to the community (/{lang}/{slug}/…). */
export function Breadcrumbs({
  slug,
  links,
  current,
}: {
  slug: string;
  links: { label: string; path: string }[];
  current: string;
}) {
  const language = useLanguage();
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
