// Guides: the knowledge-base articles the club published for members, pinned ones first.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { useMemberArticles } from '../../lib/queries/knowledge-base/load-member-articles';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { QueryState } from './query-state';

export function MemberArticlesPage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberAppMessages);
  const language = useLanguage();
  const articles = useMemberArticles(communityId);
  return (
    <>
      <PageHeader title={t('articles.title')} description={t('articles.description')} />
      <QueryState query={articles} lines={4}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('articles.empty')}</p>
          ) : (
            <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
              {rows.map((a) => (
                <li key={a.id}>
                  <Link
                    to={localePath(language, `m/${slug}/articles/${encodeURIComponent(a.slug)}`)}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-muted"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium">{a.title}</span>
                      {a.summary ? (
                        <span className="block text-sm text-muted-foreground">{a.summary}</span>
                      ) : null}
                    </span>
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}
