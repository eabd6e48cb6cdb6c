// The post editor (/news/new and /news/{id}/edit) on the kit's form: title, content (the
// shared rich-text editor), image (PNG or JPEG), visibility, comments on or off, a link checked
// on the server when entered, the author (picked among the community's people; the writer by default) and publishing now, later at
// a chosen time, or as a draft — optionally sending the post by e-mail when it is released.
import { commonMessages } from '@club/i18n/namespaces/common';
import { newsMessages } from '@club/i18n/namespaces/news';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DateTimeField } from '../../components/form/date-fields';
import { CheckboxField, Form, FormErrorSummary, SelectField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { RichTextEditor } from '../../components/ui/rich-text/rich-text-editor';
import { storagePath } from '../../components/ui/rich-text/storage-url';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { UploadField } from '../../components/upload/upload-field';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import { useSession } from '../../lib/session';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { loadNewsPost } from './load-news-post';
import { NewsAuthorPicker } from './news-author-picker';
import { NewsBreadcrumbs } from './news-breadcrumbs';
import { newsKeys } from './news-keys';
import { NewsLinkField, useLinkChecks } from './news-link-field';
import { formFromPost, newsPostSchema, postFromForm, publishChoices } from './news-post-form';
import { useSendNewsByMail } from './news-post-actions';
import { newsVisibilities, type NewsPost } from './news-records';
import { saveNewsPost } from './save-news-post';
import { newsImageAccept, newsImageBucket, newsImageUrl, uploadNewsImage } from './upload-news-image';

export function NewsEditorPage({
  postId,
  communityId,
  slug,
}: {
  postId?: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(newsMessages);
  const tc = useT(commonMessages);
  const timeZone = useCommunityTimeZone(communityId);
  const { session, loading } = useSession();
  const existing = useQuery({
    queryKey: [...newsKeys.post(communityId, postId ?? 'new'), 'editing'],
    queryFn: () => loadNewsPost(postId!, communityId),
    enabled: postId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (existing.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (!timeZone || loading || (postId && !existing.data)) {
    return (
      <>
        <PageHeader title={postId ? t('editor.editTitle') : t('editor.createTitle')} />
        {existing.isError ? (
          <Alert kind="error" title={t('editor.loadError')}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void existing.refetch()}>
              {tc('actions.retry')}
            </Button>
          </Alert>
        ) : (
          <div className="space-y-4" aria-busy="true" aria-label={tc('loading')}>
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </>
    );
  }
  const meta = session?.user.user_metadata as { full_name?: string } | undefined;
  const me = { id: session?.user.id ?? '', name: meta?.full_name || session?.user.email || '' };
  return (
    <NewsEditorForm post={existing.data} me={me} communityId={communityId} slug={slug} timeZone={timeZone} />
  );
}

function NewsEditorForm({
  post,
  me,
  communityId,
  slug,
  timeZone,
}: {
  post?: NewsPost;
  me: { id: string; name: string };
  communityId: string;
  slug: string;
  timeZone: string;
}) {
  const t = useT(newsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkLink = useLinkChecks();
  const sendByMail = useSendNewsByMail(communityId, slug);
  const schema = useMemo(() => newsPostSchema(timeZone), [timeZone]);
  const form = useAppForm({
    schema,
    defaultValues: formFromPost(post, timeZone, me),
    serverErrors: {
      columns: {
        title: 'title',
        link_url: 'linkUrl',
        release_at: 'releaseAt',
        author_id: 'authorId',
        author_name: 'authorId',
      },
      codes: {
        title_required: { field: 'title', message: 'editor.errors.titleRequired' },
        release_required: { field: 'releaseAt', message: 'editor.errors.releaseRequired' },
        release_in_past: { field: 'releaseAt', message: 'editor.errors.releaseInPast' },
        invalid_link: { field: 'linkUrl', message: 'editor.link.invalid' },
        link_internal_address: { field: 'linkUrl', message: 'editor.link.invalid' },
        invalid_transition: { message: 'errors.invalid_transition' },
        author_not_in_community: { field: 'authorId', message: 'editor.errors.authorNotInCommunity' },
      },
    },
  });
  const publish = useWatch({ control: form.control, name: 'publish' });
  const title = post?.title ?? t('editor.createTitle');
  const backTo = localePath(language, post ? `${slug}/news/${post.id}` : `${slug}/news`);

  return (
    <>
      <PageHeader
        title={post ? t('editor.editTitle') : t('editor.createTitle')}
        breadcrumbs={
          <NewsBreadcrumbs
            slug={slug}
            trail={post ? [{ label: post.title, path: `news/${post.id}` }] : []}
            current={post ? t('editor.editTitle') : t('editor.createTitle')}
          />
        }
      />
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="grid gap-6 xl:grid-cols-[2fr_1fr]"
        aria-label={title}
        onSubmit={async (values) => {
          const link = values.linkUrl.trim();
          if (link && (await checkLink(link)) !== 'ok') {
            form.setError('linkUrl', { type: 'link', message: 'editor.link.invalid' }, { shouldFocus: true });
            return;
          }
          const row = postFromForm(values, timeZone);
          const saved = await saveNewsPost(communityId, post?.id, row);
          await queryClient.invalidateQueries({ queryKey: newsKeys.all(communityId) });
          toast({ title: t('editor.saved', { title: values.title.trim() }) });
          if (values.sendMail && (values.publish === 'now' || values.publish === 'later')) {
            await sendByMail({ id: saved.id, title: values.title.trim(), release_at: row.releaseAt }).catch(
              () => toast({ variant: 'destructive', title: t('post.mailJobFailed') }),
            );
          }
          await navigate(localePath(language, `${slug}/news/${saved.id}`));
        }}
      >
        <div className="min-w-0 space-y-6">
          <FormErrorSummary />
          <Card>
            <CardBody>
              <TextField name="title" label={t('editor.fields.title')} />
              <Controller
                control={form.control}
                name="content"
                render={({ field }) => (
                  <div className="space-y-1.5">
                    <span id="news-content-label" className="block text-sm font-medium">
                      {t('editor.fields.content')}
                    </span>
                    <RichTextEditor
                      id="news-content"
                      labelledBy="news-content-label"
                      value={field.value ?? null}
                      onChange={field.onChange}
                      uploadImage={async (file) =>
                        storagePath(newsImageBucket, await uploadNewsImage(communityId, file))
                      }
                    />
                  </div>
                )}
              />
              <NewsLinkField check={checkLink} />
            </CardBody>
          </Card>
          <Card aria-labelledby="news-image">
            <CardHeader
              id="news-image"
              title={t('editor.fields.image')}
              description={t('editor.image.accepted')}
            />
            <CardBody>
              <Controller
                control={form.control}
                name="imagePath"
                render={({ field }) => (
                  <UploadField
                    label={t('editor.fields.image')}
                    accept={newsImageAccept}
                    value={field.value}
                    onChange={field.onChange}
                    upload={(file, onProgress) => uploadNewsImage(communityId, file, onProgress)}
                    previewUrl={newsImageUrl}
                    messages={{
                      accepted: t('editor.image.accepted'),
                      wrongType: t('editor.image.wrongType'),
                      tooLarge: t('editor.image.tooLarge'),
                      failed: t('editor.image.failed'),
                      preview: t('editor.image.preview'),
                      choose: t('editor.image.choose'),
                      replace: t('editor.image.replace'),
                      remove: t('editor.image.remove'),
                    }}
                  />
                )}
              />
            </CardBody>
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="news-publishing">
            <CardHeader id="news-publishing" title={t('editor.publishing.section')} />
            <CardBody>
              <Controller
                control={form.control}
                name="publish"
                render={({ field }) => (
                  <div role="radiogroup" aria-labelledby="news-publishing" className="space-y-2">
                    {publishChoices(post?.status === 'cancelled' ? 'draft' : post?.status).map((choice) => (
                      <label key={choice} className="flex items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name={field.name}
                          value={choice}
                          checked={field.value === choice}
                          onChange={() => field.onChange(choice)}
                        />
                        {t(
                          `editor.publishing.${choice === 'draft' && post?.status === 'published' ? 'unpublish' : choice}`,
                        )}
                      </label>
                    ))}
                  </div>
                )}
              />
              {publish === 'later' ? (
                <DateTimeField
                  name="releaseAt"
                  label={t('editor.fields.releaseAt')}
                  help={t('editor.publishing.laterHelp')}
                  timeZoneName={timeZone}
                />
              ) : null}
              {publish === 'now' || publish === 'later' ? (
                <CheckboxField
                  name="sendMail"
                  label={t('editor.fields.sendMail')}
                  help={t('editor.fields.sendMailHelp')}
                />
              ) : null}
            </CardBody>
          </Card>
          <Card>
            <CardBody>
              <SelectField
                name="visibility"
                label={t('editor.fields.visibility')}
                options={newsVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
              />
              <CheckboxField
                name="allowComments"
                label={t('editor.fields.allowComments')}
                help={t('editor.fields.allowCommentsHelp')}
              />
              <NewsAuthorPicker communityId={communityId} />
            </CardBody>
          </Card>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t('editor.saving') : t('editor.save')}
            </Button>
            <Button asChild variant="secondary">
              <Link to={backTo}>{t('editor.cancel')}</Link>
            </Button>
          </div>
        </div>
        <UnsavedChangesGuard when={form.formState.isDirty} what={title} saving={form.saving} />
      </Form>
    </>
  );
}
