import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

describe('serving the web app', () => {
  let t: TestPlatform;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Club</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestPlatform({ APP_NAME: 'Club </script><b>' }, { webDir });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('compresses assets for clients that accept it', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(`${t.url}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(await res.text()).toBe('console.log("app")'); // fetch decodes it again
    }
    const plain = await fetch(`${t.url}/assets/app-abc123.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('falls back to index.html for client routes, never cached', async () => {
    for (const route of ['/', '/da/login', '/en/some-club/events/42']) {
      const res = await fetch(`${t.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('embeds the public configuration in the page, escaped, compressed when accepted', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${t.url}/en/login`, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(accept === 'identity' ? null : accept);
      const html = await res.text();
      expect(html.startsWith('<!doctype html><script id="app-config" type="application/json">')).toBe(true);
      const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      expect(json).not.toContain('<');
      expect(JSON.parse(json ?? 'null')).toEqual({
        supabaseUrl: t.config.publicUrl,
        anonKey: t.anonKey,
        siteUrl: t.config.siteUrl,
        appName: 'Club </script><b>',
      });
      expect(html).not.toContain(t.serviceRoleKey);
    }
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await fetch(`${t.url}/assets/missing-000.js`);
    expect(res.status).toBe(404);
  });

  it('does not serve files outside the build', async () => {
    const res = await fetch(`${t.url}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });

  it('reports the build id and the public client configuration', async () => {
    const build = (await (await fetch(`${t.url}/builds/latest.json`)).json()) as {
      id: string;
      timestamp: number;
    };
    expect(build.id).toMatch(/^[0-9a-f]{16}$/);
    expect(build.timestamp).toBeGreaterThan(0);
    const config = (await (await fetch(`${t.url}/app-config.json`)).json()) as Record<string, unknown>;
    expect(config).toEqual({
      supabaseUrl: t.config.publicUrl,
      anonKey: t.anonKey,
      siteUrl: t.config.siteUrl,
      appName: 'Club </script><b>',
    });
    expect(JSON.stringify(config)).not.toContain(t.serviceRoleKey);
  });

  it('keeps API paths out of the fallback', async () => {
    const res = await fetch(`${t.url}/auth/v2/nothing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
