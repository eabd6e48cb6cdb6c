// The CPR number on the member page, for membership managers only: masked (DDMMYY-xxxx), shown
// in full on request with a reason (audited and visible in the member's history), and set or
// changed with validation (date part and format; no modulus-11 check).
import { membersMessages } from '@club/i18n/namespaces/members';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Pencil } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Form, FormErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { memberKeys } from './member-keys';
import { normaliseCpr } from './member-values';
import { revealMemberCpr, setMemberCpr } from './save-member';

const legalBases = ['consent', 'legislation', 'child_certificate', 'grant_reporting'] as const;

const revealSchema = z.object({ reason: z.string().trim().min(1, 'cpr.reasonRequired').max(500) });
const setSchema = z.object({
  cpr: z
    .string()
    .trim()
    .refine((v) => normaliseCpr(v) !== undefined, 'cpr.invalid'),
  legalBasis: z.enum(legalBases),
});

function RevealDialog(props: {
  name: string;
  memberId: string;
  onRevealed: (cpr: string | null) => void;
  onClose: () => void;
}) {
  const t = useT(membersMessages);
  const form = useAppForm({
    schema: revealSchema,
    defaultValues: { reason: '' },
    serverErrors: { codes: { reason_required: { field: 'reason', message: 'errors.reason_required' } } },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t('cpr.revealTitle', { name: props.name })}
      description={t('cpr.revealText')}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        onSubmit={async ({ reason }) => {
          props.onRevealed(await revealMemberCpr(props.memberId, reason));
          props.onClose();
        }}
        className="space-y-4"
      >
        <FormErrorSummary />
        <TextAreaField name="reason" label={t('cpr.reason')} rows={2} />
        <div className="flex justify-end gap-2">
          <Button type="submit">{t('cpr.revealConfirm')}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

function SetCprDialog(props: { communityId: string; memberId: string; onClose: () => void }) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const form = useAppForm({
    schema: setSchema,
    defaultValues: { cpr: '', legalBasis: 'consent' },
    serverErrors: { codes: { invalid_cpr: { field: 'cpr', message: 'cpr.invalid' } } },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && props.onClose()} title={t('cpr.change')}>
      <Form
        form={form}
        translate={(key) => t(key as never)}
        onSubmit={async ({ cpr, legalBasis }) => {
          await setMemberCpr(props.memberId, cpr, legalBasis);
          toast({ title: t('cpr.saved') });
          void queryClient.invalidateQueries({ queryKey: memberKeys.all(props.communityId) });
          props.onClose();
        }}
        className="space-y-4"
      >
        <FormErrorSummary />
        <TextField
          name="cpr"
          label={t('cpr.newCpr')}
          autoComplete="off"
          inputMode="numeric"
          help={t('lookupPage.cprPlaceholder')}
        />
        <SelectField
          name="legalBasis"
          label={t('cpr.legalBasis')}
          options={legalBases.map((value) => ({ value, label: t(`cpr.legalBases.${value}`) }))}
        />
        <div className="flex justify-end">
          <Button type="submit">{t('profile.save')}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function MemberCprCard(props: {
  communityId: string;
  memberId: string;
  name: string;
  masked: string | null;
}) {
  const t = useT(membersMessages);
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'reveal' | 'set' | null>(null);
  return (
    <Card aria-labelledby="member-cpr">
      <CardHeader id="member-cpr" title={t('cpr.label')} />
      <CardBody>
        <p className="font-mono text-lg" data-testid="member-cpr">
          {revealed ?? props.masked ?? (
            <span className="font-sans text-sm text-muted-foreground">{t('cpr.none')}</span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {props.masked && !revealed ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('reveal')}>
              <Eye aria-hidden="true" />
              {t('cpr.reveal')}
            </Button>
          ) : null}
          {revealed ? (
            <Button variant="secondary" size="sm" onClick={() => setRevealed(null)}>
              <EyeOff aria-hidden="true" />
              {t('cpr.hide')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setDialog('set')}>
            <Pencil aria-hidden="true" />
            {t('cpr.change')}
          </Button>
        </div>
      </CardBody>
      {dialog === 'reveal' ? (
        <RevealDialog
          name={props.name}
          memberId={props.memberId}
          onRevealed={(cpr) => {
            setRevealed(cpr);
            void queryClient.invalidateQueries({
              queryKey: memberKeys.history(props.communityId, props.memberId),
            });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'set' ? (
        <SetCprDialog
          communityId={props.communityId}
          memberId={props.memberId}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
