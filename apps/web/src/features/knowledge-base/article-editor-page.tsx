// One knowledge-base article (/knowledge-base/new and /knowledge-base/:id): title, address
// (slug, made from the title until changed by hand), summary, category, who it is shown to and
// the text in the shared rich-text editor. A new article is saved as a draft; publish and
// unpublish change only its status; delete asks first. A malformed id or another community's
// article is a 404.
import { commonMessages } from '@club/i18n/namespaces/common';
import { knowledgeBaseMessages } from '@club/i18n/namespaces/knowledge-base';
import {
  emptyRichText,
  richTextAsJson,
  richTextFromJson,
  richTextHasContent,
  type Json,
  type RichTextDoc,
} from '@club/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  Form,
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
  useFieldError,
} from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { RichTextEditor } from '../../components/ui/rich-text/rich-text-editor';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import {
  articleVisibilities,
  createArticle,
  deleteArticle,
  kbKeys,
  loadArticle,
  loadCategories,
  slugFrom,
  updateArticle,
  type ArticleRecord,
  type ArticleStatus,
} from './knowledge-base-data';

const schema = z.object({
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .trim()
    .max(120)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'editor.errors.slug'),
  summary: z.string().trim().max(500),
  category_id: z.string(),
  visibility: z.enum(['members', 'admins', 'public']),
  body: z.custom<RichTextDoc | null>(
    (doc) => richTextHasContent(doc as RichTextDoc | null),
    'editor.errors.body',
  ),
});

export function ArticleEditorPage({
  communityId,
  slug,
  articleId,
}: {
  communityId: string;
  slug: string;
  articleId?: string;
}) {
  const t = useT(knowledgeBaseMessages);
  const tc = useT(commonMessages);
  const article = useQuery({
    queryKey: kbKeys.article(communityId, articleId ?? 'new'),
    queryFn: () => loadArticle(communityId, articleId!),
    enabled: Boolean(articleId),
  });
  const categories = useQuery({
    queryKey: kbKeys.categories(communityId),
    queryFn: () => loadCategories(communityId),
  });
  if (article.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (article.isError || categories.isError)
    return (
      <Alert
        kind="error"
        title={t('editor.failed', { reason: String((article.error ?? categories.error)?.message) })}
      >
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void article.refetch()}>
          {tc('actions.retry')}
        </Button>
      </Alert>
    );
  if ((articleId && !article.data) || !categories.data)
    return (
      <div aria-busy="true" aria-label={tc('loading')} className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return (
    <ArticleForm
      key={article.data?.id ?? 'new'}
      communityId={communityId}
      slug={slug}
      article={article.data}
      categories={categories.data}
    />
  );
}

function ArticleForm({
  communityId,
  slug,
  article,
  categories,
}: {
  communityId: string;
  slug: string;
  article?: ArticleRecord;
  categories: { id: string; name: string }[];
}) {
  const t = useT(knowledgeBaseMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useAppForm({
    schema,
    defaultValues: {
      title: article?.title ?? '',
      slug: article?.slug ?? '',
      summary: article?.summary ?? '',
      category_id: article?.category_id ?? '',
      visibility: article?.visibility ?? 'members',
      body: article ? richTextFromJson(article.body) : null,
    },
  });
  const listPath = localePath(language, `${slug}/knowledge-base`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: kbKeys.all(communityId) });
  const title = article?.title ?? t('editor.new');

  const setStatus = async (status: ArticleStatus, done: string) => {
    setBusy(true);
    try {
      await updateArticle(article!.id, { status });
      toast({ title: t(done as never, { title: article!.title }) });
      await refresh();
    } catch (error) {
      toast({ title: t('editor.failed', { reason: (error as Error).message }), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        breadcrumbs={
          <Breadcrumbs slug={slug} links={[{ label: t('title'), path: 'knowledge-base' }]} current={title} />
        }
        title={title}
        description={article ? t('editor.editDescription') : t('editor.newDescription')}
        action={
          article ? (
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={article.status === 'published' ? 'success' : 'neutral'}>
                {t(`status.${article.status}`)}
              </Badge>
              {article.status === 'published' ? (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void setStatus('archived', 'editor.unpublished')}
                >
                  {t('editor.unpublish')}
                </Button>
              ) : (
                <Button
                  disabled={busy || form.formState.isDirty}
                  onClick={() => void setStatus('published', 'editor.published')}
                >
                  {t('editor.publish')}
                </Button>
              )}
              <Button variant="ghost" onClick={() => setDeleting(true)}>
                {t('editor.delete')}
              </Button>
            </div>
          ) : undefined
        }
      />
      <Card className="max-w-4xl">
        <CardBody>
          <Form
            form={form}
            translate={(key) => t(key as never)}
            className="space-y-4"
            onSubmit={async (values) => {
              const payload = {
                title: values.title,
                slug: values.slug,
                summary: values.summary || null,
                category_id: values.category_id || null,
                visibility: values.visibility,
                body: richTextAsJson(values.body ?? emptyRichText()) as NonNullable<Json>,
              };
              try {
                if (article) {
                  await updateArticle(article.id, payload);
                  toast({ title: t('editor.saved', { title: values.title }) });
                  form.reset(values);
                  await refresh();
                } else {
                  const id = await createArticle(communityId, payload);
                  toast({ title: t('editor.created', { title: values.title }) });
                  form.reset(values);
                  await refresh();
                  await navigate(`${listPath}/${id}`);
                }
              } catch (error) {
                if ((error as { code?: string }).code === '23505') {
                  form.setError('slug', { message: 'editor.errors.slugTaken' }, { shouldFocus: true });
                  return;
                }
                throw error;
              }
            }}
          >
            <FormErrorSummary />
            <TitleAndSlug isNew={!article} />
            <TextAreaField name="summary" label={t('editor.fields.summary')} rows={2} optional />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                name="category_id"
                label={t('editor.fields.category')}
                options={[
                  { value: '', label: t('list.uncategorised') },
                  ...categories.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
              <SelectField
                name="visibility"
                label={t('editor.fields.visibility')}
                options={articleVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
              />
            </div>
            <BodyField />
            <div className="flex justify-end">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {t('editor.save')}
              </Button>
            </div>
            <UnsavedChangesGuard when={form.formState.isDirty} what={title} saving={form.saving} />
          </Form>
        </CardBody>
      </Card>
      {deleting && article ? (
        <ConfirmDialog
          open
          onOpenChange={setDeleting}
          title={t('editor.deleteTitle', { title: article.title })}
          description={t('editor.deleteBody')}
          confirmLabel={t('editor.delete')}
          onConfirm={async () => {
            await deleteArticle(article.id);
            toast({ title: t('editor.deleted', { title: article.title }) });
            await refresh();
            await navigate(listPath);
          }}
        />
      ) : null}
    </>
  );
}

/** The address follows the title on a new article until someone edits the address itself. */
function TitleAndSlug({ isNew }: { isNew: boolean }) {
  const t = useT(knowledgeBaseMessages);
  const { watch, setValue, getFieldState } = useFormContext<{ title: string; slug: string }>();
  const title = watch('title');
  useEffect(() => {
    if (isNew && !getFieldState('slug').isDirty) setValue('slug', slugFrom(title));
  }, [isNew, title, getFieldState, setValue]);
  return (
    <>
      <TextField name="title" label={t('editor.fields.title')} />
      <TextField name="slug" label={t('editor.fields.slug')} help={t('editor.fields.slugHelp')} />
    </>
  );
}

function BodyField() {
  const t = useT(knowledgeBaseMessages);
  const { control } = useFormContext<{ body: RichTextDoc | null }>();
  const error = useFieldError('body');
  return (
    <Controller
      control={control}
      name="body"
      render={({ field }) => (
        <div className="space-y-1.5">
          <span id="kb-body-label" className="block text-sm font-medium">
            {t('editor.fields.body')}
          </span>
          <RichTextEditor
            id="kb-body"
            labelledBy="kb-body-label"
            describedBy={error ? 'kb-body-error' : undefined}
            invalid={Boolean(error)}
            value={field.value ?? null}
            onChange={field.onChange}
          />
          {error ? (
            <p id="kb-body-error" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
