import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatMoney, parseMoney } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { campaigns } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { seedDemoCampaigns } from '../statistics/statistics.seed.js';
import { seedDemoOrder } from './campaigns.seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the demo running campaign', () => {
  it('is ordered and charged once, beside the imported history, and not again on the next start', async () => {
    const demo = await makeUser(t.deps.db);
    await makeApp(t.deps, demo.user.id);
    await makeTopUp(t.deps.db, demo.user.id, '100.00');
    await seedDemoCampaigns(t.deps.db, demo.user.id);

    await seedDemoOrder(t.deps, demo.user.email);
    await seedDemoOrder(t.deps, demo.user.email);

    const ordered = await t.deps.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.user_id, demo.user.id), eq(campaigns.is_legacy, false)));
    expect(ordered).toHaveLength(1);
    expect(ordered[0]).toMatchObject({ status: 'active', product_type: 1, days: 7 });
    expect(ordered[0]!.charged).toBe(ordered[0]!.price);
    const { main } = await balancesOf(t.deps.db, demo.user.id);
    expect(main).toBe(formatMoney(parseMoney('100') - parseMoney(ordered[0]!.price)));
  });

  it('orders nothing for an unknown e-mail', async () => {
    const before = await t.deps.db.$count(campaigns);
    await seedDemoOrder(t.deps, 'nobody@example.com');
    expect(await t.deps.db.$count(campaigns)).toBe(before);
  });
});
