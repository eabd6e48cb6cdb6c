// Personal data of one member (GDPR): download everything held about them, and erase a member
// who has left (owners and membership managers), after a confirmation that names the member and
// says what goes and what stays; and the invitation to sign in for a member without an account.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { downloadText } from '../../components/list/csv';
import { supabase } from '../../lib/supabase';
import { useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import type { MemberOverview } from './load-member';
import { memberKeys } from './member-keys';
import { eraseMember, exportMemberData } from './save-member';

export function MemberDataCard({ overview, communityId }: { overview: MemberOverview; communityId: string }) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const [erasing, setErasing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const m = overview.member;
  const fail = (error: unknown) => toast({ title: t(describeMemberError(error)), variant: 'destructive' });
  const invite = async () => {
    if (!m.email) return toast({ title: t('detail.inviteNeedsEmail'), variant: 'destructive' });
    setInviting(true);
    try {
      const { data, error } = await supabase().functions.invoke<{ linked: boolean }>('invite-member', {
        body: { member_id: m.id, redirect_to: window.location.origin },
      });
      if (error) throw error;
      toast({ title: t(data?.linked ? 'detail.inviteLinked' : 'detail.inviteSent', { email: m.email }) });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) });
    } catch (error) {
      fail(error);
    } finally {
      setInviting(false);
    }
  };
  return (
    <Card aria-labelledby="member-data">
      <CardHeader id="member-data" title={t('detail.gdpr')} />
      <CardBody className="flex flex-wrap gap-2">
        {!m.user_id && !m.erased_at ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={inviting}
            aria-busy={inviting}
            onClick={() => void invite()}
          >
            <Mail aria-hidden="true" />
            {t('detail.invite')}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            try {
              const data = await exportMemberData(m.id);
              downloadText(`member-${m.mid}.json`, JSON.stringify(data, null, 2), 'application/json');
              toast({ title: t('detail.gdprExported') });
            } catch (error) {
              fail(error);
            }
          }}
        >
          <Download aria-hidden="true" />
          {t('detail.gdprExport')}
        </Button>
        {overview.can_grant_access && !m.erased_at ? (
          <Button
            variant="destructive"
            size="sm"
            onClick={() =>
              m.status === 'left' ? setErasing(true) : toast({ title: t('detail.eraseNeedsLeft') })
            }
          >
            <Trash2 aria-hidden="true" />
            {t('detail.erase')}
          </Button>
        ) : null}
      </CardBody>
      <ConfirmDialog
        open={erasing}
        onOpenChange={setErasing}
        title={t('detail.eraseTitle', { name: m.full_name })}
        description={t('detail.eraseText', { name: m.full_name })}
        typeToConfirm={m.full_name}
        confirmLabel={t('detail.eraseConfirm')}
        onConfirm={async () => {
          try {
            await eraseMember(m.id);
            toast({ title: t('detail.erased') });
            await queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) });
          } catch (error) {
            fail(error);
            throw error;
          }
        }}
      />
    </Card>
  );
}
