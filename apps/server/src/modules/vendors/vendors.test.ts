import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, type Vendor } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { fakeDns } from '../../../test/outbound.js';
import { makeUser } from '../../../test/factories.js';

type Auth = { authorization: string };
let t: TestApp;
let admin: Auth;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp({ workers: false, outbound: fakeDns({ 'vendor.example': ['93.184.216.34'] }) });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

describe('vendors', () => {
  it('is admin only', async () => {
    expect((await call('GET', 'vendors', undefined, {} as Auth)).statusCode).toBe(401);
    const customer = await makeUser(t.deps.db);
    expect((await call('GET', 'vendors', undefined, customer.auth)).statusCode).toBe(403);
    const manager = await makeUser(t.deps.db, { roles: ['manager'] });
    expect((await call('GET', 'vendors/get-list', undefined, manager.auth)).statusCode).toBe(403);
    expect((await call('POST', 'vendors', { vendor: 'X' }, manager.auth)).statusCode).toBe(403);
  });

  it('has the seeded sandbox vendor', async () => {
    const list = (await call('GET', 'vendors/get-list')).json().data;
    expect(list).toContainEqual(
      expect.objectContaining({ vendor: 'Sandbox vendor', store: null, is_active: true }),
    );
  });

  it('creates, lists, updates, switches and deletes', async () => {
    const created = await call('POST', 'vendors', {
      vendor: ' Play boost ',
      store: 1,
      country: 'de',
      mature: true,
      products: [2, 1, 2],
      share: 35.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const vendor = created.json().data as Vendor;
    expect(vendor).toMatchObject({
      vendor: 'Play boost',
      store: 1,
      country: { code: 'DE' },
      mature: true,
      products: [1, 2],
      share: '35.50',
      is_active: true,
      countries: [],
    });

    const one = await call('GET', `vendors/${vendor.id}`);
    expect(one.json().data).toEqual(vendor);
    expect(one.json().data.protocol).toBe('panel');
    expect((await call('GET', 'vendors/999999')).statusCode).toBe(404);

    const page = (await call('GET', 'vendors?search=boost')).json();
    expect(page.meta.total).toBe(1);
    expect((await call('GET', 'vendors?store=2')).json().data.map((v: Vendor) => v.vendor)).toEqual([
      'Sandbox vendor',
    ]);

    const updated = await call('PUT', `vendors/${vendor.id}`, {
      vendor: 'Play boost 2',
      country: null,
      share: 50,
    });
    expect(updated.json().data).toMatchObject({
      vendor: 'Play boost 2',
      country: null,
      share: '50.00',
      store: null,
    });

    const off = await call('PUT', 'vendors/change-admin-vendors-activity', {
      id: vendor.id,
      is_active: false,
    });
    expect(off.json().data.is_active).toBe(false);
    const us = await call('PUT', 'vendors/change-admin-country-vendors-activity', {
      id: vendor.id,
      country: 'US',
      is_active: false,
    });
    expect(us.json().data.countries).toEqual([
      { country: expect.objectContaining({ code: 'US' }), is_active: false },
    ]);
    const back = await call('PUT', 'vendors/change-admin-country-vendors-activity', {
      id: vendor.id,
      country: 'us',
      is_active: true,
    });
    expect(back.json().data.countries).toHaveLength(1);
    expect(back.json().data.countries[0].is_active).toBe(true);

    expect((await call('DELETE', `vendors/${vendor.id}`)).json()).toEqual({
      message: CAMPAIGN_MESSAGES.vendorDeleted,
      count: 1,
    });
    expect((await call('DELETE', `vendors/${vendor.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `vendors/${vendor.id}`, { vendor: 'Gone' })).statusCode).toBe(404);
    expect(
      (await call('PUT', 'vendors/change-admin-vendors-activity', { id: vendor.id, is_active: true }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the HTTP API address and key when the whole-vendor form leaves them out', async () => {
    const body = { vendor: 'API vendor', api_url: 'https://vendor.example/api', api_key: 'k' };
    const created = await call('POST', 'vendors', body);
    expect(created.json().data).toMatchObject({ api_url: 'https://vendor.example/api', has_api_key: true });
    const id = created.json().data.id as number;
    const renamed = await call('PUT', `vendors/${id}`, { vendor: 'API vendor 2' });
    expect(renamed.json().data).toMatchObject({ api_url: 'https://vendor.example/api', has_api_key: true });
    const cleared = await call('PUT', `vendors/${id}`, {
      vendor: 'API vendor 2',
      api_url: '',
      api_key: null,
    });
    expect(cleared.json().data).toMatchObject({ api_url: null, has_api_key: false });
  });

  it('refuses a value out of range naming the rule, never clamping it, and writes nothing', async () => {
    const before = (await call('GET', 'vendors/get-list')).json().data.length;
    const share = await call('POST', 'vendors', { vendor: 'Too much', share: 150 });
    expect(share.statusCode).toBe(422);
    expect(share.json().errors).toEqual({ share: [CAMPAIGN_MESSAGES.vendorShareRange] });
    const name = await call('POST', 'vendors', { vendor: 'x'.repeat(101) });
    expect(name.json().errors).toEqual({ vendor: ['Must be at most 100 characters'] });
    expect((await call('GET', 'vendors/get-list')).json().data).toHaveLength(before);
  });

  it('refuses bad input with 422', async () => {
    const bad = [
      {},
      { vendor: '   ' },
      { vendor: 'A', store: 3 },
      { vendor: 'A', share: 101 },
      { vendor: 'A', share: 'abc' },
      { vendor: 'A', products: [3] },
      { vendor: 'A', country: 'ZZ' },
      { vendor: 'A', mature: 'yes' },
      { vendor: 'A', api_url: 'ftp://vendor.example' },
      { vendor: 'A', api_url: 'not a url' },
      { vendor: 'A', api_url: 'http://127.0.0.1:8080/' },
      { vendor: 'A', api_url: 'http://localhost/api' },
      { vendor: 'A', api_url: 'http://169.254.169.254/latest' },
      { vendor: 'A', api_url: 'http://[::ffff:7f00:1]/' },
      { vendor: 'A', api_url: 'https://unknown.example/api' },
      { vendor: 'A', api_key: 42 },
    ];
    for (const body of bad)
      expect((await call('POST', 'vendors', body)).statusCode, JSON.stringify(body)).toBe(422);
    expect(
      (await call('PUT', 'vendors/change-admin-vendors-activity', { id: 'x', is_active: true })).statusCode,
    ).toBe(422);
    expect(
      (
        await call('PUT', 'vendors/change-admin-country-vendors-activity', {
          id: 1,
          country: 'ZZ',
          is_active: true,
        })
      ).statusCode,
    ).toBe(422);
    expect((await call('GET', 'vendors?orderBy=nope')).statusCode).toBe(422);
    expect((await call('DELETE', 'vendors/abc')).statusCode).toBe(422);
  });
});
