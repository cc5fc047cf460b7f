import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UnsafeUrlError,
  checkPublicUrl,
  isPublicAddress,
  outboundPolicy,
  publicRequest,
  type OutboundPolicy,
} from './public-url.js';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and their IPv4-mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:0:0',
      '0:0:0:0:0:ffff:0:1',
      '::ffff:0:7f00:1', // IPv4-translated
      '2001::1', // Teredo
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '[::1]',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '0:0:0:0:0:ffff:808:808',
      '2001:4860:4860::8888',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('outboundPolicy (OUTBOUND_ALLOW)', () => {
  it('allows public addresses and the listed private ones, in any spelling, and nothing else', () => {
    const { allows } = outboundPolicy(['10.20.0.0/16', '192.168.5.7', 'fd00:1::/32']);
    for (const address of ['8.8.8.8', '10.20.3.4', '::ffff:10.20.3.4', '192.168.5.7', 'fd00:1::9'])
      expect(allows(address), address).toBe(true);
    for (const address of ['10.21.0.1', '192.168.5.8', '127.0.0.1', '169.254.169.254', 'fd00:2::1', 'x'])
      expect(allows(address), address).toBe(false);
    expect(outboundPolicy([]).allows('10.20.3.4')).toBe(false);
  });
});

/** A resolver answering from a table, as DNS would. */
const resolving = (table: Record<string, string[]>): OutboundPolicy => ({
  resolve: async (host) => table[host] ?? [],
  allows: isPublicAddress,
});

describe('checkPublicUrl', () => {
  const policy = resolving({
    'hooks.example.com': ['93.184.216.34'],
    'mixed.example.com': ['93.184.216.34', '10.0.0.8'],
    'inside.example.com': ['192.168.0.10'],
  });

  it('takes a public http(s) URL and answers the address to connect to', async () => {
    await expect(checkPublicUrl('https://hooks.example.com/in', policy)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
    await expect(checkPublicUrl('http://8.8.8.8:8080/x', policy)).resolves.toMatchObject({
      address: '8.8.8.8',
    });
  });

  it('refuses other schemes, credentials, private names and any private answer', async () => {
    for (const url of [
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'http://user:pw@hooks.example.com/',
      'http://localhost:3000/',
      'http://api.localhost/',
      'http://metadata.google.internal/',
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://2130706433/', // 127.0.0.1 as one number
      'http://0x7f.1/',
      'http://mixed.example.com/',
      'http://inside.example.com/',
      'http://nowhere.example.com/',
      'not a url',
    ])
      await expect(checkPublicUrl(url, policy), url).rejects.toBeInstanceOf(UnsafeUrlError);
  });
});

describe('publicRequest', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') return res.writeHead(302, { location: 'http://127.0.0.1/' }).end();
      res.writeHead(200).end(`hello ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the checked address only, keeping the host name, and never follows a redirect', async () => {
    // This test's policy lets the name reach the local server; the host header still names it.
    const policy: OutboundPolicy = { resolve: async () => ['127.0.0.1'], allows: () => true };
    const answer = await publicRequest(`http://receiver.example.com:${port}/`, {
      method: 'GET',
      timeoutMs: 2000,
      policy,
    });
    expect(answer).toMatchObject({ status: 200, body: `hello receiver.example.com:${port}` });
    const redirect = await publicRequest(`http://receiver.example.com:${port}/redirect`, {
      method: 'GET',
      timeoutMs: 2000,
      policy,
    });
    expect(redirect.status).toBe(302);
  });

  it('refuses a name that now resolves privately (rebinding), without connecting', async () => {
    let calls = 0;
    const rebinding: OutboundPolicy = {
      resolve: async () => (calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']),
      allows: isPublicAddress,
    };
    await checkPublicUrl(`http://rebind.example.com:${port}/`, rebinding);
    await expect(
      publicRequest(`http://rebind.example.com:${port}/`, {
        method: 'GET',
        timeoutMs: 2000,
        policy: rebinding,
      }),
    ).rejects.toBeInstanceOf(UnsafeUrlError);
  });
});
