// Sends a group's welcome e-mail and says how it went: "Welcome email sent to {email}", or
// "Failed to send welcome email" with what to do (the member stays in the group, and the
// member list offers to send it again).
import { groupsMessages } from '@club/i18n/namespaces/groups';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { groupKeys } from './group-keys';
import { sendWelcomeEmail } from './save-group';

export function useWelcomeEmail(communityId: string, groupId: string) {
  const t = useT(groupsMessages);
  const queryClient = useQueryClient();
  return async (memberId: string): Promise<boolean> => {
    try {
      const email = await sendWelcomeEmail(groupId, memberId);
      toast({ title: t('welcome.sent', { email }) });
      return true;
    } catch {
      toast({ title: t('welcome.failed'), description: t('welcome.failedHelp'), variant: 'destructive' });
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
    }
  };
}
