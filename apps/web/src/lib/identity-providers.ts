// Identity providers the auth server has enabled (GET /auth/v1/settings), and their display names.
import { useQuery } from '@tanstack/react-query';
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

export function useEnabledProviders(): string[] {
  const { data } = useQuery({
    queryKey: ['auth-settings'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { supabaseUrl, anonKey } = appConfig();
      const response = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } });
      if (!response.ok) return [];
      const body = (await response.json()) as { external?: Record<string, boolean> };
      return Object.entries(body.external ?? {})
        .filter(([name, enabled]) => enabled && !passwordless.has(name))
        .map(([name]) => name);
    },
  });
  return data ?? [];
}
