// What the register does with a selection of members: add a tag, add to a group, write an
// e-mail to them (the mail program opens with the addresses as BCC), or export them as CSV.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { downloadText, toCsv, type CsvColumn } from '../../components/list/csv';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import { loadCommunityGroups, loadCommunityTags, type RegisterRow } from './load-member-register';
import { memberKeys } from './member-keys';
import { addMembersToGroup, addTagToMembers } from './save-member-bulk';

const selectClass =
  'h-8 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function MemberBulkActions(props: {
  communityId: string;
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
  const emails = props.rows.map((r) => r.email).filter((e): e is string => Boolean(e));
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
              return t('register.bulkTagDone', { tag: tag.name, count: format.number(ids.length) });
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
        aria-label={t('register.bulkAddGroup')}
        className={selectClass}
        value=""
        onChange={(e) => {
          const group = groups.data?.find((x) => x.id === e.target.value);
          if (group)
            void run(async () => {
              const added = await addMembersToGroup(props.communityId, group.id, ids);
              return t('register.bulkGroupDone', { group: group.title, count: format.number(added) });
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
      {emails.length ? (
        <Button asChild variant="secondary" size="sm">
          <a href={`mailto:?bcc=${encodeURIComponent(emails.join(','))}`}>
            <Mail aria-hidden="true" />
            {t('register.bulkEmail')}
          </a>
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          downloadText(
            `members-${new Date().toISOString().slice(0, 10)}.csv`,
            toCsv(props.rows, props.csvColumns, 'excel'),
          );
          toast({ title: t('register.exportDone', { count: format.number(props.rows.length) }) });
        }}
      >
        {t('register.bulkExport')}
      </Button>
    </div>
  );
}
