import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DAY_MS,
  REVIEW_GUARANTEE,
  formatMoney,
  parseMoney,
  type Campaign,
  type WebhookDelivery,
} from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import {
  ControllableStore,
  directInstallsBody,
  makeApp,
  makeTopUp,
  makeUser,
} from '../../../../test/factories.js';
import { fakeDns } from '../../../../test/outbound.js';
import { apps, campaigns, guaranteedReviews } from '../../../db/schema/index.js';
import {
  OFFLINE_REVIEW_LOSS,
  offlineReviewVisible,
} from '../../../providers/store/offline/review-visibility.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { deliveryTick } from './campaigns.delivery.js';
import { checkGuarantees } from './campaigns.guarantee-check.js';

/** The offline store, except that the reviews in `gone` are no longer shown: the test decides which. */
class ReviewStore extends ControllableStore {
  readonly gone = new Set<number>();
  override async reviewVisible(review: { id: number }) {
    return !this.gone.has(review.id);
  }
}

type Auth = { authorization: string };
let t: TestApp;
let store: ReviewStore;
let auth: Auth;
let admin: Auth;
let userId: number;

beforeAll(async () => {
  store = new ReviewStore();
  t = await buildTestApp({
    workers: false,
    storeProvider: store,
    outbound: fakeDns({ 'hooks.example.com': ['93.184.216.34'], 'vendor.example.com': ['93.184.216.35'] }),
  });
  const user = await makeUser(t.deps.db);
  auth = user.auth;
  userId = user.user.id;
  await makeApp(t.deps, userId);
  await makeTopUp(t.deps.db, userId, '1000');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

const reviews = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: `Review ${i + 1}`,
    body: 'Works well and saves me time every day.',
    rates: 5,
    gender: 'both',
    language: 'english',
  }));
const details = async (id: number): Promise<Campaign> =>
  (await t.call('GET', `campaigns/${id}`, auth)).json().data;
const main = async () => (await balancesOf(t.deps.db, userId)).main;
const noticeTexts = async (): Promise<string[]> =>
  (await t.call('GET', 'notices', auth)).json().data.map((notice: { text: string }) => notice.text);

/** A guaranteed-reviews campaign of 40 reviews, moderated, delivered and completed. */
async function completedCampaign(): Promise<Campaign> {
  const body = directInstallsBody({
    productType: 5,
    installs: 20,
    days: 2,
    checkedTerms: true,
    reviews: reviews(40),
  });
  const ordered = await t.call('POST', 'campaigns', auth, body);
  expect(ordered.statusCode, ordered.body).toBe(201);
  const { id } = ordered.json().data as Campaign;
  const started = await t.app.inject({
    method: 'GET',
    url: `/api/admin/v1/campaigns/${id}/start`,
    headers: admin,
  });
  expect(started.statusCode, started.body).toBe(200);
  await deliveryTick(t.deps, new Date(Date.now() + 3 * DAY_MS));
  const done = await details(id);
  expect(done.status).toBe('completed');
  return done;
}

/** What the campaign is charged and its app's promotion value. */
async function chargedAndPromotion(campaignId: number) {
  const [row] = await t.deps.db
    .select({ charged: campaigns.charged, promotion: apps.promotion_value })
    .from(campaigns)
    .innerJoin(apps, eq(apps.id, campaigns.app_id))
    .where(eq(campaigns.id, campaignId));
  return {
    charged: formatMoney(parseMoney(row!.charged)),
    promotion: formatMoney(parseMoney(row!.promotion)),
  };
}

/** Takes `count` of the campaign's still-shown reviews off the store. */
async function takeDown(campaignId: number, count: number) {
  const rows = await t.deps.db
    .select({ id: guaranteedReviews.id, gone: guaranteedReviews.gone_at })
    .from(guaranteedReviews)
    .where(eq(guaranteedReviews.campaign_id, campaignId));
  for (const row of rows.filter((each) => !each.gone && !store.gone.has(each.id)).slice(0, count))
    store.gone.add(row.id);
}

describe('the review guarantee', () => {
  it('records the delivered reviews and shows the guarantee on the details', async () => {
    const campaign = await completedCampaign();
    expect(campaign.guarantee).toEqual({
      until: campaign.guarantee_until,
      delivered: 40,
      stayed: 40,
      refilled: 0,
      refunded: 0,
      refunded_amount: '0.0000',
      checked_at: null,
      monitored: true,
    });
  });

  it('lets up to 10 of each 100 go; below that refills the missing ones at no charge, as a webhook event', async () => {
    const hook = await t.call('POST', 'webhooks', auth, {
      url: 'https://hooks.example.com/in',
      events: ['guarantee.event'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const before = await main();

    await takeDown(campaign.id, 4); // 36 of 40 stay: 90 %, kept
    await checkGuarantees(t.deps, new Date(finished + DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 36, refilled: 0, refunded: 0 });

    await takeDown(campaign.id, 1); // 35 of 40: below 90 %
    await checkGuarantees(t.deps, new Date(finished + 2 * DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({
      delivered: 40,
      stayed: 40,
      refilled: 5,
      refunded: 0,
      checked_at: new Date(finished + 2 * DAY_MS).toISOString(),
    });
    expect(await main()).toBe(before);
    const log: WebhookDelivery[] = (
      await t.call('GET', `webhooks/${hook.json().data.id}/deliveries`, auth)
    ).json().data;
    expect(log.map((each) => each.payload)).toEqual([
      expect.objectContaining({ campaign_id: campaign.id, kind: 'refill', count: 5, stayed: 35 }),
    ]);
    expect(await noticeTexts()).toContain(
      `5 reviews of campaign #${campaign.id} disappeared; we re-ordered them at no charge (review guarantee).`,
    );
  });

  it('refunds the missing reviews through the ledger when the vendor cannot refill them; the ledger stays clean', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    // Its vendor is now an HTTP vendor: no refill order exists in its protocol.
    const vendor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vendors',
      headers: admin,
      payload: { vendor: 'API vendor', api_url: 'https://vendor.example.com/api' },
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    await t.deps.db
      .update(campaigns)
      .set({ vendor_id: vendor.json().data.id })
      .where(eq(campaigns.id, campaign.id));
    const before = Number(await main());
    const { charged, promotion: promotionBefore } = await chargedAndPromotion(campaign.id);
    expect(charged).toBe(campaign.price);
    // Each missing review is refunded at the price it was bought for.
    const refund = formatMoney((parseMoney(campaign.price) * 8n) / 40n);

    await takeDown(campaign.id, 8); // 32 of 40
    await checkGuarantees(t.deps, new Date(finished + 5 * DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({
      delivered: 32,
      stayed: 32,
      refilled: 0,
      refunded: 8,
      refunded_amount: refund,
    });
    expect(Number(await main())).toBeCloseTo(before + Number(refund), 4);
    // As every refund, it comes off what the campaign is charged and off its app's promotion.
    const less = (value: string) => formatMoney(parseMoney(value) - parseMoney(refund));
    expect(await chargedAndPromotion(campaign.id)).toEqual({
      charged: less(campaign.price),
      promotion: less(promotionBefore),
    });
    // Checked again, nothing more is refunded for the same reviews.
    await checkGuarantees(t.deps, new Date(finished + 6 * DAY_MS));
    expect(Number(await main())).toBeCloseTo(before + Number(refund), 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    expect(await noticeTexts()).toContainEqual(
      expect.stringContaining(`8 reviews of campaign #${campaign.id} disappeared and could not be replaced`),
    );
  });

  it('checks for 3 weeks only: the last check runs at the guarantee’s end', async () => {
    const campaign = await completedCampaign();
    const until = Date.parse(campaign.guarantee_until!);
    await checkGuarantees(t.deps, new Date(until + 7 * DAY_MS));
    expect((await details(campaign.id)).guarantee!.checked_at).toBe(new Date(until).toISOString());
    await takeDown(campaign.id, 20);
    await checkGuarantees(t.deps, new Date(until + 8 * DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 0, refunded: 0 });
  });
});

describe('the offline store’s review losses', () => {
  it('takes down a fixed share over the guarantee, the same on every run', () => {
    const deliveredAt = new Date('2026-01-01T00:00:00Z');
    const end = new Date(deliveredAt.getTime() + REVIEW_GUARANTEE.guaranteeDays * DAY_MS);
    const reviews = Array.from({ length: 2000 }, (_, i) => ({
      id: i + 1,
      campaign_id: 7,
      delivered_at: deliveredAt,
    }));
    const goneAtEnd = reviews.filter((review) => !offlineReviewVisible(review, end)).length;
    expect(goneAtEnd / reviews.length).toBeGreaterThan(OFFLINE_REVIEW_LOSS - 0.03);
    expect(goneAtEnd / reviews.length).toBeLessThan(OFFLINE_REVIEW_LOSS + 0.03);
    const halfway = new Date(deliveredAt.getTime() + (end.getTime() - deliveredAt.getTime()) / 2);
    const goneHalfway = reviews.filter((review) => !offlineReviewVisible(review, halfway)).length;
    expect(goneHalfway).toBeGreaterThan(0);
    expect(goneHalfway).toBeLessThan(goneAtEnd);
    expect(reviews.map((review) => offlineReviewVisible(review, end))).toEqual(
      reviews.map((review) => offlineReviewVisible(review, end)),
    );
  });
});
