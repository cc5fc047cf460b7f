import { and, eq } from 'drizzle-orm';
import { APP_STORES, PRODUCT_TYPES, addDays } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import {
  apps,
  campaignOrderDays,
  campaignOrders,
  campaigns,
  countries,
  keywordRanks,
  keywords,
  users,
} from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { priceOf } from '../campaigns/campaigns.plan.js';
import { IMPACT_WINDOW_DAYS } from '../impact/impact.js';
import { utcDay } from '../keywords/ranks.js';
import { grantRoles } from '../users/users.repo.js';

/** The demo's other customers: an account that cannot sign in (its hash is no argon2 hash). */
const MARKET_EMAIL = 'market@storelift.test';
const NO_PASSWORD = '!demo-market';

/** One delivered campaign of the market: a keyword moved from `before` to `after` with `perDay` installs. */
interface MarketCampaign {
  keyword: string;
  startedAgo: number;
  days: number;
  perDay: number;
  before: number;
  after: number;
}

/** Paces of 0.0011-0.0020 log-ranks per install, older than the demo user's three months of history. */
const MARKET_CAMPAIGNS: MarketCampaign[] = [
  { keyword: 'home workout', startedAgo: 190, days: 7, perDay: 40, before: 90, after: 55 },
  { keyword: 'fitness tracker', startedAgo: 175, days: 10, perDay: 60, before: 120, after: 48 },
  { keyword: 'step counter', startedAgo: 160, days: 7, perDay: 50, before: 70, after: 40 },
  { keyword: 'home workout', startedAgo: 145, days: 14, perDay: 30, before: 80, after: 35 },
  { keyword: 'calorie counter', startedAgo: 130, days: 5, perDay: 80, before: 150, after: 95 },
  { keyword: 'fitness tracker', startedAgo: 115, days: 10, perDay: 40, before: 60, after: 30 },
  { keyword: 'yoga', startedAgo: 100, days: 7, perDay: 60, before: 45, after: 25 },
];

/** A small fixed wobble (−1…+1) so the history does not look drawn with a ruler. */
const wobble = (index: number) => (index % 3) - 1;

/** The rank `index` days into the window around a campaign: flat before, geometric during, flat after. */
function marketRank(c: MarketCampaign, index: number): number {
  const day = index - IMPACT_WINDOW_DAYS;
  const progress = Math.min(1, Math.max(0, (day + 1) / c.days));
  return Math.max(1, Math.round(c.before * (c.after / c.before) ** progress) + wobble(index));
}

/**
 * Once: the delivered keyword-installs campaigns of "other customers" on the demo fitness app in the US
 * (Google Play) with the rank history around them, so the pacing model has enough to calibrate on in the
 * demo (docs/pacing.md). Legacy and completed: they move no money and cannot be started again.
 */
export async function seedDemoMarket(db: Db, today = utcDay()) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, MARKET_EMAIL));
  if (existing) return;
  const [listing] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.appstore, APP_STORES.GOOGLE_PLAY), eq(apps.package, DEMO_APPS.googlePlay.fitness)))
    .limit(1);
  const [us] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'US'));
  if (!listing || !us) return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: MARKET_EMAIL,
        password_hash: NO_PASSWORD,
        nickname: 'demo-market',
        full_name: 'Demo market',
        business_type: 'developer',
        country: 'US',
        phone: '15550199',
        email_verified_at: new Date(),
      })
      .returning({ id: users.id });
    await grantRoles(tx, user!.id, ['user']);
    const [app] = await tx
      .insert(apps)
      .values({
        user_id: user!.id,
        appstore: listing.appstore,
        package: listing.package,
        country_id: us.id,
        title: listing.title,
        developer: listing.developer,
        icon: listing.icon,
      })
      .returning({ id: apps.id });
    const texts = [...new Set(MARKET_CAMPAIGNS.map((c) => c.keyword))];
    const keywordRows = await tx
      .insert(keywords)
      .values(texts.map((keyword) => ({ app_id: app!.id, country_id: us.id, keyword })))
      .returning({ id: keywords.id, keyword: keywords.keyword });
    const keywordId = new Map(keywordRows.map((row) => [row.keyword, row.id]));

    for (const c of MARKET_CAMPAIGNS) {
      const start = addDays(today, -c.startedAgo);
      const end = addDays(start, c.days - 1);
      const total = c.perDay * c.days;
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          user_id: user!.id,
          app_id: app!.id,
          appstore: listing.appstore,
          package: listing.package,
          country_id: us.id,
          product_type: PRODUCT_TYPES.keyword,
          status: 'completed',
          days: c.days,
          installs: c.perDay,
          installs_total: total,
          installs_actual: total,
          unit_price: '0.1600',
          price: priceOf('0.1600', total),
          settings: {
            deliveryType: 0,
            promotionRule: 0,
            distribution: 'equal',
            keywords: [c.keyword],
            installsPlan: null,
          },
          is_legacy: true,
          started_at: new Date(`${start}T09:00:00Z`),
          finished_at: new Date(`${end}T21:00:00Z`),
        })
        .returning({ id: campaigns.id });
      const [order] = await tx
        .insert(campaignOrders)
        .values({
          campaign_id: campaign!.id,
          type: PRODUCT_TYPES.keyword,
          keyword: c.keyword,
          installs_total: total,
          installs_actual: total,
        })
        .returning({ id: campaignOrders.id });
      await tx.insert(campaignOrderDays).values(
        Array.from({ length: c.days }, (_, index) => ({
          order_id: order!.id,
          day: index + 1,
          installs_total: c.perDay,
          installs_actual: c.perDay,
        })),
      );
      await tx.insert(keywordRanks).values(
        Array.from({ length: c.days + 2 * IMPACT_WINDOW_DAYS }, (_, index) => {
          const day = addDays(start, index - IMPACT_WINDOW_DAYS);
          return {
            keyword_id: keywordId.get(c.keyword)!,
            day,
            rank: marketRank(c, index),
            state: 'ok' as const,
            source: 'daily' as const,
            checked_at: new Date(`${day}T00:30:00Z`),
          };
        }),
      );
    }
  });
}
