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
  offlineShownReviews,
} from '../../../providers/store/offline/review-visibility.js';
import {
  StoreError,
  type RecentReviews,
  type ReviewOptions,
  type StoreReview,
} from '../../../providers/store/store-provider.js';
import { balancesOf } from '../../ledger/ledger.js';
import { checkLedger } from '../../ledger/ledger-check.js';
import { deliveryTick } from './campaigns.delivery.js';
import { REFILL_GRACE_MS, checkGuarantees, type RefillStep } from './campaigns.guarantee-check.js';
import { normalizeReviewText, shownReviewIds } from './campaigns.guarantee-match.js';

/**
 * A store whose review page the test writes: it shows what the test published (`publish`), minus what it took
 * down, and fails while `failing`; `complete` false plays a listing that stops before the campaign's reviews.
 */
class ReviewStore extends ControllableStore {
  page: StoreReview[] = [];
  complete = true;
  readonly asked: { since: Date; options: ReviewOptions }[] = [];
  override async recentReviews(
    _app: unknown,
    _country: string,
    since: Date,
    options: ReviewOptions = {},
  ): Promise<RecentReviews> {
    this.asked.push({ since, options });
    if (this.failing) throw new StoreError('store down (test)', 503);
    return { reviews: [...this.page].reverse(), complete: this.complete };
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

let campaignSerial = 0;
/** Review texts, each its own (one app's store page holds the reviews of every campaign here). */
const reviews = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    title: `Review ${i + 1}`,
    body: `Works well and saves me time every day: order ${campaignSerial}, note ${i + 1}.`,
    rates: 5,
    gender: 'both',
    language: 'english',
  }));
const details = async (id: number): Promise<Campaign> =>
  (await t.call('GET', `campaigns/${id}`, auth)).json().data;
const main = async () => (await balancesOf(t.deps.db, userId)).main;
const noticeTexts = async (who: Auth = auth): Promise<string[]> =>
  (await t.call('GET', 'notices', who)).json().data.map((notice: { text: string }) => notice.text);

let storeIds = 0;
/** Posts the campaign's texts to the store page (as the store shows them: `shows`), newest last. */
async function publish(campaign: Campaign, shows: (text: string) => string = (text) => text, count = 40) {
  for (const review of campaign.reviews!.slice(0, count))
    store.page.push({
      id: `gp:${(storeIds += 1)}`,
      author: 'A reviewer',
      title: null,
      text: shows(review.body),
      rating: review.rates,
      at: new Date().toISOString(),
    });
}

/** Takes `count` of the campaign's reviews off the store page. */
function takeDown(campaign: Campaign, count: number) {
  const bodies = new Set(campaign.reviews!.map((review) => normalizeReviewText(review.body)));
  for (let left = count; left > 0; left -= 1) {
    const at = store.page.findIndex((review) => bodies.has(normalizeReviewText(review.text)));
    store.page.splice(at, 1);
  }
}

/** A guaranteed-reviews campaign of 40 reviews, moderated, delivered, completed and shown in the store. */
async function completedCampaign(): Promise<Campaign> {
  campaignSerial += 1;
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
  await publish(done);
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

/** A refill step that answers `outcome` and notes what it was asked (every campaign here is checked in a pass). */
function refillAnswering(outcome: Awaited<ReturnType<RefillStep>>) {
  const calls: [number, number][] = [];
  const step: RefillStep = async (_deps, campaignId, missing) => {
    calls.push([campaignId, missing]);
    return outcome;
  };
  return { step, callsFor: (id: number) => calls.filter(([campaignId]) => campaignId === id) };
}

describe('the review guarantee', () => {
  it('records the delivered reviews with their texts and shows the guarantee on the details', async () => {
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
    const texts = await t.deps.db
      .select({ review_id: guaranteedReviews.review_id })
      .from(guaranteedReviews)
      .where(eq(guaranteedReviews.campaign_id, campaign.id));
    expect(new Set(texts.map((row) => row.review_id)).size).toBe(40);
  });

  it('lets up to 10 of each 100 go; below that the sandbox vendor re-orders the missing ones at no charge', async () => {
    const hook = await t.call('POST', 'webhooks', auth, {
      url: 'https://hooks.example.com/in',
      events: ['guarantee.event'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const before = await main();

    takeDown(campaign, 4); // 36 of 40 stay: 90 %, kept
    await checkGuarantees(t.deps, new Date(finished + DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 36, refilled: 0, refunded: 0 });
    // The store is read from the campaign's start: its reviews were posted while it ran.
    expect(store.asked.at(-1)!.since.toISOString()).toBe(campaign.started_at);

    takeDown(campaign, 1); // 35 of 40: below 90 %
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

    // The vendor posts the refill over hours: not shown yet within the grace, the refilled reviews are not gone.
    await checkGuarantees(t.deps, new Date(finished + 2 * DAY_MS + REFILL_GRACE_MS / 2));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 5 });
    // Posted again, they are found by their texts after the grace too.
    await publish(campaign, undefined, 40);
    await checkGuarantees(t.deps, new Date(finished + 2 * DAY_MS + REFILL_GRACE_MS + DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 5, refunded: 0 });
  });

  it('asks the vendor to refill outside the lock and records its answer', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const refill = refillAnswering('refilled');
    takeDown(campaign, 6);
    await checkGuarantees(t.deps, new Date(finished + DAY_MS), refill.step);
    expect(refill.callsFor(campaign.id)).toEqual([[campaign.id, 6]]);
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 6, refunded: 0 });
    // The refill posts the texts of the reviews that went.
    const rows = await t.deps.db
      .select()
      .from(guaranteedReviews)
      .where(eq(guaranteedReviews.campaign_id, campaign.id));
    const gone = rows.filter((row) => row.gone_at).map((row) => row.review_id);
    const refilled = rows.filter((row) => row.is_refill).map((row) => row.review_id);
    expect(refilled.sort()).toEqual(gone.sort());
    await publish(campaign); // the vendor posts them
  });

  it('takes a new order to post the campaign’s texts from the first', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    takeDown(campaign, 5);
    await checkGuarantees(t.deps, new Date(finished + DAY_MS), refillAnswering('reordered').step);
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 5 });
    const rows = await t.deps.db
      .select()
      .from(guaranteedReviews)
      .where(eq(guaranteedReviews.campaign_id, campaign.id));
    const texts = (refill: boolean) =>
      rows
        .filter((row) => row.is_refill === refill)
        .map((row) => row.review_id!)
        .sort((a, b) => a - b);
    expect(texts(true)).toEqual(texts(false).slice(0, 5));
    // The vendor posts them: the store shows the first texts twice, and both count.
    await publish(campaign, undefined, 5);
    await checkGuarantees(t.deps, new Date(finished + DAY_MS + REFILL_GRACE_MS + DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 5, refunded: 0 });
  });

  it('refunds the missing reviews through the ledger when the vendor can neither refill nor re-order; the ledger stays clean', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const refill = refillAnswering('unavailable');
    const before = Number(await main());
    const { charged, promotion: promotionBefore } = await chargedAndPromotion(campaign.id);
    expect(charged).toBe(campaign.price);
    // Each missing review is refunded at the price it was bought for.
    const refund = formatMoney((parseMoney(campaign.price) * 8n) / 40n);

    takeDown(campaign, 8); // 32 of 40
    await checkGuarantees(t.deps, new Date(finished + 5 * DAY_MS), refill.step);
    expect(refill.callsFor(campaign.id)).toEqual([[campaign.id, 8]]);
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
    await checkGuarantees(t.deps, new Date(finished + 6 * DAY_MS), refill.step);
    expect(refill.callsFor(campaign.id)).toHaveLength(1);
    expect(Number(await main())).toBeCloseTo(before + Number(refund), 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    expect(await noticeTexts()).toContainEqual(
      expect.stringContaining(`8 reviews of campaign #${campaign.id} disappeared and could not be replaced`),
    );
  });

  it('refunds by default where the campaign’s vendor is an HTTP vendor (no refill in its protocol)', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const vendor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/vendors',
      headers: admin,
      payload: {
        vendor: `API vendor ${campaign.id}`,
        api_url: 'https://vendor.example.com/api',
        protocol: 'json',
      },
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    await t.deps.db
      .update(campaigns)
      .set({ vendor_id: vendor.json().data.id })
      .where(eq(campaigns.id, campaign.id));
    takeDown(campaign, 5);
    await checkGuarantees(t.deps, new Date(finished + DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ delivered: 35, refunded: 5, refilled: 0 });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('finds the texts as the store shows them: case, spaces, punctuation and a cut text', async () => {
    campaignSerial += 1;
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    store.page = store.page.filter((review) => !review.text.includes(`order ${campaignSerial},`));
    const shows = [
      (text: string) => text.toUpperCase(),
      (text: string) => `  ${text.replace(/ /g, '\n  ')}  `,
      (text: string) => text.replace(/:/g, ' —').replace(/,/g, '‚'),
      (text: string) => `${text.slice(0, -6)}…`,
    ];
    for (const [i, review] of campaign.reviews!.entries())
      store.page.push({
        id: `styled:${campaign.id}:${i}`,
        author: 'A reviewer',
        title: null,
        text: shows[i % shows.length]!(review.body),
        rating: 5,
        at: new Date().toISOString(),
      });
    await checkGuarantees(t.deps, new Date(finished + DAY_MS), refillAnswering('unavailable').step);
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refunded: 0 });
  });

  it('checks for 3 weeks only: the last check runs at the guarantee’s end', async () => {
    const campaign = await completedCampaign();
    const until = Date.parse(campaign.guarantee_until!);
    await checkGuarantees(t.deps, new Date(until + DAY_MS));
    expect((await details(campaign.id)).guarantee!.checked_at).toBe(new Date(until).toISOString());
    takeDown(campaign, 20);
    await checkGuarantees(t.deps, new Date(until + 2 * DAY_MS));
    expect((await details(campaign.id)).guarantee).toMatchObject({ stayed: 40, refilled: 0, refunded: 0 });
  });
});

describe('a store whose reviews cannot be read', () => {
  it('after a day of failed reads says "not monitored" and tells staff once; a read that works again recovers', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    const staffNotices = async () =>
      (await noticeTexts(admin)).filter((text) => new RegExp(`#${campaign.id}\\b`).test(text));
    const refill = refillAnswering('unavailable');
    await checkGuarantees(t.deps, new Date(finished + DAY_MS), refill.step);
    const checkedAt = new Date(finished + DAY_MS).toISOString();

    store.failing = true;
    try {
      takeDown(campaign, 20);
      for (const hours of [1, 12, 24]) {
        await checkGuarantees(t.deps, new Date(finished + DAY_MS + hours * 3_600_000), refill.step);
        expect((await details(campaign.id)).guarantee).toMatchObject({
          monitored: true,
          checked_at: checkedAt,
        });
      }
      expect(await staffNotices()).toEqual([]);
      for (const hours of [26, 30, 48]) {
        await checkGuarantees(t.deps, new Date(finished + DAY_MS + hours * 3_600_000), refill.step);
        expect((await details(campaign.id)).guarantee).toMatchObject({
          monitored: false,
          checked_at: checkedAt,
        });
      }
    } finally {
      store.failing = false;
    }
    // One notice to staff for the episode, none to the customer; nothing refunded while unread.
    expect(await staffNotices()).toEqual([expect.stringContaining('not monitored')]);
    expect(await noticeTexts()).not.toContainEqual(expect.stringContaining('not monitored'));
    expect(refill.callsFor(campaign.id)).toEqual([]);

    // Read again: monitored, and what went meanwhile is made good.
    await checkGuarantees(t.deps, new Date(finished + 4 * DAY_MS), refill.step);
    expect((await details(campaign.id)).guarantee).toMatchObject({
      monitored: true,
      stayed: 20,
      refunded: 20,
      checked_at: new Date(finished + 4 * DAY_MS).toISOString(),
    });
    expect(refill.callsFor(campaign.id)).toEqual([[campaign.id, 20]]);

    // A new run of failures is a new episode: one more notice after its first day.
    store.failing = true;
    try {
      await checkGuarantees(t.deps, new Date(finished + 5 * DAY_MS), refill.step);
      await checkGuarantees(t.deps, new Date(finished + 6 * DAY_MS + 3_600_000), refill.step);
      await checkGuarantees(t.deps, new Date(finished + 6 * DAY_MS + 7_200_000), refill.step);
    } finally {
      store.failing = false;
    }
    expect(await staffNotices()).toHaveLength(2);
  });

  it('counts a listing that stops before the campaign’s reviews as a failed read, not as reviews gone', async () => {
    const campaign = await completedCampaign();
    const finished = Date.parse(campaign.finished_at!);
    store.complete = false;
    try {
      takeDown(campaign, 10);
      await checkGuarantees(t.deps, new Date(finished + DAY_MS), refillAnswering('unavailable').step);
      expect((await details(campaign.id)).guarantee).toMatchObject({
        stayed: 40,
        checked_at: null,
        monitored: true,
      });
    } finally {
      store.complete = true;
    }
  });

  it('says "not monitored" at once where the store provider cannot read reviews at all', async () => {
    const campaign = await completedCampaign();
    store.canCheckReviews = false;
    try {
      await checkGuarantees(t.deps, new Date(Date.parse(campaign.finished_at!) + DAY_MS));
      expect((await details(campaign.id)).guarantee).toMatchObject({ monitored: false, checked_at: null });
      const about = (await noticeTexts(admin)).filter((text) => new RegExp(`#${campaign.id}\\b`).test(text));
      expect(about).toHaveLength(1);
    } finally {
      store.canCheckReviews = true;
    }
  });
});

describe('matching texts', () => {
  const shown = (text: string, title: string | null = null): StoreReview => ({
    id: text,
    author: '',
    title,
    text,
    rating: 5,
    at: '2026-11-01T00:00:00.000Z',
  });
  const ordered = [
    { id: 1, title: 'Great', body: 'Helps me every single morning with my workout plan, really.' },
    { id: 2, title: 'Nice', body: 'Helps me every single morning with my workout plan, really.' },
    { id: 3, title: 'Meh', body: 'Too many ads for my taste, but the exercises are good.' },
  ];

  it('pairs one shown review with one delivered review: two deliveries of a text need two reviews', () => {
    expect(shownReviewIds(ordered, [shown(ordered[0]!.body)])).toEqual(new Set([1]));
    expect(shownReviewIds(ordered, [shown(ordered[0]!.body), shown(ordered[0]!.body)])).toEqual(
      new Set([1, 2]),
    );
  });

  it('takes a title the store runs into the text, a title of its own, and a cut long enough to tell', () => {
    expect(shownReviewIds(ordered, [shown(`Meh. ${ordered[2]!.body}`)])).toEqual(new Set([3]));
    expect(shownReviewIds(ordered, [shown(ordered[2]!.body, 'Meh')])).toEqual(new Set([3]));
    expect(shownReviewIds(ordered, [shown('Too many ads for my taste, but the exercises a…')])).toEqual(
      new Set([3]),
    );
    expect(shownReviewIds(ordered, [shown('Too many ads…')])).toEqual(new Set());
    // Templated texts share their opening: a cut before the text's half tells nothing.
    const long = {
      id: 4,
      title: 'Love',
      body: 'Helps me every single morning with my workout plan; the timer, the music and the coach are great.',
    };
    expect(shownReviewIds([long], [shown('Helps me every single morning with my…')])).toEqual(new Set());
    expect(shownReviewIds([long], [shown(`${long.body.slice(0, 70)}…`)])).toEqual(new Set([4]));
    expect(shownReviewIds(ordered, [shown('Too many ads for my taste, but the exercises are bad.')])).toEqual(
      new Set(),
    );
  });

  it('normalizes case, compatibility forms, punctuation and spaces', () => {
    expect(normalizeReviewText('  ＨＥＬＬＯ,\n\tworld — it’s “fine”!  ')).toBe('hello world it s fine');
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

  it('shows the posted reviews it has not taken down, newest first, as a store shows texts', () => {
    const posted = [1, 2, 3].map((id) => ({
      id,
      campaign_id: 7,
      delivered_at: new Date(Date.UTC(2026, 0, id)),
      title: ' A  title ',
      body: `Body  number\n${id} `,
      rating: 4,
    }));
    const google = offlineShownReviews(
      1,
      posted,
      new Date(Date.UTC(2026, 0, 2)),
      new Date(Date.UTC(2026, 0, 4)),
    );
    expect(google.map((review) => [review.text, review.title])).toEqual([
      ['Body number 3', null],
      ['Body number 2', null],
    ]);
    const apple = offlineShownReviews(2, posted, new Date(0), new Date(Date.UTC(2026, 0, 4)));
    expect(apple[0]).toMatchObject({
      title: 'A title',
      rating: 4,
      at: posted[2]!.delivered_at.toISOString(),
    });
  });
});
