// Serves the built single-page app: hashed assets cached for a year, index.html never
// cached, unknown paths falling back to index.html so client-side routes load. Also the
// build id the app polls for and the public client configuration it starts from.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import type { ServerDeps } from '../deps';
import type { AppEnv } from '../http/app-env';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const apiPrefixes = ['/auth/', '/rest/', '/storage/', '/realtime/', '/functions/', '/feeds/'];

interface BuildInfo {
  id: string;
  timestamp: number;
}

function readBuild(webDir: string | undefined): { index: string | undefined; build: BuildInfo } {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  if (!indexFile || !fs.existsSync(indexFile)) {
    return { index: undefined, build: { id: 'dev', timestamp: 0 } };
  }
  const index = fs.readFileSync(indexFile, 'utf8');
  const id = crypto.createHash('sha256').update(index).digest('hex').slice(0, 16);
  return { index, build: { id, timestamp: Math.floor(fs.statSync(indexFile).mtimeMs) } };
}

export function createWebRoutes(deps: ServerDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const webDir = deps.webDir ? path.resolve(deps.webDir) : undefined;
  let current = readBuild(webDir);
  const appConfig = {
    supabaseUrl: deps.config.publicUrl,
    anonKey: deps.keys.anonKey,
    siteUrl: deps.config.siteUrl,
    appName: deps.config.appName,
  };
  // The page carries the same public configuration, so the app starts without a round trip.
  const configTag = `<script id="app-config" type="application/json">${JSON.stringify(appConfig).replace(/</g, '\\u003c')}</script>`;
  const pages = new Map<string, Uint8Array<ArrayBuffer>>();

  routes.get('/app-config.json', (c) => c.json(appConfig, 200, { 'Cache-Control': 'no-store' }));

  routes.get('/builds/latest.json', (c) => {
    current = readBuild(webDir);
    return c.json(current.build, 200, { 'Cache-Control': 'no-store' });
  });

  routes.get('*', async (c, next) => {
    const urlPath = decodeURIComponentSafe(c.req.path);
    if (!webDir || urlPath === undefined || apiPrefixes.some((p) => urlPath.startsWith(p))) return next();
    const file = path.join(webDir, urlPath);
    if (file.startsWith(webDir + path.sep) && path.basename(file) !== 'index.html' && isFile(file)) {
      const hashed = urlPath.startsWith('/assets/');
      const headers: Record<string, string> = {
        'Content-Type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        Vary: 'Accept-Encoding',
      };
      const encoding = pickEncoding(c.req.header('accept-encoding'));
      if (hashed && encoding && compressible.has(path.extname(file).toLowerCase())) {
        headers['Content-Encoding'] = encoding;
        return new Response(new Uint8Array(compressedAsset(file, encoding)), { headers });
      }
      return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, { headers });
    }
    if (urlPath.startsWith('/assets/')) return c.json({ message: `Not found: ${urlPath}` }, 404);
    if (!current.index) current = readBuild(webDir);
    if (!current.index) return next();
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const key = `${current.build.id}:${encoding ?? 'identity'}`;
    let page = pages.get(key);
    if (!page) {
      const html = Buffer.from(withConfig(current.index, configTag));
      page = new Uint8Array(encoding ? compress(html, encoding) : html);
      if (pages.size > 16) pages.clear();
      pages.set(key, page);
    }
    const headers: Record<string, string> = {
      'Content-Type': contentTypes['.html'] ?? 'text/html',
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    return new Response(page, { headers });
  });

  return routes;
}

const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest']);

/** Hashed assets never change, so each is compressed once per encoding and kept. */
const compressedCache = new Map<string, Buffer>();

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function compressedAsset(file: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = compress(fs.readFileSync(file), encoding);
    compressedCache.set(key, body);
  }
  return body;
}

/** Puts the configuration tag at the end of the head, or first in a page that has none. */
function withConfig(index: string, tag: string): string {
  if (index.includes('</head>')) return index.replace('</head>', `${tag}</head>`);
  const doctype = /^<!doctype html>/i.exec(index)?.[0] ?? '';
  return doctype + tag + index.slice(doctype.length);
}

function compress(raw: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
    : zlib.gzipSync(raw, { level: 9 });
}

function decodeURIComponentSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
