import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { commonMessages } from '@club/i18n/namespaces/common';
import { localePath, useLanguage, useT } from '../../lib/i18n';

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
  const t = useT(commonMessages);
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-muted-foreground">
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
