// GroupSettings (/groups/{id}/GroupSettings): the welcome e-mail (subject and text in Danish
// and English with {name} and {group}), whether joining needs approval, archive and unarchive
// (each confirmed, naming the group and the consequence), and delete for a group that never
// had members (confirmed by typing its title).
import { commonMessages } from '@club/i18n/namespaces/common';
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CheckboxField, Form, FormErrorSummary, TextAreaField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { GroupFrame } from './group-frame';
import { groupKeys } from './group-keys';
import type { GroupRecord } from './group-records';
import { deleteGroup, saveGroupSettings, setGroupArchived } from './save-group';

const schema = z.object({
  welcome_subject_da: z.string().max(200),
  welcome_body_da: z.string().max(10000),
  welcome_subject_en: z.string().max(200),
  welcome_body_en: z.string().max(10000),
  requires_approval: z.boolean(),
});

function SettingsForm({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const form = useAppForm({
    schema,
    defaultValues: {
      welcome_subject_da: group.welcome_subject_da ?? '',
      // Groups from before the two languages keep their one (Danish) text in welcome_email,
      // which the mail falls back to (group_welcome_message); show it where it is used.
      welcome_body_da: group.welcome_body_da ?? group.welcome_email ?? '',
      welcome_subject_en: group.welcome_subject_en ?? '',
      welcome_body_en: group.welcome_body_en ?? '',
      requires_approval: group.requires_approval,
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-5"
      onSubmit={async (values) => {
        await saveGroupSettings(group.id, values);
        await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
        form.reset(values);
        toast({ title: t('settings.saved', { title: group.title }) });
      }}
    >
      <FormErrorSummary />
      <Card aria-labelledby="group-welcome-title">
        <CardHeader
          id="group-welcome-title"
          title={t('settings.welcomeTitle')}
          description={t('settings.welcomeHelp')}
        />
        <CardBody className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <TextField name="welcome_subject_da" label={t('settings.subjectDa')} optional />
            <TextAreaField name="welcome_body_da" label={t('settings.bodyDa')} rows={6} optional />
          </div>
          <div className="space-y-4">
            <TextField name="welcome_subject_en" label={t('settings.subjectEn')} optional />
            <TextAreaField name="welcome_body_en" label={t('settings.bodyEn')} rows={6} optional />
          </div>
        </CardBody>
      </Card>
      <Card aria-labelledby="group-joining-title">
        <CardHeader id="group-joining-title" title={t('settings.joiningTitle')} />
        <CardBody>
          <CheckboxField
            name="requires_approval"
            label={t('settings.requiresApproval')}
            help={t('settings.requiresApprovalHelp')}
          />
        </CardBody>
      </Card>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {tc('actions.save')}
      </Button>
      <UnsavedChangesGuard when={form.formState.isDirty} what={group.title} saving={form.saving} />
    </Form>
  );
}

function ArchiveAndDelete({
  group,
  communityId,
  slug,
}: {
  group: GroupRecord;
  communityId: string;
  slug: string;
}) {
  const t = useT(groupsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'archive' | 'unarchive' | 'delete' | null>(null);
  const fail = (error: unknown) => {
    toast({ title: t(describeGroupError(error)), variant: 'destructive' });
    throw error;
  };
  const names = { title: group.title, count: group.member_count };
  return (
    <>
      <Card aria-labelledby="group-archive-title">
        <CardHeader
          id="group-archive-title"
          title={t('settings.archiveTitle')}
          description={t('settings.archiveHelp')}
        />
        <CardBody>
          <Button variant="secondary" onClick={() => setConfirming(group.archived ? 'unarchive' : 'archive')}>
            {group.archived ? t('settings.unarchive') : t('settings.archive')}
          </Button>
        </CardBody>
      </Card>
      <Card aria-labelledby="group-delete-title">
        <CardHeader
          id="group-delete-title"
          title={t('settings.deleteTitle')}
          description={t('settings.deleteHelp')}
        />
        <CardBody className="space-y-2">
          {group.ever_had_members ? (
            <p className="text-sm text-muted-foreground">{t('settings.deleteHasMembers')}</p>
          ) : null}
          <Button
            variant="destructive"
            disabled={group.ever_had_members}
            onClick={() => setConfirming('delete')}
          >
            {t('settings.delete')}
          </Button>
        </CardBody>
      </Card>
      <ConfirmDialog
        open={confirming === 'archive' || confirming === 'unarchive'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t(
          confirming === 'unarchive' ? 'settings.unarchiveConfirmTitle' : 'settings.archiveConfirmTitle',
          names,
        )}
        description={t(
          confirming === 'unarchive' ? 'settings.unarchiveConfirmBody' : 'settings.archiveConfirmBody',
          names,
        )}
        confirmLabel={confirming === 'unarchive' ? t('settings.unarchive') : t('settings.archive')}
        destructive={confirming !== 'unarchive'}
        onConfirm={async () => {
          const archive = confirming === 'archive';
          await setGroupArchived(group.id, archive).catch(fail);
          await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
          toast({ title: t(archive ? 'settings.archived' : 'settings.unarchived', names) });
          setConfirming(null);
        }}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t('settings.deleteConfirmTitle', names)}
        description={t('settings.deleteConfirmBody', names)}
        confirmLabel={t('settings.delete')}
        typeToConfirm={group.title}
        onConfirm={async () => {
          await deleteGroup(group.id).catch(fail);
          toast({ title: t('settings.deleted', names) });
          setConfirming(null);
          await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
          await navigate(localePath(language, `${slug}/groups`));
        }}
      />
    </>
  );
}

export function GroupSettingsPage({
  groupId,
  communityId,
  slug,
}: {
  groupId: string;
  communityId: string;
  slug: string;
}) {
  return (
    <GroupFrame communityId={communityId} slug={slug} groupId={groupId} screen="settings">
      {(group) => (
        <div className="space-y-6">
          <SettingsForm group={group} communityId={communityId} />
          <ArchiveAndDelete group={group} communityId={communityId} slug={slug} />
        </div>
      )}
    </GroupFrame>
  );
}
