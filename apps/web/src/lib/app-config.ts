// The public client configuration the server hands out: embedded in index.html as
// <script id="app-config" type="application/json">, and at /app-config.json for pages
// served elsewhere (the Vite dev server). Read once at start.
export interface AppConfig {
  supabaseUrl: string;
  anonKey: string;
  siteUrl: string;
  appName: string;
}

let current: AppConfig | undefined;

function embeddedConfig(): Partial<AppConfig> | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<AppConfig>;
  } catch {
    return undefined;
  }
}

export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  let body = embeddedConfig();
  if (!body?.supabaseUrl || !body.anonKey) {
    const response = await fetcher('/app-config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
    body = (await response.json()) as Partial<AppConfig>;
  }
  if (!body.supabaseUrl || !body.anonKey) throw new Error('app-config.json lacks supabaseUrl or anonKey');
  current = {
    supabaseUrl: body.supabaseUrl,
    anonKey: body.anonKey,
    siteUrl: body.siteUrl ?? window.location.origin,
    appName: body.appName ?? 'Club Platform',
  };
  return current;
}

export function setAppConfig(config: AppConfig): void {
  current = config;
}

export function appConfig(): AppConfig {
  if (!current) throw new Error('The app configuration has not been loaded');
  return current;
}
