import { afterAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@storelift/shared';
import { buildTestApp, createTestStore } from '../../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../../test/factories.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';
import { balancesOf } from '../../ledger/ledger.js';
import { cpiSweep } from '../cpi/campaigns.cpi-charging.js';
import { deliveryTick } from './campaigns.delivery.js';

describe('durable campaign timers', () => {
  const storePromise = createTestStore({ persistent: true });
  afterAll(async () => (await storePromise).drop());

  it('a delayed start and a pending refund survive a server restart', async () => {
    const store = await storePromise;
    const first = await buildTestApp({ store, workers: false, listen: true });
    const user = await makeUser(first.deps.db);
    await makeApp(first.deps, user.user.id);
    await makeTopUp(first.deps.db, user.user.id, '100');
    const startAt = new Date(Date.now() + 10 * 60_000);
    const delayedRes = await first.call(
      'POST',
      'campaigns',
      user.auth,
      directInstallsBody({ start_at: startAt.toISOString() }),
    );
    expect(delayedRes.statusCode, delayedRes.body).toBe(201);
    const delayed: Campaign = delayedRes.json().data;
    expect(delayed.status).toBe('delayed');
    const cpiRes = await first.call('POST', 'campaigns', user.auth, {
      productType: 4,
      packageId: DEMO_APPS.googlePlay.fitness,
      appstore: 1,
      country: 'US',
      cpiLevels: ['high'],
      cpiHeadline1: 'FitPulse workouts',
      cpiHeadline2: 'Train at home',
      cpiAdAssets: 'Short home workouts without equipment.',
    });
    expect(cpiRes.statusCode, cpiRes.body).toBe(201);
    const cpi: Campaign = cpiRes.json().data;
    const canceled = await first.call('GET', `campaigns/${cpi.id}/cancel`, user.auth);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const refundAt = Date.parse((canceled.json().data as Campaign).cpi!.refund_due_at!);
    expect((await balancesOf(first.deps.db, user.user.id)).main).toBe('80.0000');
    await first.close();

    const second = await buildTestApp({ store, workers: false });
    try {
      // Both timers are durable jobs in the database, waiting for their time.
      const jobs = await second.database.sql.executeSql(
        `select name, start_after from pgboss.job where name in ('campaigns.start', 'campaigns.cpi-refund') order by name`,
      );
      expect(
        (jobs.rows as { name: string; start_after: Date | string }[]).map((job) => [
          job.name,
          new Date(job.start_after).getTime(),
        ]),
      ).toEqual([
        ['campaigns.cpi-refund', refundAt],
        ['campaigns.start', startAt.getTime()],
      ]);
      // And the sweeps find them even without the jobs, once time has run forward.
      await deliveryTick(second.deps, new Date(startAt.getTime() + 60_000));
      await cpiSweep(second.deps, new Date(refundAt + 60_000));
      const get = async (id: number) =>
        (await second.call('GET', `campaigns/${id}`, user.auth)).json().data as Campaign;
      expect((await get(delayed.id)).status).toBe('active');
      const refunded = await get(cpi.id);
      expect(refunded.cpi!.refunded_at).not.toBeNull();
      // 100 − the delayed order's price (30 installs at 0.12) − nothing of the CPI prepayment.
      expect((await balancesOf(second.deps.db, user.user.id)).main).toBe('96.4000');
    } finally {
      await second.close();
    }
  });
});
