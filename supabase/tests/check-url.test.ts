// The check-url function against a real local HTTP server: reachable links, redirects,
// loops, time-outs, bad statuses, and refusal of internal addresses by every route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handler, { checkUrl, isInternalAddress } from '../functions/check-url/index';

let server: http.Server;
let port: number;
const allowLocalhost = { CHECK_URL_ALLOW_HOSTS: 'localhost', CHECK_URL_TIMEOUT_MS: '1000' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const at = req.url ?? '/';
    if (at === '/ok') return void res.writeHead(200).end('ok');
    if (at === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
    if (at === '/moved') return void res.writeHead(301, { location: '/ok' }).end();
    if (at === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (at === '/to-loopback-ip')
      return void res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` }).end();
    if (at === '/to-mapped-hex')
      return void res.writeHead(302, { location: `http://[::ffff:7f00:1]:${port}/ok` }).end();
    if (at === '/missing') return void res.writeHead(404).end();
    if (at === '/slow') return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('check-url', () => {
  it('accepts a reachable link, following redirects and falling back from HEAD to GET', async () => {
    expect(await checkUrl(`http://localhost:${port}/ok`, allowLocalhost)).toEqual({
      valid: true,
      status: 200,
      final_url: `http://localhost:${port}/ok`,
    });
    expect(await checkUrl(`http://localhost:${port}/moved`, allowLocalhost)).toEqual({
      valid: true,
      status: 200,
      final_url: `http://localhost:${port}/ok`,
    });
    expect((await checkUrl(`http://localhost:${port}/no-head`, allowLocalhost)).valid).toBe(true);
  });

  it('rejects bad statuses, redirect loops and slow servers', async () => {
    expect(await checkUrl(`http://localhost:${port}/missing`, allowLocalhost)).toMatchObject({
      valid: false,
      status: 404,
      reason: 'bad_status',
    });
    expect(await checkUrl(`http://localhost:${port}/loop`, allowLocalhost)).toEqual({
      valid: false,
      reason: 'too_many_redirects',
    });
    expect(
      await checkUrl(`http://localhost:${port}/slow`, { ...allowLocalhost, CHECK_URL_TIMEOUT_MS: '300' }),
    ).toEqual({
      valid: false,
      reason: 'timeout',
    });
  });

  it('refuses loopback and private addresses, directly, by name and through a redirect', async () => {
    expect(await checkUrl(`http://127.0.0.1:${port}/ok`, {})).toEqual({
      valid: false,
      reason: 'internal_address',
    });
    expect(await checkUrl(`http://localhost:${port}/ok`, {})).toEqual({
      valid: false,
      reason: 'internal_address',
    });
    expect(await checkUrl(`http://localhost:${port}/to-loopback-ip`, allowLocalhost)).toEqual({
      valid: false,
      reason: 'internal_address',
    });
    expect(await checkUrl('http://[::1]/', {})).toEqual({ valid: false, reason: 'internal_address' });
    expect(await checkUrl('http://169.254.169.254/latest/meta-data', {})).toEqual({
      valid: false,
      reason: 'internal_address',
    });
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect({ ip, internal: isInternalAddress(ip) }).toEqual({ ip, internal: true });
    }
    for (const ip of ['8.8.8.8', '193.163.102.5', '2a00:1450:400f:80d::200e']) {
      expect({ ip, internal: isInternalAddress(ip) }).toEqual({ ip, internal: false });
    }
  });

  it('refuses an internal address in any IPv6 or IPv4 spelling, directly and after a redirect', async () => {
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:169.254.169.254]',
      '[::127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[2002:7f00:1::]',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '127.1',
    ]) {
      expect({ host, result: await checkUrl(`http://${host}:${port}/ok`, {}) }).toEqual({
        host,
        result: { valid: false, reason: 'internal_address' },
      });
    }
    // The allowed host's redirect lands on loopback written as mapped hexadecimal.
    expect(await checkUrl(`http://localhost:${port}/to-mapped-hex`, allowLocalhost)).toEqual({
      valid: false,
      reason: 'internal_address',
    });
  });

  it('decides on the address bytes for every encoding (table)', () => {
    const internal = [
      ['0.0.0.0', 'this network'],
      ['127.0.0.1', 'loopback'],
      ['169.254.169.254', 'metadata'],
      ['192.0.0.8', 'IETF assignments'],
      ['255.255.255.255', 'broadcast'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback, long'],
      ['::ffff:127.0.0.1', 'mapped, dotted'],
      ['::ffff:7f00:1', 'mapped, hexadecimal'],
      ['::FFFF:7F00:0001', 'mapped, upper case and padded'],
      ['0:0:0:0:0:ffff:127.0.0.1', 'mapped, long'],
      ['0000:0000:0000:0000:0000:ffff:a9fe:a9fe', 'mapped metadata, fully written'],
      ['::ffff:a00:1', 'mapped 10.0.0.1'],
      ['::ffff:0:7f00:1', 'SIIT translated'],
      ['::127.0.0.1', 'compatible'],
      ['::7f00:1', 'compatible, hexadecimal'],
      ['::8.8.8.8', 'compatible (deprecated), even of a public address'],
      ['64:ff9b::127.0.0.1', 'NAT64, dotted'],
      ['64:ff9b::7f00:1', 'NAT64, hexadecimal'],
      ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
      ['64:ff9b:1::808:808', 'local-use NAT64'],
      ['2002:7f00:1::', '6to4 of loopback'],
      ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
      ['2002:a9fe:a9fe:1::1', '6to4 of metadata'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
      ['2001::1', 'Teredo, short'],
      ['fc00::1', 'unique local'],
      ['fd12:3456::1', 'unique local'],
      ['fe80::1%eth0', 'link-local with zone'],
      ['febf::1', 'link-local, upper end'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['100::1', 'discard'],
      ['2001:db8::1', 'documentation'],
      ['2001:10::1', 'ORCHID'],
      ['[::ffff:127.0.0.1]', 'bracketed'],
      ['not-an-address', 'not an address'],
      ['::ffff:127.0.0.1.1', 'malformed'],
    ];
    const external = [
      ['8.8.8.8', 'public IPv4'],
      ['193.163.102.5', 'public IPv4'],
      ['::ffff:8.8.8.8', 'mapped public'],
      ['::ffff:808:808', 'mapped public, hexadecimal'],
      ['64:ff9b::808:808', 'NAT64 of a public address'],
      ['2002:808:808::1', '6to4 of a public address'],
      ['2a00:1450:400f:80d::200e', 'public IPv6'],
      ['2606:4700:4700::1111', 'public IPv6'],
    ];
    for (const [ip, why] of internal)
      expect({ ip, why, internal: isInternalAddress(ip!) }).toEqual({ ip, why, internal: true });
    for (const [ip, why] of external)
      expect({ ip, why, internal: isInternalAddress(ip!) }).toEqual({ ip, why, internal: false });
  });

  it('rejects what is not an http(s) URL', async () => {
    expect(await checkUrl('ikke en adresse', {})).toEqual({ valid: false, reason: 'invalid_url' });
    expect(await checkUrl('ftp://example.com/fil', {})).toEqual({
      valid: false,
      reason: 'unsupported_scheme',
    });
    expect(await checkUrl('javascript:alert(1)', {})).toEqual({ valid: false, reason: 'unsupported_scheme' });
    expect(await checkUrl('https://bruger:kode@example.com/', {})).toEqual({
      valid: false,
      reason: 'credentials_in_url',
    });
    expect(await checkUrl(42, {})).toEqual({ valid: false, reason: 'invalid_url' });
  });

  it('answers over HTTP: POST with JSON, else 405 or 400', async () => {
    const post = (body: string) =>
      handler(new Request('http://fn/check-url', { method: 'POST', body }), { env: allowLocalhost });
    const ok = await post(JSON.stringify({ url: `http://localhost:${port}/ok` }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ valid: true });
    expect((await post('{not json')).status).toBe(400);
    expect(await (await post('{}')).json()).toEqual({ valid: false, reason: 'invalid_url' });
    expect((await handler(new Request('http://fn/check-url'))).status).toBe(405);
  });
});
