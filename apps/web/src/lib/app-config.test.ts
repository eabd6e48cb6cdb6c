import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig } from './app-config';

const served = {
  supabaseUrl: 'http://club.test',
  anonKey: 'anon-key',
  siteUrl: 'http://club.test',
  appName: 'Sejlklubben',
};

function embed(text: string): void {
  const tag = document.createElement('script');
  tag.id = 'app-config';
  tag.type = 'application/json';
  tag.textContent = text;
  document.head.append(tag);
}

describe('loading the app configuration', () => {
  afterEach(() => document.getElementById('app-config')?.remove());

  it('reads the configuration embedded in the page without a request', async () => {
    embed(JSON.stringify(served));
    const fetcher = vi.fn<typeof fetch>();
    await expect(loadAppConfig(fetcher)).resolves.toEqual(served);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks the server when the page carries no usable configuration', async () => {
    embed('{not json');
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(Response.json(served));
    await expect(loadAppConfig(fetcher)).resolves.toEqual(served);
    expect(fetcher).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store' });
  });

  it('fails with the status when the server cannot answer', async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(new Response('no', { status: 503 }));
    await expect(loadAppConfig(fetcher)).rejects.toThrow('app-config.json answered 503');
  });
});
