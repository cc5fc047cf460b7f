import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ServerError } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
} from '../../providers/payments/sandbox/sandbox-provider.js';
import { refusedCallbacks } from '../../db/schema/index.js';
import { CALLBACK_RATE_LIMIT } from './payment-callbacks.routes.js';

/*
 * Anyone can post to the payment callbacks: forged ones are counted, not logged one row each, and one address
 * is limited to a generous number a minute.
 */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

const forged = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH,
    remoteAddress,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=00' },
    payload: '{"id":"evt_x"}',
  });
const staff = async (url: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/v1/${url}`, headers: admin })).json();

describe('forged payment callbacks', () => {
  it('are counted with one sample row a minute, and limited per address', async () => {
    const codes = new Set<number>();
    for (let i = 0; i < CALLBACK_RATE_LIMIT; i++) codes.add((await forged('198.51.100.40')).statusCode);
    expect([...codes]).toEqual([403]);
    // One sample row for each minute they came in (one, or two across a minute's turn).
    const minutes = (await t.deps.db.select().from(refusedCallbacks)).length;
    expect(minutes).toBeLessThanOrEqual(2);
    const samples = (await staff('server-errors?source=callback')).data as ServerError[];
    expect(samples).toHaveLength(minutes);
    expect(samples[0]).toMatchObject({ status: 403, message: MESSAGES.signatureInvalid });
    // The operations page still shows how many failed.
    expect((await staff('operations/failures')).callbacks.total).toBe(CALLBACK_RATE_LIMIT);

    // Past the limit the address is refused before its signature is checked, and nothing is recorded.
    const limited = await forged('198.51.100.40');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    expect((await staff('operations/failures')).callbacks.total).toBe(CALLBACK_RATE_LIMIT);
    // Another address is not limited by it.
    expect((await forged('198.51.100.41')).statusCode).toBe(403);
    expect((await staff('operations/failures')).callbacks.total).toBe(CALLBACK_RATE_LIMIT + 1);
    expect((await staff('server-errors?source=callback')).data.length).toBeLessThanOrEqual(minutes + 1);
  });
});

describe('the hosted providers’ callback route', () => {
  const post = (provider: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/v1/payments/callback/${provider}`,
      remoteAddress: '198.51.100.60',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data=e30%3D&signature=x',
    });

  it('answers 404 for a provider without credentials and refuses a name that is no provider', async () => {
    for (const provider of ['paypal', 'nowpayments', 'binance-pay', 'gate-pay', 'liqpay', 'fondy']) {
      expect((await post(provider)).statusCode).toBe(404);
    }
    const unknown = await post('acme-pay');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
  });
});

describe('the way back from a checkout', () => {
  it('answers 404 for a uuid that is not one, whatever its characters (never the database error)', async () => {
    for (const uuid of ['-'.repeat(36), 'g'.repeat(36), '0123456789abcdef0123456789abcdef0123']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/public/v1/payments/return/${uuid}` });
        expect(res.statusCode, `${method} ${uuid}`).toBe(404);
      }
    }
  });
});
