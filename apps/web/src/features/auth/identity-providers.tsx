// Buttons for the identity providers the auth server has enabled (GET /auth/v1/settings).
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { providerLabel, useEnabledProviders } from '../../lib/identity-providers';
import { supabase } from '../../lib/supabase';
import { useAuthText } from './use-auth-text';

export function IdentityProviders({ redirectTo }: { redirectTo: string }) {
  const { t, explain } = useAuthText();
  const providers = useEnabledProviders();
  const [error, setError] = useState<string>();
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3">
      <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t('login.orContinue')}
      </p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          className="w-full"
          onClick={async () => {
            const { error: failure } = await supabase().auth.signInWithOAuth({
              provider: provider as never,
              options: { redirectTo },
            });
            if (failure) setError(explain(failure));
          }}
        >
          <KeyRound aria-hidden="true" />
          {t('login.provider', { provider: providerLabel(provider) })}
        </Button>
      ))}
    </div>
  );
}
