// /tags/create: a new tag with a name and a colour. The database refuses a name that differs
// from an existing one only in case, spacing or Danish letters (tag_name_taken, decision 0873);
// the form shows that under the name.
import { tagsMessages } from '@club/i18n/namespaces/tags';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FieldShell, Form, FormErrorSummary, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Button } from '../../components/ui/button';
import { Card, CardBody } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { tagKeys } from './load-tag-list';
import { createTag } from './save-tags';
import { useFormContext } from 'react-hook-form';

const schema = z.object({
  name: z.string().trim().min(1).max(60),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});

export function TagCreatePage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(tagsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAppForm({
    schema,
    defaultValues: { name: '', color: '#2563eb' },
    serverErrors: { codes: { tag_name_taken: { field: 'name', message: 'create.taken' } } },
  });
  return (
    <>
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card className="max-w-xl">
        <CardBody>
          <Form
            form={form}
            translate={(key) => t(key as never)}
            className="space-y-4"
            onSubmit={async (values) => {
              await createTag(communityId, values.name, values.color);
              toast({ title: t('create.done', { name: values.name }) });
              await queryClient.invalidateQueries({ queryKey: tagKeys.all(communityId) });
              await navigate(localePath(language, `${slug}/tags`));
            }}
          >
            <FormErrorSummary />
            <TextField name="name" label={t('create.name')} help={t('create.nameHelp')} />
            <ColorField label={t('create.color')} />
            <div className="flex justify-end">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {t('create.save')}
              </Button>
            </div>
            <UnsavedChangesGuard when={form.formState.isDirty} what={t('create.what')} saving={form.saving} />
          </Form>
        </CardBody>
      </Card>
    </>
  );
}

function ColorField({ label }: { label: string }) {
  const { register } = useFormContext();
  return (
    <FieldShell name="color" label={label}>
      <Input type="color" className="h-10 w-20 p-1" {...register('color')} />
    </FieldShell>
  );
}
