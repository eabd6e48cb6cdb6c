// The rules of the post editor's form (zod), the same the database enforces: a title, a
// release time ahead for "publish later"; and how the form's values become a saved post.
import type { RichTextDoc } from '@club/schemas';
import { z } from 'zod';
import { dateTimeValue } from '../../components/form/date-fields';
import { isoToZonedInput, zonedInputToIso } from '../../lib/zoned-time';
import type { NewsPost, NewsStatus } from './news-records';
import type { NewsPostValues } from './save-news-post';

export type PublishChoice = 'now' | 'later' | 'draft' | 'keep';

export function publishChoices(status: NewsStatus | undefined): PublishChoice[] {
  return status === 'published' ? ['keep', 'draft'] : ['now', 'later', 'draft'];
}

export function newsPostSchema(timeZone: string, now: () => number = Date.now) {
  return z
    .object({
      title: z.string().trim().min(1, 'editor.errors.titleRequired').max(200),
      content: z.custom<RichTextDoc | null>(() => true),
      imagePath: z.string(),
      visibility: z.enum(['public', 'members', 'hidden']),
      allowComments: z.boolean(),
      linkUrl: z.string().trim().max(2048),
      /** The picked author (a user of the community); empty keeps the stored author or the writer. */
      authorId: z.string(),
      /** The picked author's byline, shown in the picker; the database sets the stored one. */
      authorName: z.string(),
      publish: z.enum(['now', 'later', 'draft', 'keep']),
      releaseAt: dateTimeValue,
      sendMail: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.publish !== 'later') return;
      const at = values.releaseAt ? zonedInputToIso(values.releaseAt, timeZone) : undefined;
      if (!at)
        ctx.addIssue({ code: 'custom', path: ['releaseAt'], message: 'editor.errors.releaseRequired' });
      else if (new Date(at).getTime() <= now())
        ctx.addIssue({ code: 'custom', path: ['releaseAt'], message: 'editor.errors.releaseInPast' });
    });
}

export type NewsPostFormInput = z.input<ReturnType<typeof newsPostSchema>>;
export type NewsPostFormValues = z.output<ReturnType<typeof newsPostSchema>>;

export function formFromPost(
  post: NewsPost | undefined,
  timeZone: string,
  me: { id: string; name: string },
): NewsPostFormInput {
  const status = post?.status === 'cancelled' ? 'draft' : post?.status;
  return {
    title: post?.title ?? '',
    content: post?.content ?? null,
    imagePath: post?.image_path ?? '',
    visibility: post?.visibility ?? 'members',
    allowComments: post?.allow_comments ?? true,
    linkUrl: post?.link_url ?? '',
    authorId: post ? (post.author_id ?? '') : me.id,
    authorName: post ? (post.author_name ?? '') : me.name,
    publish:
      status === 'published'
        ? 'keep'
        : status === 'scheduled'
          ? 'later'
          : status === 'draft'
            ? 'draft'
            : 'now',
    releaseAt: post?.status === 'scheduled' ? isoToZonedInput(post.release_at, timeZone) : '',
    sendMail: false,
  };
}

export function postFromForm(values: NewsPostFormValues, timeZone: string): NewsPostValues {
  const status: NewsStatus =
    values.publish === 'later' ? 'scheduled' : values.publish === 'draft' ? 'draft' : 'published';
  return {
    title: values.title,
    content: values.content,
    imagePath: values.imagePath,
    visibility: values.visibility,
    allowComments: values.allowComments,
    linkUrl: values.linkUrl,
    authorId: values.authorId,
    status,
    releaseAt: status === 'scheduled' ? (zonedInputToIso(values.releaseAt, timeZone) ?? null) : null,
  };
}
