// One group: its price, the approval rule, and the one action that fits the member's place in
// it. Leaving asks first and says what happens to the fee.
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { Check, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useJoinGroup } from '../../lib/queries/groups/join-group';
import { useLeaveGroup } from '../../lib/queries/groups/leave-group';
import type { VisibleGroup } from '../../lib/queries/groups/load-visible-groups';
import { useRequestGroupMembership } from '../../lib/queries/groups/request-group-membership';
import { useFormat, useT } from '../../lib/i18n';

const midPeriodRules = ['full', 'pro_rata', 'free_until_next'] as const;

export function GroupCard({
  communityId,
  group,
  member,
  requested,
  ready,
}: {
  communityId: string;
  group: VisibleGroup;
  member: boolean;
  requested: boolean;
  ready: boolean;
}) {
  const t = useT(memberGroupsMessages);
  const format = useFormat();
  const join = useJoinGroup(communityId);
  const request = useRequestGroupMembership(communityId);
  const leave = useLeaveGroup(communityId);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const paid = group.payment_frequency !== null && group.price_ore > 0;
  const price = paid
    ? t(`perFrequency.${group.payment_frequency!}`, { price: format.money(group.price_ore, group.currency) })
    : t('free');
  const rule = midPeriodRules.find((r) => r === group.mid_period_join);
  const busy = join.isPending || request.isPending || leave.isPending;
  const target = { id: group.id, title: group.title };

  return (
    <article
      aria-labelledby={`group-${group.id}`}
      className="flex h-full flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      data-group-id={group.id}
    >
      <div>
        <h2 id={`group-${group.id}`} className="font-semibold">
          {group.title}
        </h2>
        <p className="text-sm font-medium">{price}</p>
        {group.requires_approval ? (
          <p className="text-sm text-muted-foreground">{t('needsApproval')}</p>
        ) : null}
        {paid && rule && !member ? (
          <p className="mt-1 text-sm text-muted-foreground">{t(`midPeriod.${rule}`)}</p>
        ) : null}
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        {member ? (
          <>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
              <Check aria-hidden="true" className="size-4" />
              {t('mine')}
            </span>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirmLeave(true)}>
              {t('leave')}
            </Button>
          </>
        ) : requested ? (
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Clock aria-hidden="true" className="size-4" />
            {t('requested')}
          </span>
        ) : group.requires_approval ? (
          <Button size="sm" disabled={busy || !ready} onClick={() => request.mutate(target)}>
            {t('requestJoin')}
          </Button>
        ) : (
          <Button size="sm" disabled={busy || !ready} onClick={() => join.mutate(target)}>
            {t('join')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title={t('leaveTitle', { group: group.title })}
        description={paid ? t('leavePaid') : t('leaveFree')}
        confirmLabel={t('leaveConfirm')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() => leave.mutateAsync(target).then(() => undefined)}
      />
    </article>
  );
}
