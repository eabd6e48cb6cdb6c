// Linked sign-in methods: list, link another enabled provider, unlink (never the last one).
import { authMessages } from '@club/i18n/namespaces/auth';
import { commonMessages } from '@club/i18n/namespaces/common';
import { profileMessages } from '@club/i18n/namespaces/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Mail } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { describeAuthError } from '../../lib/auth-feedback';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { providerLabel, useEnabledProviders } from '../../lib/identity-providers';
import { supabase } from '../../lib/supabase';

export function IdentitiesSection() {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const providers = useEnabledProviders();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['identities'],
    queryFn: async () => {
      const result = await supabase().auth.getUserIdentities();
      if (result.error) throw result.error;
      return result.data.identities;
    },
  });
  const linked = new Set(data?.map((i) => i.provider));
  return (
    <Card aria-labelledby="identities-title">
      <CardHeader
        id="identities-title"
        title={t('identities.title')}
        description={t('identities.description')}
      />
      <CardBody>
        {isPending ? (
          <Skeleton className="h-12" />
        ) : error ? (
          <Alert kind="error">
            {ta(describeAuthError(error).key)}{' '}
            <Button variant="link" size="sm" onClick={() => void refetch()}>
              {tc('actions.retry')}
            </Button>
          </Alert>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {data.map((identity) => {
              const name =
                identity.provider === 'email' ? ta('fields.email') : providerLabel(identity.provider);
              const Icon = identity.provider === 'email' ? Mail : KeyRound;
              return (
                <li key={identity.identity_id} className="flex items-center gap-3 p-3 text-sm">
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="flex-1">
                    <span className="font-medium">{name}</span>
                    {typeof identity.identity_data?.email === 'string' ? (
                      <span className="ml-2 text-muted-foreground">{identity.identity_data.email}</span>
                    ) : null}
                    {identity.created_at ? (
                      <span className="block text-xs text-muted-foreground">
                        {t('identities.since', { when: format.relative(identity.created_at) })}
                      </span>
                    ) : null}
                  </span>
                  {data.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={async () => {
                        const { error: unlinkError } = await supabase().auth.unlinkIdentity(identity);
                        if (unlinkError)
                          toast({ variant: 'destructive', title: ta(describeAuthError(unlinkError).key) });
                        else {
                          toast({ title: t('identities.unlinked', { provider: name }) });
                          await queryClient.invalidateQueries({ queryKey: ['identities'] });
                        }
                      }}
                    >
                      {t('identities.unlink')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {providers
          .filter((p) => !linked.has(p))
          .map((provider) => (
            <Button
              key={provider}
              variant="secondary"
              onClick={async () => {
                const { error: linkError } = await supabase().auth.linkIdentity({
                  provider: provider as never,
                  options: {
                    redirectTo: `${window.location.origin}/${language}/confirm?next=${encodeURIComponent(`/${language}/profile`)}`,
                  },
                });
                if (linkError) toast({ variant: 'destructive', title: ta(describeAuthError(linkError).key) });
              }}
            >
              <KeyRound aria-hidden="true" />
              {t('identities.link', { provider: providerLabel(provider) })}
            </Button>
          ))}
      </CardBody>
    </Card>
  );
}
