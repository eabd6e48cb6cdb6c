import { membersMessages } from '@club/i18n/namespaces/members';
import { Badge } from '../../components/ui/badge';
import { useT } from '../../lib/i18n';
import type { MemberStatus } from './load-member-register';

const tones = { active: 'success', passive: 'neutral', left: 'danger' } as const;

/** Active, passive or left, as a label. */
export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  const t = useT(membersMessages);
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
