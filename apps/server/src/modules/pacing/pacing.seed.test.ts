import type { Pacing } from '@storelift/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { PASSWORD, makeApp, makeKeywords, makeUser } from '../../../test/factories.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { seedDemoMarket } from './pacing.seed.js';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const made = await makeUser(t.deps.db);
  auth = made.auth;
  const app = await makeApp(t.deps, made.user.id);
  await makeKeywords(t.deps, app, ['yoga']);
});
afterAll(() => t.close());

describe('seedDemoMarket', () => {
  it('gives the demo fitness app in the US enough delivered campaigns to calibrate on, once', async () => {
    await seedDemoMarket(t.deps.db);
    await seedDemoMarket(t.deps.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/pacing',
      headers: auth,
      payload: { packageId: DEMO_APPS.googlePlay.fitness, country: 'US', keywords: ['yoga'], target: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pacing: Pacing = res.json().data;
    expect(pacing.campaigns).toBe(7);
    expect(pacing.campaigns).toBeGreaterThanOrEqual(pacing.min_campaigns);
  });

  it('makes an account nobody can sign in to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/private/v1/login',
      payload: { email: 'market@storelift.test', password: PASSWORD },
    });
    // Refused like any wrong password (no argon2 hash matches), never a 500.
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
