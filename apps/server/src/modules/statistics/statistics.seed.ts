import { and, eq, sql } from 'drizzle-orm';
import {
  DAY_MS,
  APP_STORES,
  PRODUCT_TYPES,
  dayPlan,
  formatMoney,
  parseMoney,
  type AppStore,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { apps, campaignOrderDays, campaignOrders, campaigns, countries } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { addHistory, insertCampaign, insertOrders } from '../campaigns/campaigns.repo.js';

interface DemoCampaign {
  appstore: AppStore;
  package: string;
  country: string;
  productType: number;
  /** Base plan prices of the store and product. */
  unitPrice: string;
  installs: number;
  days: number;
  distribution: 'equal' | 'increase' | 'parabolic';
  keywords: string[];
  /** Days before the seed that it started. */
  startedAgo: number;
  /** Days delivered before it was canceled; all of them when absent (completed). */
  canceledAfter?: number;
}

/** Finished campaigns of the last three months, so Statistics has something to show from the first run. */
const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.fitness,
    country: 'US',
    productType: PRODUCT_TYPES.keyword,
    unitPrice: '0.1600',
    installs: 40,
    days: 14,
    distribution: 'increase',
    keywords: ['home workout', 'step counter', 'yoga'],
    startedAgo: 80,
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.fitness,
    country: 'US',
    productType: PRODUCT_TYPES.package,
    unitPrice: '0.1200',
    installs: 150,
    days: 21,
    distribution: 'parabolic',
    keywords: [],
    startedAgo: 60,
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.puzzle,
    country: 'US',
    productType: PRODUCT_TYPES.keyword,
    unitPrice: '0.1600',
    installs: 60,
    days: 10,
    distribution: 'equal',
    keywords: ['block puzzle', 'brain training'],
    startedAgo: 35,
    canceledAfter: 6,
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.fitness,
    country: 'GB',
    productType: PRODUCT_TYPES.keyword,
    unitPrice: '0.1600',
    installs: 30,
    days: 14,
    distribution: 'equal',
    keywords: ['home workout', 'fitness'],
    startedAgo: 24,
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.puzzle,
    country: 'US',
    productType: PRODUCT_TYPES.package,
    unitPrice: '0.1200',
    installs: 200,
    days: 12,
    distribution: 'increase',
    keywords: [],
    startedAgo: 15,
  },
  {
    appstore: APP_STORES.GOOGLE_PLAY,
    package: DEMO_APPS.googlePlay.fitness,
    country: 'US',
    productType: PRODUCT_TYPES.keyword,
    unitPrice: '0.1600',
    installs: 50,
    days: 7,
    distribution: 'parabolic',
    keywords: ['workout tracker', 'home workout', 'calorie counter'],
    startedAgo: 8,
  },
];

/**
 * Gives the demo user a delivery history for Statistics: finished legacy campaigns (imported history,
 * charged before the ledger, so they move no money and cannot be started again) of its tracked apps.
 * Idempotent: nothing is added once the user has a legacy campaign.
 */
export async function seedDemoCampaigns(db: Db, userId: number, now = new Date()) {
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), eq(campaigns.is_legacy, true)))
    .limit(1);
  if (existing) return;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const demo of DEMO_CAMPAIGNS) {
    const [app] = await db
      .select({ id: apps.id })
      .from(apps)
      .where(and(eq(apps.user_id, userId), eq(apps.appstore, demo.appstore), eq(apps.package, demo.package)));
    const [country] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.code, demo.country));
    if (!country) continue;
    const plan = dayPlan(demo.installs, demo.days, demo.distribution);
    const orders = (demo.keywords.length ? demo.keywords : [null]).map((keyword) => ({
      type: demo.productType,
      keyword,
      plan,
    }));
    const installsTotal = plan.reduce((a, b) => a + b, 0) * orders.length;
    const startedAt = new Date(today - demo.startedAgo * DAY_MS + 9 * 3_600_000);
    const deliveredDays = demo.canceledAfter ?? demo.days;
    const status = demo.canceledAfter === undefined ? 'completed' : 'canceled';
    const unitPrice = parseMoney(demo.unitPrice);
    const price = formatMoney(unitPrice * BigInt(installsTotal));
    // A canceled campaign was refunded its undelivered part.
    const delivered = plan.slice(0, deliveredDays).reduce((a, b) => a + b, 0) * orders.length;
    await db.transaction(async (tx) => {
      const row = await insertCampaign(tx, {
        user_id: userId,
        app_id: app?.id ?? null,
        appstore: demo.appstore,
        package: demo.package,
        country_id: country.id,
        product_type: demo.productType,
        status,
        days: demo.days,
        installs: demo.installs,
        installs_total: installsTotal,
        unit_price: demo.unitPrice,
        price,
        charged: formatMoney(unitPrice * BigInt(delivered)),
        settings: {
          deliveryType: 0,
          promotionRule: 0,
          distribution: demo.distribution,
          keywords: demo.keywords,
          installsPlan: null,
        },
        is_legacy: true,
        started_at: startedAt,
        finished_at: new Date(startedAt.getTime() + deliveredDays * DAY_MS),
        progress_ms: deliveredDays * DAY_MS,
        created_at: new Date(startedAt.getTime() - 3_600_000),
      });
      await insertOrders(tx, row.id, orders);
      // Every day delivered in full until it finished (or was canceled).
      await tx.execute(sql`
        update ${campaignOrderDays} d
        set installs_actual = case when d.day <= ${deliveredDays} then d.installs_total else 0 end
        from ${campaignOrders} o
        where o.id = d.order_id and o.campaign_id = ${row.id}`);
      await tx.execute(sql`
        update ${campaignOrders} o set installs_actual =
          (select coalesce(sum(d.installs_actual), 0) from ${campaignOrderDays} d where d.order_id = o.id)
        where o.campaign_id = ${row.id}`);
      await tx.execute(sql`
        update ${campaigns} c set installs_actual =
          (select coalesce(sum(o.installs_actual), 0) from ${campaignOrders} o where o.campaign_id = c.id)
        where c.id = ${row.id}`);
      await addHistory(tx, row.id, null, status, null, 'Imported history');
    });
  }
}
