// One guide, read-only.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { useMemberArticle } from '../../lib/queries/knowledge-base/load-member-article';
import { useDocumentTitle } from '../../lib/document-title';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { QueryState } from './query-state';

export function MemberArticlePage({
  slug,
  communityId,
  articleSlug,
}: {
  slug: string;
  communityId: string;
  articleSlug: string;
}) {
  const t = useT(memberAppMessages);
  const format = useFormat();
  const language = useLanguage();
  const article = useMemberArticle(communityId, articleSlug);
  useDocumentTitle(article.data?.title);
  return (
    <div className="space-y-6">
      <Link
        to={localePath(language, `m/${slug}/articles`)}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('articles.back')}
      </Link>
      <QueryState query={article} lines={6}>
        {(a) => (
          <article className="space-y-3">
            <h1 className="text-2xl font-semibold tracking-tight">{a.title}</h1>
            <p className="text-sm text-muted-foreground">
              {t('articles.updated', { date: format.date(a.updated_at) })}
            </p>
            <RichTextView doc={a.body} />
          </article>
        )}
      </QueryState>
    </div>
  );
}
