// Admin access of a member with an account (product.md §6): the areas they administer and
// whether they are a membership manager. Owners and membership managers change it, after a
// confirmation that names the member and the areas; the change is in the member's history.
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { CheckboxField, Form, FormErrorSummary } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { describeMemberError } from './describe-member-error';
import type { MemberOverview } from './load-member';
import { memberKeys } from './member-keys';
import { setMemberAccess } from './save-member';

export const adminAreas = [
  'analytics',
  'billing',
  'booking',
  'event',
  'group',
  'knowledge_base',
  'member',
  'news',
] as const;

const schema = z.object({
  areas: z.object(
    Object.fromEntries(adminAreas.map((a) => [a, z.boolean()])) as Record<
      (typeof adminAreas)[number],
      z.ZodBoolean
    >,
  ),
  manager: z.boolean(),
});
type AccessValues = z.output<typeof schema>;

export function MemberAccessCard({
  overview,
  communityId,
}: {
  overview: MemberOverview;
  communityId: string;
}) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const access = overview.access;
  const name = overview.member.full_name;
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<AccessValues | null>(null);
  const form = useAppForm({
    schema,
    defaultValues: {
      areas: Object.fromEntries(
        adminAreas.map((a) => [a, access?.areas.includes(a) ?? false]),
      ) as AccessValues['areas'],
      manager: access?.membership_manager ?? false,
    },
  });
  const chosen = pending ? adminAreas.filter((a) => pending.areas[a]) : [];
  return (
    <Card aria-labelledby="member-access">
      <CardHeader id="member-access" title={t('detail.access')} />
      <CardBody>
        <div className="flex flex-wrap gap-2" data-testid="member-access">
          {access?.role === 'owner' ? <Badge tone="accent">{t('detail.accessOwner')}</Badge> : null}
          {access?.membership_manager ? <Badge tone="accent">{t('detail.accessManager')}</Badge> : null}
          {(access?.areas ?? []).map((area) => (
            <Badge key={area}>{t(`areas.${area as (typeof adminAreas)[number]}`)}</Badge>
          ))}
          {!access || (access.areas.length === 0 && !access.membership_manager && access.role !== 'owner') ? (
            <p className="text-sm text-muted-foreground">{t('detail.accessNone')}</p>
          ) : null}
        </div>
        {overview.can_grant_access ? (
          overview.member.user_id ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <ShieldCheck aria-hidden="true" />
              {t('detail.accessEdit')}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('detail.accessNeedsAccount')}</p>
          )
        ) : null}
      </CardBody>
      <Dialog open={editing} onOpenChange={setEditing} title={t('detail.accessEdit')}>
        <Form form={form} onSubmit={(values) => setPending(values)} className="space-y-3">
          <FormErrorSummary />
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t('detail.access')}</legend>
            {adminAreas.map((area) => (
              <CheckboxField key={area} name={`areas.${area}`} label={t(`areas.${area}`)} />
            ))}
          </fieldset>
          <CheckboxField name="manager" label={t('detail.accessManager')} />
          <div className="flex justify-end">
            <Button type="submit">{t('detail.accessSave')}</Button>
          </div>
        </Form>
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        destructive={false}
        title={t('detail.accessGrantTitle', { name })}
        description={t('detail.accessGrantText', {
          name,
          areas: chosen.length ? chosen.map((a) => t(`areas.${a}`)).join(', ') : t('detail.accessNoAreas'),
        })}
        confirmLabel={t('detail.accessSave')}
        onConfirm={async () => {
          if (!pending) return;
          try {
            const manager =
              pending.manager === (access?.membership_manager ?? false) ? undefined : pending.manager;
            await setMemberAccess(overview.member.id, chosen, manager);
            toast({ title: t('detail.accessSaved') });
            setEditing(false);
            await queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) });
          } catch (error) {
            toast({ title: t(describeMemberError(error)), variant: 'destructive' });
            throw error;
          }
        }}
      />
    </Card>
  );
}
