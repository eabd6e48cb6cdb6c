// Two-step verification: enrol an authenticator app (QR code, then a code to verify) or a passkey
// (WebAuthn through supabase-js mfa.webauthn), list and remove factors. Changing factors needs
// aal2 once a verified factor exists, so the section asks for a code or the passkey first (step-up).
import { authMessages } from '@club/i18n/namespaces/auth';
import { commonMessages } from '@club/i18n/namespaces/common';
import { profileMessages } from '@club/i18n/namespaces/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useForm } from '../auth/use-auth-form';
import { checkCode, describeAuthError } from '../../lib/auth-feedback';
import { useFormat, useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** An image source for the QR code the server returns (an SVG data URI, possibly not URL-encoded, or bare SVG). */
export function qrCodeSource(qrCode: string): string {
  const svgStart = qrCode.indexOf('<svg');
  if (svgStart === -1) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(svgStart))}`;
}

async function loadFactors() {
  const [factors, level] = await Promise.all([
    supabase().auth.mfa.listFactors(),
    supabase().auth.mfa.getAuthenticatorAssuranceLevel(),
  ]);
  if (factors.error) throw factors.error;
  return {
    factors: factors.data.all.filter((f) => f.factor_type === 'totp' || f.factor_type === 'webauthn'),
    level: level.data,
  };
}

export function MfaSection() {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useQuery({ queryKey: ['mfa-factors'], queryFn: loadFactors });
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [failure, setFailure] = useState<string>();
  const [removing, setRemoving] = useState<{ id: string; name: string; passkey: boolean }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mfa-factors'] });
  const explain = (e: unknown) => ta(describeAuthError(e).key);

  const verified = data?.factors.filter((f) => f.status === 'verified') ?? [];
  const needsStepUp = verified.length > 0 && data?.level?.currentLevel !== 'aal2';
  const verifiedApp = verified.find((f) => f.factor_type === 'totp');
  const verifiedPasskey = verified.find((f) => f.factor_type === 'webauthn');
  const canUsePasskeys = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const nameOf = (f: { factor_type: string; friendly_name?: string }) =>
    f.friendly_name || (f.factor_type === 'webauthn' ? t('mfa.passkeyName') : t('mfa.defaultName'));

  const dropUnfinished = async () => {
    for (const factor of data?.factors ?? []) {
      if (factor.status !== 'verified') await supabase().auth.mfa.unenroll({ factorId: factor.id });
    }
  };

  const addPasskey = async () => {
    setFailure(undefined);
    setPasskeyBusy(true);
    try {
      await dropUnfinished();
      const { error: registerError } = await supabase().auth.mfa.webauthn.register({
        friendlyName: `${t('mfa.passkeyName')} ${format.dateTime(new Date())}`,
      });
      if (registerError) {
        setFailure(t('mfa.passkeyFailed'));
        return;
      }
      toast({ title: t('mfa.passkeyAdded') });
    } finally {
      setPasskeyBusy(false);
      await refresh();
    }
  };

  const stepUpWithPasskey = async () => {
    if (!verifiedPasskey) return;
    setFailure(undefined);
    setPasskeyBusy(true);
    const { error: stepError } = await supabase().auth.mfa.webauthn.authenticate({
      factorId: verifiedPasskey.id,
    });
    setPasskeyBusy(false);
    if (stepError) {
      setFailure(t('mfa.stepUpFailed'));
      return;
    }
    await refresh();
  };

  const codeForm = useForm({
    initial: { code: '' },
    rules: { code: checkCode },
    onSubmit: async ({ code }) => {
      setFailure(undefined);
      const factorId = enrolment?.factorId ?? verifiedApp?.id;
      if (!factorId) return;
      const { error: verifyError } = await supabase().auth.mfa.challengeAndVerify({
        factorId,
        code: code.trim(),
      });
      if (verifyError) {
        setFailure(explain(verifyError));
        return;
      }
      codeForm.reset({ code: '' });
      if (enrolment) toast({ title: t('mfa.enrolled') });
      setEnrolment(undefined);
      await refresh();
    },
  });

  const startEnrolment = async () => {
    setFailure(undefined);
    await dropUnfinished();
    const { data: enrolled, error: enrolError } = await supabase().auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: `${t('mfa.defaultName')} ${format.dateTime(new Date())}`,
    });
    if (enrolError) {
      setFailure(explain(enrolError));
      return;
    }
    setEnrolment({
      factorId: enrolled.id,
      qrCode: qrCodeSource(enrolled.totp.qr_code),
      secret: enrolled.totp.secret,
    });
  };

  return (
    <Card aria-labelledby="mfa-title">
      <CardHeader id="mfa-title" title={t('mfa.title')} description={t('mfa.description')} />
      <CardBody>
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        {isPending ? (
          <Skeleton className="h-12" />
        ) : error ? (
          <Alert kind="error">
            {explain(error)}{' '}
            <Button variant="link" size="sm" onClick={() => void refetch()}>
              {tc('actions.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            {data.factors.filter((f) => f.status === 'verified').length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('mfa.none')}</p>
            ) : (
              <ul
                className="divide-y divide-border rounded-md border border-border"
                aria-label={t('mfa.title')}
              >
                {verified.map((factor) => (
                  <li key={factor.id} className="flex items-center gap-3 p-3">
                    {factor.factor_type === 'webauthn' ? (
                      <KeyRound aria-hidden="true" className="size-5 text-success" />
                    ) : (
                      <ShieldCheck aria-hidden="true" className="size-5 text-success" />
                    )}
                    <span className="min-w-0 flex-1 break-words text-sm font-medium">{nameOf(factor)}</span>
                    <Badge tone="success">{t('mfa.status.verified')}</Badge>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      disabled={needsStepUp}
                      aria-label={`${tc('actions.remove')}: ${nameOf(factor)}`}
                      onClick={() =>
                        setRemoving({
                          id: factor.id,
                          name: nameOf(factor),
                          passkey: factor.factor_type === 'webauthn',
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm font-medium" data-testid="mfa-status">
              {verified.length > 0 ? t('mfa.statusOn') : t('mfa.statusOff')}
            </p>
            {needsStepUp ? <p className="text-xs text-muted-foreground">{t('mfa.sessionPending')}</p> : null}
            {needsStepUp && verifiedPasskey && !enrolment ? (
              <div className="space-y-2">
                {verifiedApp ? null : <p className="text-sm">{t('mfa.stepUpPasskeyOnly')}</p>}
                <Button
                  variant={verifiedApp ? 'secondary' : 'primary'}
                  disabled={passkeyBusy}
                  onClick={() => void stepUpWithPasskey()}
                >
                  <KeyRound aria-hidden="true" />
                  {t('mfa.stepUpPasskey')}
                </Button>
              </div>
            ) : null}
            {enrolment || (needsStepUp && verifiedApp) ? (
              <form noValidate onSubmit={codeForm.handleSubmit} className="space-y-4">
                {enrolment ? (
                  <div className="flex flex-col items-start gap-3 sm:flex-row">
                    <img
                      src={enrolment.qrCode}
                      alt={t('mfa.qrAlt')}
                      width={176}
                      height={176}
                      className="rounded-md bg-white p-2"
                      data-testid="mfa-qr"
                    />
                    <div className="space-y-2 text-sm">
                      <p>{t('mfa.scan')}</p>
                      <p className="break-all text-muted-foreground">
                        {t('mfa.secret', { secret: '' })}
                        <code className="font-mono text-foreground" data-testid="mfa-secret">
                          {enrolment.secret}
                        </code>
                      </p>
                    </div>
                  </div>
                ) : (
                  <p className="text-sm">{t('mfa.stepUp')}</p>
                )}
                <FormField label={ta('fields.code')} error={codeForm.errors.code && ta(codeForm.errors.code)}>
                  <Input
                    {...codeForm.field('code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    className="max-w-40"
                  />
                </FormField>
                <Button type="submit" disabled={codeForm.submitting}>
                  {enrolment ? t('mfa.verify') : t('mfa.stepUpSubmit')}
                </Button>
              </form>
            ) : needsStepUp ? null : (
              <div className="space-y-2">
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => void startEnrolment()}>
                    {t('mfa.add')}
                  </Button>
                  {canUsePasskeys ? (
                    <Button variant="secondary" disabled={passkeyBusy} onClick={() => void addPasskey()}>
                      <KeyRound aria-hidden="true" />
                      {t('mfa.addPasskey')}
                    </Button>
                  ) : null}
                </div>
                {canUsePasskeys ? (
                  <p className="text-xs text-muted-foreground">{t('mfa.passkeyHint')}</p>
                ) : null}
              </div>
            )}
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title={t('mfa.removeTitle', { name: removing?.name ?? '' })}
        description={removing?.passkey ? t('mfa.removePasskeyBody') : t('mfa.removeBody')}
        confirmLabel={tc('actions.remove')}
        onConfirm={async () => {
          if (!removing) return;
          const { error: removeError } = await supabase().auth.mfa.unenroll({ factorId: removing.id });
          if (removeError) {
            toast({ variant: 'destructive', title: explain(removeError) });
            return;
          }
          toast({ title: removing.passkey ? t('mfa.passkeyRemoved') : t('mfa.removed') });
          await supabase().auth.refreshSession();
          await refresh();
        }}
      />
    </Card>
  );
}
