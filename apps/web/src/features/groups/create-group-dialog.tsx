// "New group": a title is all a group needs to exist; the page it opens on sets the rest. A
// title the community already uses is asked about once first (useDuplicateTitle).
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { groupKeys } from './group-keys';
import { useDuplicateTitle } from './duplicate-title';
import { createGroup } from './save-group';

const schema = z.object({ title: z.string().trim().min(1).max(120) });

export function CreateGroupDialog({
  communityId,
  slug,
  open,
  onOpenChange,
}: {
  communityId: string;
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAppForm({ schema, defaultValues: { title: '' } });
  const [busy, setBusy] = useState(false);
  const duplicate = useDuplicateTitle({ communityId, typed: form.watch('title'), screen: 'create' });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.description')}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-4"
        onSubmit={async (values) => {
          setBusy(true);
          try {
            if (!(await duplicate.mayUse(values.title))) return;
            const id = await createGroup(communityId, values.title);
            await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
            toast({ title: t('create.created', { title: values.title.trim() }) });
            onOpenChange(false);
            await navigate(localePath(language, `${slug}/groups/${id}`));
          } finally {
            setBusy(false);
          }
        }}
      >
        <FormErrorSummary />
        <TextField name="title" label={t('create.field')} />
        {duplicate.notice}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {duplicate.warned ? t('create.submitAnyway') : t('create.submit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
