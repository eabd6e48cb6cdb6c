// Sends a group's welcome e-mail and says how it went in one notification. After adding a member
// (or approving a request) the notification names what was done and, under it, the mail's fate:
// "Ole was added to U11" / "Welcome email sent to ole@…", or, when the mail server fails, the
// same title with what to do (the member stays in the group, and the member list offers to send
// it again) — one notification per action, not a confirmation followed by a separate failure.
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { groupKeys } from './group-keys';
import { sendWelcomeEmail } from './save-group';

export function useWelcomeEmail(communityId: string, groupId: string) {
  const t = useT(groupsMessages);
  const queryClient = useQueryClient();
  /** `done` is what the action did ("Ole was added to U11"); left out when only mail is sent. */
  return async (memberId: string, done?: string): Promise<boolean> => {
    try {
      const email = await sendWelcomeEmail(groupId, memberId);
      if (done) toast({ title: done, description: t('welcome.sent', { email }) });
      else toast({ title: t('welcome.sent', { email }) });
      return true;
    } catch {
      if (done) toast({ title: done, description: t('welcome.failedAfterAdd'), variant: 'destructive' });
      else
        toast({ title: t('welcome.failed'), description: t('welcome.failedHelp'), variant: 'destructive' });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
    }
  };
}
