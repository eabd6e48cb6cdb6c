// Adds a member of the register to the group: search by name, e-mail or member number, pick
// a role, add; the welcome e-mail goes out at once and its outcome is said.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { describeGroupError } from './describe-group-error';
import { groupKeys } from './group-keys';
import { groupRoles, type GroupRecord, type GroupRole } from './group-records';
import { searchRegister } from './load-group';
import { addGroupMember } from './save-group';
import { useWelcomeEmail } from './use-welcome-email';

const selectClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function AddGroupMember({ group, communityId }: { group: GroupRecord; communityId: string }) {
  const t = useT(groupsMessages);
  const queryClient = useQueryClient();
  const sendWelcome = useWelcomeEmail(communityId, group.id);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<GroupRole>('member');
  const [busy, setBusy] = useState<string | null>(null);
  const searchId = useId();
  const roleId = useId();
  const results = useQuery({
    queryKey: groupKeys.register(communityId, search.trim()),
    queryFn: () => searchRegister(communityId, search),
    enabled: search.trim().length >= 2,
  });
  if (group.archived)
    return (
      <Card aria-labelledby="group-add-title">
        <CardHeader id="group-add-title" title={t('members.addTitle')} />
        <CardBody>
          <Alert kind="info" title={t('members.archivedNoAdd')} />
        </CardBody>
      </Card>
    );
  const add = async (member: { id: string; full_name: string }) => {
    setBusy(member.id);
    try {
      await addGroupMember(group.id, member.id, role);
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
      await sendWelcome(member.id, t('members.added', { name: member.full_name, group: group.title }));
    } catch (error) {
      toast({ title: t(describeGroupError(error)), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card aria-labelledby="group-add-title">
      <CardHeader id="group-add-title" title={t('members.addTitle')} />
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1 space-y-1.5">
            <label htmlFor={searchId} className="block text-sm font-medium">
              {t('members.addSearch')}
            </label>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('members.addSearchPlaceholder')}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={roleId} className="block text-sm font-medium">
              {t('members.addRole')}
            </label>
            <select
              id={roleId}
              className={selectClass}
              value={role}
              onChange={(e) => setRole(e.target.value as GroupRole)}
            >
              {groupRoles.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {search.trim().length < 2 ? (
          <p className="text-sm text-muted-foreground">{t('members.addHint')}</p>
        ) : results.data && results.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('members.addNoResults')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {(results.data ?? []).map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{m.full_name}</span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {[m.mid, m.email].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy !== null}
                  aria-label={`${t('members.add')}: ${m.full_name}`}
                  onClick={() => void add(m)}
                >
                  <UserPlus aria-hidden="true" />
                  {t('members.add')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
