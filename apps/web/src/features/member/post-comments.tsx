// The comments of a post as a member sees them (hidden ones left out by RLS) and a box to add
// one while comments are on. The rules themselves are comment_on_post's.
import { memberNewsMessages } from '@club/i18n/namespaces/member-news';
import { Send } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ConnectionIndicator } from '../../components/ui/connection-indicator';
import { useCommentOnPost } from '../../lib/queries/news/comment-on-post';
import { usePostComments } from '../../lib/queries/news/load-post-comments';
import { useFormat, useT } from '../../lib/i18n';
import { QueryState } from './query-state';

const maxLength = 4000;

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function PostComments({
  communityId,
  postId,
  allowComments,
  live,
}: {
  communityId: string;
  postId: string;
  allowComments: boolean;
  live: boolean;
}) {
  const t = useT(memberNewsMessages);
  const format = useFormat();
  const now = useNow();
  const comments = usePostComments(communityId, postId);
  const comment = useCommentOnPost(communityId);
  const [body, setBody] = useState('');
  const tooLong = body.length > maxLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || tooLong) return;
    comment.mutate({ postId, body: body.trim() }, { onSuccess: () => setBody('') });
  };

  return (
    <section aria-labelledby="post-comments" className="space-y-4">
      <div className="flex items-center gap-2">
        <h2 id="post-comments" className="text-lg font-semibold">
          {t('comments')}
        </h2>
        <ConnectionIndicator connected={live} />
      </div>
      <QueryState query={comments} lines={2}>
        {(rows) => (
          <>
            <p className="text-sm text-muted-foreground">{t('commentCount', { count: rows.length })}</p>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('noComments')}</p>
            ) : (
              <ol className="space-y-3" aria-live="polite" data-testid="member-comments">
                {rows.map((c) => (
                  <li
                    key={c.id}
                    className="rounded-lg border border-border bg-surface p-3"
                    data-comment-id={c.id}
                  >
                    <p className="text-sm">
                      <span className="font-medium">{c.author_name}</span>{' '}
                      <time
                        dateTime={c.created_at}
                        title={format.dateTime(c.created_at)}
                        className="text-muted-foreground"
                      >
                        {format.relative(c.created_at, now)}
                      </time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-sm">{c.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryState>
      {allowComments ? (
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor="member-comment" className="text-sm font-medium">
            {t('yourComment')}
          </label>
          <textarea
            id="member-comment"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? 'member-comment-error' : undefined}
            className="block w-full rounded-md border border-input bg-surface px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          />
          {tooLong ? (
            <p id="member-comment-error" className="text-sm text-destructive">
              {t('tooLong')}
            </p>
          ) : null}
          <Button type="submit" disabled={comment.isPending || !body.trim() || tooLong}>
            <Send aria-hidden="true" />
            {t('send')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="comments-off">
          {t('commentsOff')}
        </p>
      )}
    </section>
  );
}
