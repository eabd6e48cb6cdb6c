// "New group": a title is all a group needs to exist; the page it opens on sets the rest. A
// title the community already uses (ignoring case) is asked about once before a second group
// of that name is made: two "U11" teams may be meant, but are more often a slip.
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { Alert } from '../../components/ui/alert';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { groupKeys } from './group-keys';
import { groupsTitled } from './load-group';
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
  // The title a warning was shown for; submitting that same title again creates the group.
  const [warned, setWarned] = useState<{ title: string; existing: string; archived: boolean } | null>(null);
  const typed = form.watch('title');
  const warning = warned && warned.title.toLowerCase() === typed.trim().toLowerCase() ? warned : null;
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
            const title = values.title.trim();
            if (!warning) {
              const same = await groupsTitled(communityId, title);
              if (same.length > 0) {
                setWarned({ title, existing: same[0]!.title, archived: same.every((g) => g.archived) });
                return;
              }
            }
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
        {warning ? (
          <Alert kind="info">
            {t(warning.archived ? 'create.duplicateArchived' : 'create.duplicate', {
              title: warning.existing,
            })}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {warning ? t('create.submitAnyway') : t('create.submit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
