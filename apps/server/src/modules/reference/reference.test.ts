import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());
const get = (url: string) => t.app.inject({ url: `/api/private/v1/${url}` });

describe('reference data', () => {
  it('serves the enumerations of the spec', async () => {
    const { data } = (await get('constants')).json();
    expect(data.productTypes).toEqual(PRODUCT_TYPES);
    expect(data.paymentSystems).toMatchObject({ card: 30, paypal: 1, transfer: 34, wise: 36 });
    expect(data.rateTypes).toEqual({ POSITIVE: 1, POSITIVE_AVERAGE: 2, NEGATIVE_AVERAGE: 3, NEGATIVE: 4 });
    expect(data.campaignStatuses).toContain('moderation');
  });

  it('lists every ISO country with its GEO group and reads one by id', async () => {
    const { data } = (await get('country')).json();
    expect(data).toHaveLength(250);
    const ukraine = data.find((country: { code: string }) => country.code === 'UA');
    expect(ukraine).toMatchObject({ name: 'Ukraine', geo: 'europe' });
    expect((await get(`country/${ukraine.id}`)).json().data).toEqual(ukraine);
    expect((await get('country/999999')).statusCode).toBe(404);
    expect((await get('country/abc')).statusCode).toBe(422);
    expect((await get('country/99999999999')).statusCode).toBe(422);
  });

  it('groups country codes by GEO for the filters', async () => {
    const { data } = (await get('country/get-filters')).json();
    expect(data.europe).toContain('DE');
    expect(data.asia).toContain('JP');
    expect(data.africa).toContain('NG');
    expect(data.latinAmerica).toContain('BR');
    expect(data.europe).not.toContain('US');
    expect(data.worldwide).toHaveLength(250);
  });

  it('lists the text languages', async () => {
    const { data } = (await get('languages')).json();
    expect(data.map((language: { code: string }) => language.code)).toEqual([
      'en',
      'es',
      'uk',
      'ru',
      'fr',
      'it',
      'de',
      'pt',
      'zh',
    ]);
  });
});
