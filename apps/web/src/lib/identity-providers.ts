// Identity providers the auth server has enabled (GET /auth/v1/settings), and their display names.
// Read once per page load without react-query, so the sign-in screens do not need its chunk.
import { useEffect, useState } from 'react';
import { appConfig } from './app-config';

const providerNames: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  azure: 'Microsoft',
  facebook: 'Facebook',
  github: 'GitHub',
  gitlab: 'GitLab',
  keycloak: 'Keycloak',
  linkedin_oidc: 'LinkedIn',
};

export function providerLabel(provider: string): string {
  return providerNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

const passwordless = new Set(['email', 'phone', 'anonymous_users', 'saml', 'web3', 'passkey']);

interface SignInOptions {
  providers: string[];
  /** SAML single sign-on ("Sign in with your organisation", decision 1010). */
  samlEnabled: boolean;
}

let enabledProviders: Promise<SignInOptions> | undefined;

async function fetchEnabledProviders(): Promise<SignInOptions> {
  const { supabaseUrl, anonKey } = appConfig();
  try {
    const response = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } });
    if (!response.ok) return { providers: [], samlEnabled: false };
    const body = (await response.json()) as { external?: Record<string, boolean>; saml_enabled?: boolean };
    return {
      providers: Object.entries(body.external ?? {})
        .filter(([name, enabled]) => enabled && !passwordless.has(name))
        .map(([name]) => name),
      samlEnabled: body.saml_enabled === true,
    };
  } catch {
    return { providers: [], samlEnabled: false };
  }
}

/** Forgets the answer, so the next screen asks the server again (tests, configuration changes). */
export function forgetEnabledProviders(): void {
  enabledProviders = undefined;
}

function useSignInOptions(): SignInOptions {
  const [options, setOptions] = useState<SignInOptions>({ providers: [], samlEnabled: false });
  useEffect(() => {
    let current = true;
    enabledProviders ??= fetchEnabledProviders();
    void enabledProviders.then((answer) => {
      if (current) setOptions(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return options;
}

export function useEnabledProviders(): string[] {
  return useSignInOptions().providers;
}

export function useSamlEnabled(): boolean {
  return useSignInOptions().samlEnabled;
}
