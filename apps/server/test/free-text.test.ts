import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from './build-test-app.js';
import { directInstallsBody, makeApp, makeUser, registerBody } from './factories.js';

/*
 * A NUL (or another control character) in a free-text field or query string once reached PostgreSQL and
 * answered 500. The shared text rule refuses it with 422 on the field, before any handler runs.
 */

let t: TestApp;
let customer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  customer = user.auth;
  await makeApp(t.deps, user.user.id);
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

const NUL = '\u0000';
type Case = [
  who: 'customer' | 'admin',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  field: string,
  body?: object,
];

const CASES: Case[] = [
  ['customer', 'POST', 'register', 'ref', registerBody({ ref: `a${NUL}` })],
  ['customer', 'POST', 'campaigns/quote', 'country', directInstallsBody({ country: `U${NUL}` })],
  ['customer', 'POST', 'campaigns', 'country', directInstallsBody({ country: `U${NUL}` })],
  ['customer', 'POST', 'campaigns', 'description', directInstallsBody({ description: `notes${NUL}` })],
  ['customer', 'GET', `campaigns?country=U%00`, 'country'],
  ['customer', 'GET', `apps?search=a%00`, 'search'],
  ['customer', 'GET', `transactions?package=a%01`, 'package'],
  ['customer', 'POST', 'apps', 'package', { appstore: 1, country: 'US', package: `com.a${NUL}` }],
  [
    'customer',
    'POST',
    'users/referral/payout',
    'details',
    { amount: '10', method: 'paypal', details: `x${NUL}` },
  ],
  [
    'customer',
    'POST',
    'users/bonus-program',
    'comment',
    { type: 'forum_post', link: 'https://a.b/c', comment: `\u0007` },
  ],
  ['admin', 'GET', 'users?search=a%00', 'search'],
  [
    'admin',
    'PUT',
    'payments/change-user-balance',
    'reason',
    { id: 1, amount: '1', account_id: 1, reason: `r${NUL}` },
  ],
  ['admin', 'PUT', 'payments/1', 'description', { description: `d${NUL}` }],
  ['admin', 'POST', 'payments/1/refund', 'description', { description: `d\u001b` }],
  ['admin', 'POST', 'vendors', 'vendor', { vendor: `v${NUL}` }],
  ['admin', 'POST', 'vendors', 'api_key', { vendor: 'v', api_key: `k${NUL}` }],
  [
    'admin',
    'PUT',
    'vendors/change-admin-country-vendors-activity',
    'country',
    { id: 1, is_active: true, country: `U${NUL}` },
  ],
  ['admin', 'GET', 'campaigns/1/pause?reason=a%00', 'reason'],
  ['admin', 'GET', 'campaigns/1/start?start_at=a%00', 'start_at'],
  ['admin', 'POST', 'campaigns/1/partners', 'partner', { partner: `p${NUL}` }],
  ['admin', 'PUT', 'campaigns/1', 'description', { description: `d${NUL}` }],
  ['admin', 'PUT', 'maintenance', 'message', { enabled: false, message: `m${NUL}` }],
  ['admin', 'POST', 'modules', 'name', { name: `n${NUL}`, namespace: 'n', permission_name: 'n' }],
  ['admin', 'PUT', 'referral/payouts/1/cancel', 'note', { note: `n${NUL}` }],
  ['admin', 'PUT', 'bonus-program/submissions/1/reject', 'note', { note: `n${NUL}` }],
  ['admin', 'POST', 'users/referrals', 'referral', { user_id: 1, referral: `a${NUL}b` }],
  ['admin', 'GET', 'users?role=a%00', 'role'],
  ['customer', 'POST', 'login-as', 'code', { code: `c${NUL}` }],
];

describe('control characters in free text answer 422, never 500', () => {
  it.each(CASES)('%s %s %s (%s)', async (who, method, url, field, body) => {
    const res = await t.app.inject({
      method,
      url: `/api/${who === 'admin' ? 'admin' : 'private'}/v1/${url}`,
      headers: who === 'admin' ? admin : customer,
      ...(body && { payload: body }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)[field]).toContain(MESSAGES.textInvalid);
  });

  it('keeps tab and line breaks in a multi-line field, refuses them in a single-line one', async () => {
    const notes = await t.call(
      'POST',
      'campaigns/quote',
      customer,
      directInstallsBody({ description: 'a\tb\nc' }),
    );
    expect(notes.statusCode, notes.body).toBe(200);
    const country = await t.call(
      'POST',
      'campaigns/quote',
      customer,
      directInstallsBody({ country: 'U\tS' }),
    );
    expect(errorsOf(country).country).toContain(MESSAGES.textInvalid);
  });

  it('refuses a lone surrogate', async () => {
    const res = await t.call(
      'POST',
      'campaigns/quote',
      customer,
      directInstallsBody({ description: 'a\ud800' }),
    );
    expect(errorsOf(res).description).toContain(MESSAGES.textInvalid);
  });
});
