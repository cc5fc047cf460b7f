import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  APP_STORES,
  MESSAGES,
  PAYMENT_SYSTEMS,
  SECURITY_MESSAGES,
  type AccessListEntry,
  type AccessListEntryBody,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeUser, registerBody } from '../../../test/factories.js';
import { eq } from 'drizzle-orm';
import { accessListEntries } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { VERSION_CHECK_MS, bumpAccessListVersion } from './access-lists.cache.js';

type Auth = { authorization: string };

let t: TestApp;
let admin: Auth;
const TODAY = new Date().toISOString().slice(0, 10);

const staff = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Auth = admin) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });

/** A customer call from a given client address. */
const from = (
  ip: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/private/v1/${url}`,
    headers,
    remoteAddress: ip,
    ...(payload && { payload }),
  });

async function addEntry(body: Partial<AccessListEntryBody>): Promise<AccessListEntry> {
  const res = await staff('POST', 'user-access-list', {
    list_type: 'black-list',
    date: TODAY,
    description: 'Chargebacks',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const removeEntry = async (entry: AccessListEntry) =>
  expect((await staff('DELETE', `user-access-list/${entry.id}`)).statusCode).toBe(200);

beforeAll(async () => {
  t = await buildTestApp({ workers: false, config: { authRateLimit: 3 } });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

describe('managing entries', () => {
  it('lets admin, manager and support read, only the admin add and delete; customers nothing', async () => {
    for (const role of ['manager', 'support'] as const) {
      const { auth } = await makeUser(t.deps.db, { roles: [role] });
      expect((await staff('GET', 'user-access-list', undefined, auth)).statusCode).toBe(200);
      const body = { category: 'email', value: 'x@example.com', date: TODAY, description: 'x' };
      expect((await staff('POST', 'user-access-list', body, auth)).statusCode).toBe(403);
    }
    for (const role of ['ppc', 'marketer', 'user'] as const) {
      const { auth } = await makeUser(t.deps.db, { roles: [role] });
      expect((await staff('GET', 'user-access-list', undefined, auth)).statusCode).toBe(403);
    }
  });

  it('requires every field, checks the value against its category and stores it normalized', async () => {
    const empty = await staff('POST', 'user-access-list', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(errorsOf(empty)).sort()).toEqual(['category', 'date', 'description', 'value']);
    const cases: [string, string, string][] = [
      ['email', 'not-an-email', SECURITY_MESSAGES.emailInvalid],
      ['email-domain', 'localhost', SECURITY_MESSAGES.domainInvalid],
      ['ip', '300.1.1.1', SECURITY_MESSAGES.networkInvalid],
      ['ip', '10.0.0.0/40', SECURITY_MESSAGES.networkInvalid],
      ['country', 'XX', SECURITY_MESSAGES.countryInvalid],
      ['package-id', 'Not A Package', SECURITY_MESSAGES.packageInvalid],
    ];
    for (const [category, value, message] of cases) {
      const res = await staff('POST', 'user-access-list', { category, value, date: TODAY, description: 'd' });
      expect(res.statusCode, `${category} ${value}`).toBe(422);
      expect(errorsOf(res).value).toEqual([message]);
    }
    const control = await staff('POST', 'user-access-list', {
      category: 'country',
      value: 'de',
      date: TODAY,
      description: 'bad\u0000',
    });
    expect(errorsOf(control).description).toEqual([MESSAGES.textInvalid]);

    const entry = await addEntry({
      category: 'email-domain',
      value: '@Spam.Example.ORG',
      list_type: undefined,
    });
    expect(entry).toMatchObject({ list_type: 'white-list', value: 'spam.example.org', date: TODAY });
    const twice = await staff('POST', 'user-access-list', {
      category: 'email-domain',
      value: 'spam.example.org',
      date: TODAY,
      description: 'again',
    });
    expect(errorsOf(twice).value).toEqual([SECURITY_MESSAGES.entryExists]);
    await removeEntry(entry);
  });

  it('lists with filters, search and paging, and audits every add and delete', async () => {
    const a = await addEntry({ category: 'country', value: 'KP', description: 'Sanctions' });
    const b = await addEntry({ category: 'email', value: 'list-me@example.com', list_type: 'white-list' });
    const page = async (query: string) => (await staff('GET', `user-access-list?${query}`)).json();
    expect((await page('category=country')).data.map((e: AccessListEntry) => e.value)).toContain('KP');
    expect((await page('list_type=white-list&search=list-me')).meta.total).toBe(1);
    expect((await page('search=Sanctions')).data[0].id).toBe(a.id);
    expect((await page('limit=1')).meta).toMatchObject({ per_page: 1, last_page: expect.any(Number) });
    expect((await staff('GET', 'user-access-list?limit=1000')).statusCode).toBe(422);
    await removeEntry(a);
    await removeEntry(b);
    expect((await staff('DELETE', `user-access-list/${a.id}`)).statusCode).toBe(404);
    const audit = (await staff('GET', 'audit?limit=10')).json().data as {
      action: string;
      target_id: string;
    }[];
    expect(audit.filter((row) => row.target_id === String(a.id)).map((row) => row.action)).toEqual([
      'access-lists.delete',
      'access-lists.create',
    ]);
  });
});

describe('entries take effect and are lifted', () => {
  it('a black-listed e-mail cannot register, sign in or top up', async () => {
    const customer = await makeUser(t.deps.db);
    const email = customer.user.email;
    const entry = await addEntry({ category: 'email', value: email.toUpperCase() });
    const signIn = await from('10.1.0.1', 'POST', 'login', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(MESSAGES.accessBlocked);
    const topUp = await from(
      '10.1.0.1',
      'POST',
      'checkout',
      { amount: 100, paysystem_id: PAYMENT_SYSTEMS.card },
      customer.auth,
    );
    expect(topUp.statusCode).toBe(403);
    const newEmail = `blocked-${Date.now()}@example.com`;
    const blocked = await addEntry({ category: 'email', value: newEmail });
    expect((await from('10.1.0.2', 'POST', 'register', registerBody({ email: newEmail }))).statusCode).toBe(
      403,
    );

    await removeEntry(entry);
    await removeEntry(blocked);
    expect((await from('10.1.0.3', 'POST', 'login', { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await from('10.1.0.3', 'POST', 'register', registerBody({ email: newEmail }))).statusCode).toBe(
      201,
    );
  });

  it('a black-listed domain blocks its sub-domains; a white-listed e-mail is the exception', async () => {
    const entry = await addEntry({ category: 'email-domain', value: 'blocked-domain.test' });
    const sub = await from(
      '10.2.0.1',
      'POST',
      'register',
      registerBody({ email: `a-${Date.now()}@mx.blocked-domain.test` }),
    );
    expect(sub.statusCode).toBe(403);
    const vip = `vip-${Date.now()}@blocked-domain.test`;
    const exception = await addEntry({ category: 'email', value: vip, list_type: 'white-list' });
    expect((await from('10.2.0.1', 'POST', 'register', registerBody({ email: vip }))).statusCode).toBe(201);
    await removeEntry(exception);
    await removeEntry(entry);
    const other = await from(
      '10.2.0.2',
      'POST',
      'register',
      registerBody({ email: `b-${Date.now()}@blocked-domain.test` }),
    );
    expect(other.statusCode).toBe(201);
  });

  it('a black-listed network refuses sign-in from inside it only, until it is deleted', async () => {
    const customer = await makeUser(t.deps.db);
    const body = { email: customer.user.email, password: PASSWORD };
    const entry = await addEntry({ category: 'ip', value: '203.0.113.0/24' });
    expect((await from('203.0.113.77', 'POST', 'login', body)).statusCode).toBe(403);
    expect((await from('::ffff:203.0.113.78', 'POST', 'login', body)).statusCode).toBe(403);
    expect((await from('198.51.100.1', 'POST', 'login', body)).statusCode).toBe(200);
    const topUp = await from(
      '203.0.113.5',
      'POST',
      'checkout',
      { amount: 100, paysystem_id: PAYMENT_SYSTEMS.card },
      customer.auth,
    );
    expect(topUp.statusCode).toBe(403);
    await removeEntry(entry);
    expect((await from('203.0.113.79', 'POST', 'login', body)).statusCode).toBe(200);
  });

  it('a black-listed country refuses its customers', async () => {
    const customer = await makeUser(t.deps.db, { country: 'BY' });
    const entry = await addEntry({ category: 'country', value: 'by' });
    expect(
      (await from('10.4.0.1', 'POST', 'login', { email: customer.user.email, password: PASSWORD }))
        .statusCode,
    ).toBe(403);
    expect((await from('10.4.0.1', 'POST', 'register', registerBody({ country: 'BY' }))).statusCode).toBe(
      403,
    );
    await removeEntry(entry);
    expect((await from('10.4.0.2', 'POST', 'register', registerBody({ country: 'BY' }))).statusCode).toBe(
      201,
    );
  });

  it('a black-listed package cannot be added as an app', async () => {
    const customer = await makeUser(t.deps.db);
    const app = { appstore: APP_STORES.GOOGLE_PLAY, country: 'US', package: DEMO_APPS.googlePlay.fitness };
    const entry = await addEntry({ category: 'package-id', value: DEMO_APPS.googlePlay.fitness });
    const refused = await from('10.5.0.1', 'POST', 'apps', app, customer.auth);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).package).toEqual([MESSAGES.appBlocked]);
    await removeEntry(entry);
    expect((await from('10.5.0.1', 'POST', 'apps', app, customer.auth)).statusCode).toBe(201);
  });

  it('a white-listed address passes the rate limits', async () => {
    const attempt = (ip: string) => from(ip, 'POST', 'forgot-password', { email: 'someone@example.com' });
    const codes = async (ip: string) => {
      const result: number[] = [];
      for (let i = 0; i < 5; i += 1) result.push((await attempt(ip)).statusCode);
      return result;
    };
    expect(await codes('192.0.2.10')).toContain(429);
    const entry = await addEntry({ category: 'ip', value: '192.0.2.0/28', list_type: 'white-list' });
    expect(await codes('192.0.2.11')).toEqual([200, 200, 200, 200, 200]);
    await removeEntry(entry);
    expect(await codes('192.0.2.12')).toContain(429);
  });

  it("another process's change reaches this one within VERSION_CHECK_MS, through the version in settings", async () => {
    const customer = await makeUser(t.deps.db);
    const body = { email: customer.user.email, password: PASSWORD };
    const pastCheck = () => new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_MS + 100));
    expect((await from('100.64.1.9', 'POST', 'login', body)).statusCode).toBe(200);
    // Written as another process writes it, but the version not raised yet: this process's copy stands.
    const [row] = await t.deps.db
      .insert(accessListEntries)
      .values({
        list_type: 'black-list',
        category: 'ip',
        value: '100.64.0.0/10',
        date: TODAY,
        description: 'x',
      })
      .returning();
    await pastCheck();
    expect((await from('100.64.2.9', 'POST', 'login', body)).statusCode).toBe(200);
    // Raised by the other process (not this one's service, which would forget its copy at once).
    await bumpAccessListVersion(t.deps.db);
    await pastCheck();
    expect((await from('100.64.3.9', 'POST', 'login', body)).statusCode).toBe(403);
    await t.deps.db.delete(accessListEntries).where(eq(accessListEntries.id, row!.id));
    await bumpAccessListVersion(t.deps.db);
    await pastCheck();
    expect((await from('100.64.4.9', 'POST', 'login', body)).statusCode).toBe(200);
  });
});
