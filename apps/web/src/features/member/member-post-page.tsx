// One post with its comments; the comments and the comments-off switch stay live.
import { memberNewsMessages } from '@club/i18n/namespaces/member-news';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { useNewsPost } from '../../lib/queries/news/load-news-post';
import { useLiveComments } from '../../lib/queries/news/use-live-comments';
import { useDocumentTitle } from '../../lib/document-title';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { PostComments } from './post-comments';
import { QueryState } from './query-state';

export function MemberPostPage({
  slug,
  communityId,
  postId,
}: {
  slug: string;
  communityId: string;
  postId: string;
}) {
  const t = useT(memberNewsMessages);
  const format = useFormat();
  const language = useLanguage();
  const post = useNewsPost(communityId, postId);
  const live = useLiveComments(communityId, postId);
  useDocumentTitle(post.data?.title);
  return (
    <div className="space-y-6">
      <Link
        to={localePath(language, `m/${slug}/news`)}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('back')}
      </Link>
      <QueryState query={post} lines={6}>
        {(p) => {
          const at = p.published_at ?? p.release_at;
          return (
            <>
              <article className="space-y-3">
                <h1 className="text-2xl font-semibold tracking-tight">{p.title}</h1>
                {at ? (
                  <p className="text-sm text-muted-foreground">
                    {[p.author_name, t('published', { date: format.date(at) })].filter(Boolean).join(' · ')}
                  </p>
                ) : null}
                <RichTextView doc={p.content} />
              </article>
              <PostComments
                communityId={communityId}
                postId={postId}
                allowComments={p.allow_comments}
                live={live}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
