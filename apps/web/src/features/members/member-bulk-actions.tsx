// What the register does with a selection of members: add a tag, remove a tag (after a
// confirmation that says how many of the selection have it), add to a group, write an
// e-mail to them (sent by the server in the background, after a confirmation that says how
// many have an address; progress and outcome in the job panel), or export them as CSV.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Mail } from 'lucide-react';
import { downloadText, toCsv, type CsvColumn } from '../../components/list/csv';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import { loadCommunityGroups, loadCommunityTags, type RegisterRow } from './load-member-register';
import { memberKeys } from './member-keys';
import { addMembersToGroup, addTagToMembers, removeTagFromMembers } from './save-member-bulk';
import { followMemberMailing, requestMemberMailing } from './send-member-mail';

const selectClass =
  'h-8 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

const textareaClass =
  'w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function MemberBulkActions(props: {
  communityId: string;
  slug: string;
  rows: RegisterRow[];
  clear: () => void;
  csvColumns: CsvColumn<RegisterRow>[];
}) {
  const t = useT(membersMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const tags = useQuery({
    queryKey: memberKeys.tags(props.communityId),
    queryFn: () => loadCommunityTags(props.communityId),
  });
  const groups = useQuery({
    queryKey: memberKeys.groups(props.communityId),
    queryFn: () => loadCommunityGroups(props.communityId),
  });
  const ids = props.rows.map((r) => r.id);
  const run = async (action: () => Promise<string>) => {
    try {
      toast({ title: await action() });
      props.clear();
      await queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
    } catch (error) {
      toast({ title: t(describeMemberError(error)), variant: 'destructive' });
    }
  };
  // The tags some of the selected members have, with how many of them have each.
  const selectedTags = new Map<string, { name: string; count: number }>();
  for (const row of props.rows)
    for (const tag of row.tags) {
      const seen = selectedTags.get(tag.id);
      selectedTags.set(tag.id, { name: tag.name, count: (seen?.count ?? 0) + 1 });
    }
  const removableTags = [...selectedTags.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name));
  const [removing, setRemoving] = useState<{ id: string; name: string; count: number } | null>(null);
  const removeTag = async () => {
    if (!removing) return;
    const tag = removing;
    await run(async () => {
      const removed = await removeTagFromMembers(tag.id, ids);
      return t('register.bulkTagRemoved', {
        tag: tag.name,
        removed: format.number(removed),
        unchanged: format.number(ids.length - removed),
      });
    });
  };
  const language = useLanguage();
  const [mailing, setMailing] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [mailErrors, setMailErrors] = useState<{ subject?: string; body?: string }>({});
  const withEmail = props.rows.filter((r) => Boolean(r.email)).length;
  const sendMail = async () => {
    const errors = {
      subject:
        subject.trim() === '' || subject.trim().length > 200 ? t('register.mailSubjectRequired') : undefined,
      body: body.trim() === '' || body.trim().length > 20000 ? t('register.mailBodyRequired') : undefined,
    };
    setMailErrors(errors);
    if (errors.subject || errors.body) throw new Error('invalid');
    try {
      const started = await requestMemberMailing(props.communityId, ids, subject, body);
      followMemberMailing(started, {
        title: t('register.mailJob', { subject: subject.trim() }),
        href: localePath(language, `${props.slug}/members`),
        failedText: t('register.mailJobFailed'),
        outcome: (m) =>
          t('register.mailOutcome', {
            sent: format.number(m.sent),
            failed: format.number(m.failed),
            total: format.number(m.total),
          }),
      });
      setSubject('');
      setBody('');
      props.clear();
    } catch (error) {
      toast({ title: t(describeMemberError(error)), variant: 'destructive' });
      throw error;
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('register.bulkAddTag')}
        className={selectClass}
        value=""
        onChange={(e) => {
          const tag = tags.data?.find((x) => x.id === e.target.value);
          if (tag)
            void run(async () => {
              await addTagToMembers(props.communityId, tag.id, ids);
              return t('register.bulkTagDone', { tag: tag.name, count: ids.length });
            });
        }}
      >
        <option value="">{t('register.bulkAddTag')}</option>
        {(tags.data ?? []).map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
      <select
        aria-label={t('register.bulkRemoveTag')}
        className={selectClass}
        value=""
        disabled={removableTags.length === 0}
        title={removableTags.length === 0 ? t('register.bulkRemoveTagNone') : undefined}
        onChange={(e) => {
          const tag = selectedTags.get(e.target.value);
          if (tag) setRemoving({ id: e.target.value, ...tag });
        }}
      >
        <option value="">{t('register.bulkRemoveTag')}</option>
        {removableTags.map(([id, tag]) => (
          <option key={id} value={id}>
            {t('register.bulkRemoveTagOption', { tag: tag.name, count: tag.count })}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('register.removeTagTitle', {
          tag: removing?.name ?? '',
          count: removing?.count ?? 0,
        })}
        description={t('register.removeTagText', {
          count: removing?.count ?? 0,
          selected: format.number(ids.length),
        })}
        confirmLabel={t('register.removeTagConfirm')}
        onConfirm={removeTag}
      />
      <select
        aria-label={t('register.bulkAddGroup')}
        className={selectClass}
        value=""
        onChange={(e) => {
          const group = groups.data?.find((x) => x.id === e.target.value);
          if (group)
            void run(async () => {
              const added = await addMembersToGroup(props.communityId, group.id, ids);
              return t('register.bulkGroupDone', { group: group.title, count: added });
            });
        }}
      >
        <option value="">{t('register.bulkAddGroup')}</option>
        {(groups.data ?? []).map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          if (withEmail === 0) toast({ title: t('register.mailNoAddresses'), variant: 'destructive' });
          else setMailing(true);
        }}
      >
        <Mail aria-hidden="true" />
        {t('register.bulkEmail')}
      </Button>
      <ConfirmDialog
        open={mailing}
        onOpenChange={(open) => {
          setMailing(open);
          if (!open) setMailErrors({});
        }}
        title={t('register.mailTitle', { count: props.rows.length })}
        description={t('register.mailText', { withEmail: format.number(withEmail) })}
        confirmLabel={t('register.mailSend', { count: withEmail })}
        destructive={false}
        onConfirm={sendMail}
      >
        <div className="mt-4 space-y-4">
          <FormField label={t('register.mailSubject')} error={mailErrors.subject}>
            <Input value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
          </FormField>
          <FormField label={t('register.mailBody')} error={mailErrors.body} help={t('register.mailBodyHelp')}>
            <textarea
              className={textareaClass}
              rows={8}
              value={body}
              maxLength={20000}
              onChange={(e) => setBody(e.target.value)}
            />
          </FormField>
        </div>
      </ConfirmDialog>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          downloadText(
            `members-${new Date().toISOString().slice(0, 10)}.csv`,
            toCsv(props.rows, props.csvColumns, 'excel'),
          );
          toast({ title: t('register.exportDone', { count: props.rows.length }) });
        }}
      >
        {t('register.bulkExport')}
      </Button>
    </div>
  );
}
