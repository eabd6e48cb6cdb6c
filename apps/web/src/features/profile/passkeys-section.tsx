// Passkeys for signing in (the first factor, supabase-js registerPasskey and auth.passkey.*,
// decision 0845): list with when each was added and last used, add one, remove one after a
// confirmation. Separate from two-step verification: a sign-in passkey replaces the password,
// it does not confirm it.
import { authMessages } from '@club/i18n/namespaces/auth';
import { commonMessages } from '@club/i18n/namespaces/common';
import { profileMessages } from '@club/i18n/namespaces/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { describeAuthError } from '../../lib/auth-feedback';
import { useFormat, useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

async function loadPasskeys() {
  const { data, error } = await supabase().auth.passkey.list();
  if (error) throw error;
  return data;
}

export function PasskeysSection() {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useQuery({ queryKey: ['passkeys'], queryFn: loadPasskeys });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const nameOf = (p: { friendly_name?: string }) => p.friendly_name || t('passkeys.defaultName');

  const add = async () => {
    setFailure(undefined);
    setBusy(true);
    const { error: addError } = await supabase().auth.registerPasskey();
    setBusy(false);
    if (addError) {
      const code = (addError as { code?: string }).code;
      setFailure(
        code === 'webauthn_credential_exists' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
          ? t('passkeys.exists')
          : code === 'too_many_passkeys'
            ? t('passkeys.tooMany')
            : t('passkeys.failed'),
      );
      return;
    }
    toast({ title: t('passkeys.added') });
    await refresh();
  };

  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader id="passkeys-title" title={t('passkeys.title')} description={t('passkeys.description')} />
      <CardBody>
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        {isPending ? (
          <Skeleton className="h-12" />
        ) : error ? (
          <Alert kind="error">
            {ta(describeAuthError(error).key)}{' '}
            <Button variant="link" size="sm" onClick={() => void refetch()}>
              {tc('actions.retry')}
            </Button>
          </Alert>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('passkeys.none')}</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-md border border-border"
            aria-label={t('passkeys.title')}
          >
            {data.map((passkey) => (
              <li key={passkey.id} className="flex items-center gap-3 p-3">
                <Fingerprint aria-hidden="true" className="size-5 shrink-0 text-success" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="break-words font-medium">{nameOf(passkey)}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('passkeys.addedOn', { date: format.dateTime(new Date(passkey.created_at)) })}
                    {passkey.last_used_at
                      ? ` · ${t('passkeys.lastUsed', { date: format.dateTime(new Date(passkey.last_used_at)) })}`
                      : ''}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`${tc('actions.remove')}: ${nameOf(passkey)}`}
                  onClick={() => setRemoving({ id: passkey.id, name: nameOf(passkey) })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {supported ? (
          <div className="space-y-2">
            <Button variant="secondary" disabled={busy} onClick={() => void add()}>
              <Fingerprint aria-hidden="true" />
              {t('passkeys.add')}
            </Button>
            <p className="text-xs text-muted-foreground">{t('passkeys.hint')}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
        )}
      </CardBody>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        title={t('passkeys.removeTitle', { name: removing?.name ?? '' })}
        description={t('passkeys.removeBody')}
        confirmLabel={tc('actions.remove')}
        onConfirm={async () => {
          if (!removing) return;
          const { error: removeError } = await supabase().auth.passkey.delete({ passkeyId: removing.id });
          if (removeError) {
            toast({ variant: 'destructive', title: ta(describeAuthError(removeError).key) });
            return;
          }
          toast({ title: t('passkeys.removed') });
          await refresh();
        }}
      />
    </Card>
  );
}
