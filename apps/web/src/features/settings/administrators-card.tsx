// Settings → Administrators: who administers what (list_administrators), inviting someone by
// e-mail, changing one person's areas, membership-manager and owner flags, and removing all of
// it, each confirmed in words. The last owner is kept by the database; its refusal is shown.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import type { AdminArea } from '@club/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListSkeleton } from '../../components/list/list-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { useAreaLabel } from './access-fields';
import { EditAccessDialog } from './edit-access-dialog';
import { InviteAdministratorDialog } from './invite-administrator-dialog';
import { loadAdministrators, setAdministratorAccess, type AdministratorRow } from './administrators';
import { describeSettingsError } from './describe-settings-error';
import { settingsKeys } from './settings-keys';

export function AdministratorsCard({
  communityId,
  communityName,
  isOwner,
}: {
  communityId: string;
  communityName: string;
  isOwner: boolean;
}) {
  const t = useT(settingsMessages);
  const format = useFormat();
  const areaLabel = useAreaLabel();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.admins(communityId),
    queryFn: () => loadAdministrators(communityId),
  });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdministratorRow>();
  const [removing, setRemoving] = useState<AdministratorRow>();
  const [removeError, setRemoveError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.admins(communityId) });

  return (
    <Card aria-labelledby="settings-admins">
      <CardHeader id="settings-admins" title={t('admins.title')} description={t('admins.description')} />
      <CardBody>
        <div className="flex justify-end">
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            {t('admins.invite')}
          </Button>
        </div>
        {query.isPending ? (
          <ListSkeleton rows={3} />
        ) : query.isError ? (
          <ListLoadError onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admins.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('admins.title')}>
            {query.data.map((admin) => (
              <li
                key={admin.membership_id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="administrator"
              >
                <div className="min-w-0 space-y-1">
                  <p className="break-all font-medium">
                    {admin.full_name ? `${admin.full_name} · ` : ''}
                    {admin.email}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    {admin.role === 'owner' ? <Badge tone="accent">{t('admins.owner')}</Badge> : null}
                    {admin.membership_manager ? <Badge tone="accent">{t('admins.manager')}</Badge> : null}
                    {admin.areas.map((area) => (
                      <Badge key={area}>{areaLabel(area as AdminArea)}</Badge>
                    ))}
                    {admin.invitation_pending ? <Badge tone="danger">{t('admins.pending')}</Badge> : null}
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t('admins.columns.lastSignIn')}:{' '}
                    {admin.last_sign_in_at ? format.dateTime(admin.last_sign_in_at) : t('admins.never')}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(admin)}
                    aria-label={t('admins.edit', { email: admin.email })}
                  >
                    <ShieldCheck aria-hidden="true" />
                    {t('admins.change')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('admins.remove', { email: admin.email })}
                    onClick={() => {
                      setRemoveError(undefined);
                      setRemoving(admin);
                    }}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <InviteAdministratorDialog
        communityId={communityId}
        open={inviting}
        onOpenChange={setInviting}
        onInvited={refresh}
      />
      {editing ? (
        <EditAccessDialog
          communityId={communityId}
          admin={editing}
          isOwner={isOwner}
          onClose={() => setEditing(undefined)}
          onSaved={refresh}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(undefined)}
          title={t('admins.removeTitle', { email: removing.email })}
          description={t('admins.removeText', { email: removing.email, community: communityName })}
          confirmLabel={t('admins.removeConfirm')}
          onConfirm={async () => {
            try {
              await setAdministratorAccess(communityId, removing.user_id, {
                areas: [],
                membershipManager: false,
                owner: false,
              });
            } catch (error) {
              setRemoveError(describeSettingsError(error, t));
              throw error;
            }
            toast({ title: t('admins.removed', { email: removing.email }) });
            await refresh();
          }}
        >
          {removeError ? <Alert kind="error">{removeError}</Alert> : null}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
