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

let enabledProviders: Promise<string[]> | undefined;

async function fetchEnabledProviders(): Promise<string[]> {
  const { supabaseUrl, anonKey } = appConfig();
  try {
    const response = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } });
    if (!response.ok) return [];
    const body = (await response.json()) as { external?: Record<string, boolean> };
    return Object.entries(body.external ?? {})
      .filter(([name, enabled]) => enabled && !passwordless.has(name))
      .map(([name]) => name);
  } catch {
    return [];
  }
}

/** Forgets the answer, so the next screen asks the server again (tests, configuration changes). */
export function forgetEnabledProviders(): void {
  enabledProviders = undefined;
}

export function useEnabledProviders(): string[] {
  const [providers, setProviders] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    enabledProviders ??= fetchEnabledProviders();
    void enabledProviders.then((names) => {
      if (current) setProviders(names);
    });
    return () => {
      current = false;
    };
  }, []);
  return providers;
}
