import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { MESSAGES } from '@storelift/shared';
import { builtServer } from '../../test/api-process.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { PASSWORD, makeUser } from '../../test/factories.js';
import { configProblem, loadConfig } from '../config.js';

/*
 * TRUST_PROXY names the proxies (addresses/CIDRs) or their number: a client that reaches the server itself
 * cannot pick its own address with X-Forwarded-For, so the login limit and the access black list hold.
 */

describe('TRUST_PROXY', () => {
  it('takes proxy addresses/CIDRs or a hop count, nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configProblem({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' })).toBeNull();
    expect(configProblem({ TRUST_PROXY: '2' })).toBeNull();
  });

  it('refuses true (and anything not an address, network or number) in one line', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(false);
    expect(configProblem({ TRUST_PROXY: 'true' })).toBe(
      "Storelift refuses to start: TRUST_PROXY=true is refused: name the proxies' addresses/CIDRs or their number " +
        "(true would believe any client's own X-Forwarded-For).",
    );
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.internal', '300.1.1.1'])
      expect(configProblem({ TRUST_PROXY: value }), value).toMatch(
        /^Storelift refuses to start: TRUST_PROXY=/,
      );
  });

  it('stops a real start with TRUST_PROXY=true before it opens anything', async () => {
    const child = spawn(process.execPath, [builtServer], {
      env: { ...process.env, TRUST_PROXY: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(configProblem({ TRUST_PROXY: 'true' }));
  });
});

describe('a spoofed X-Forwarded-For behind TRUST_PROXY', () => {
  const LIMIT = 3;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
    t = await buildTestApp({ workers: false, config: { authRateLimit: LIMIT, trustProxy } });
    admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  });
  afterAll(() => t?.close());

  const login = (remoteAddress: string, forwardedFor: string, email: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/private/v1/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email, password },
    });

  it('still limits sign-ins of a client that sends a new address each time', async () => {
    const { user } = await makeUser(t.deps.db);
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      codes.push((await login('198.51.100.20', `203.0.113.${i + 1}`, user.email, 'wrong')).statusCode);
    expect(codes).toEqual([422, 422, 422, 429, 429]);
  });

  it('still refuses a black-listed client, and takes the client address only from a listed proxy', async () => {
    const { user } = await makeUser(t.deps.db);
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/user-access-list',
      headers: admin,
      payload: {
        list_type: 'black-list',
        category: 'ip',
        value: '198.51.100.30',
        date: new Date().toISOString().slice(0, 10),
        description: 'Chargebacks',
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const spoofed = await login('198.51.100.30', '8.8.8.8', user.email);
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().message).toBe(MESSAGES.accessBlocked);
    // Through the proxy, the address it forwards is the client's.
    expect((await login('10.1.2.3', '198.51.100.30', user.email)).statusCode).toBe(403);
    expect((await login('10.1.2.3', '198.51.100.31', user.email)).statusCode).toBe(200);
  });
});
