// Posts as a list of links, newest first, each with when it was published.
import { memberNewsMessages } from '@club/i18n/namespaces/member-news';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { NewsFeedItem } from '../../lib/queries/news/load-news-feed';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';

export function NewsList({ slug, posts }: { slug: string; posts: NewsFeedItem[] }) {
  const t = useT(memberNewsMessages);
  const format = useFormat();
  const language = useLanguage();
  if (posts.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
      {posts.map((p) => {
        const at = p.published_at ?? p.release_at;
        return (
          <li key={p.id}>
            <Link
              to={localePath(language, `m/${slug}/news/${p.id}`)}
              className="flex items-center gap-3 px-4 py-3 hover:bg-muted"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{p.title}</span>
                {at ? (
                  <span className="block text-sm text-muted-foreground">
                    {t('published', { date: format.date(at) })}
                  </span>
                ) : null}
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
