import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DAY_MS,
  CAMPAIGN_MESSAGES,
  formatMoney,
  parseMoney,
  reviewSchema,
  type Campaign,
  type Review,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import {
  makeApp,
  makeKeywords,
  makeTopUp,
  makeUser,
  directInstallsBody as direct,
} from '../../../test/factories.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { campaigns, keywords } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { REVIEW_POOL } from '../reviews/reviews.pool.js';
import { deliveryTick } from './delivery/campaigns.delivery.js';
import { smartSplit, smartWeight } from './campaigns.plan.js';

type Auth = { authorization: string };
let t: TestApp;
let auth: Auth;
let userId: number;
let admin: Auth;

// Base plan on Google Play: guaranteed review 2.50, rate 0.30, review 1.00, impression 0.01, keyword 0.16.
const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  title: `Review ${n}`,
  body: 'Works well and saves me time every day.',
  rates: 5,
  gender: 'both',
  language: 'english',
  ...overrides,
});
const reviews = (count: number) => Array.from({ length: count }, (_, i) => review(i + 1));
const hq = (overrides: Record<string, unknown> = {}) =>
  direct({ productType: 5, installs: 1, days: 2, checkedTerms: true, reviews: reviews(2), ...overrides });
const rates = (overrides: Record<string, unknown> = {}) =>
  direct({ productType: 6, installs: 10, days: 2, checkedTerms: true, rateType: 1, ...overrides });
const plainReviews = (overrides: Record<string, unknown> = {}) =>
  direct({ productType: 7, installs: 5, days: 1, checkedTerms: true, reviewMode: 2, ...overrides });
const impressions = (overrides: Record<string, unknown> = {}) =>
  direct({
    productType: 8,
    installs: 100,
    days: 2,
    serializedChildKeywords: ['fitness', 'workout'],
    ...overrides,
  });
const smart = (overrides: Record<string, unknown> = {}) =>
  direct({
    productType: 2,
    smart: true,
    budget: '48',
    days: 2,
    serializedChildKeywords: ['step counter', 'fitness app', 'free text keyword'],
    ...overrides,
  });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Auth = auth) =>
  t.call(method, url, headers, payload);
async function order(body: object, headers: Auth = auth): Promise<Campaign> {
  const res = await call('POST', 'campaigns', body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const details = async (id: number): Promise<Campaign> => (await call('GET', `campaigns/${id}`)).json().data;
const staff = (url: string) => t.app.inject({ method: 'GET', url: `/api/admin/v1/${url}`, headers: admin });
const main = async () => (await balancesOf(t.deps.db, userId)).main;

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  auth = user.auth;
  userId = user.user.id;
  const app = await makeApp(t.deps, userId);
  await makeApp(t.deps, userId, { appstore: 2, package: DEMO_APPS.appStore.fitness });
  // Tracked keywords with statistics for the smart split: a busy one near the top, a quiet one far down.
  const rows = await makeKeywords(t.deps, app, ['step counter', 'fitness app']);
  for (const row of rows) {
    const stats = row.keyword === 'step counter' ? { searches: 400, rank: 2 } : { searches: 100, rank: 101 };
    await t.deps.db.update(keywords).set(stats).where(eq(keywords.id, row.id));
  }
  await makeTopUp(t.deps.db, userId, '900');
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

describe('formulas', () => {
  it('weighs a keyword by √searches and its distance to the top', () => {
    expect(smartWeight({ searches: 400, rank: 1 })).toBe(20);
    expect(smartWeight({ searches: 400, rank: 51 })).toBe(40);
    // Unknown: 100 searches, unranked (251).
    expect(smartWeight({ searches: null, rank: null })).toBe(60);
  });

  it('gives every keyword the minimum, then the rest by weight, never over the maximum', () => {
    const split = smartSplit(
      100,
      2,
      [
        { searches: 400, rank: 1 },
        { searches: 400, rank: 51 },
      ],
      5,
      5000,
    );
    expect(split).toEqual([37, 63]); // 10 each, then 80 split 20 : 40 (26.7 → 27, 53.3 → 53)
    expect(
      smartSplit(
        30,
        1,
        [
          { searches: 1, rank: 1 },
          { searches: 10_000, rank: 250 },
        ],
        5,
        20,
      ),
    ).toEqual([10, 20]);
  });

  it('keeps every review of the built-in pool within the review rule', () => {
    for (const [language, moods] of Object.entries(REVIEW_POOL))
      for (const entries of Object.values(moods)) {
        expect(entries.length).toBeGreaterThanOrEqual(6);
        for (const entry of entries)
          expect(reviewSchema.safeParse({ ...entry, rates: 5, gender: 'both', language }).success).toBe(true);
      }
    expect(REVIEW_POOL.russian.good.length).toBeGreaterThanOrEqual(20);
  });
});

describe('rules of rates, reviews, impressions and smart campaigns', () => {
  const ios = { appstore: 2, packageId: DEMO_APPS.appStore.fitness };
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'rates without the terms',
      rates({ checkedTerms: false }),
      'checkedTerms',
      CAMPAIGN_MESSAGES.campaignTermsRequired,
    ],
    [
      'reviews without the terms',
      plainReviews({ checkedTerms: undefined }),
      'checkedTerms',
      CAMPAIGN_MESSAGES.campaignTermsRequired,
    ],
    [
      'guaranteed reviews without the terms',
      hq({ checkedTerms: false }),
      'checkedTerms',
      CAMPAIGN_MESSAGES.campaignTermsRequired,
    ],
    ['rates under 5 a day', rates({ installs: 4 }), 'installs', CAMPAIGN_MESSAGES.campaignInstallsRange],
    [
      'guaranteed reviews on the App Store under 5',
      hq({ ...ios, reviews: reviews(2) }),
      'installs',
      CAMPAIGN_MESSAGES.campaignInstallsRange,
    ],
    [
      'custom reviews fewer than ordered',
      hq({ reviews: reviews(1) }),
      'reviews',
      'Add one review for each install ordered: 2',
    ],
    [
      'custom reviews missing',
      plainReviews({ reviewMode: 1 }),
      'reviews',
      'Add one review for each install ordered: 5',
    ],
    [
      'custom reviews over 500',
      plainReviews({ reviewMode: 1, installs: 100, days: 6 }),
      'reviews',
      CAMPAIGN_MESSAGES.campaignReviewsMax,
    ],
    [
      'a review title too short',
      hq({ reviews: [review(1), review(2, { title: 'A' })] }),
      'reviews.1.title',
      CAMPAIGN_MESSAGES.reviewTitleLength,
    ],
    [
      'a review body too long',
      hq({ reviews: [review(1, { body: 'x'.repeat(501) }), review(2)] }),
      'reviews.0.body',
      CAMPAIGN_MESSAGES.reviewBodyLength,
    ],
    [
      'a review rating of 6',
      hq({ reviews: [review(1, { rates: 6 }), review(2)] }),
      'reviews.0.rates',
      CAMPAIGN_MESSAGES.reviewRatesRange,
    ],
    [
      'a review language',
      hq({ reviews: [review(1, { language: 'german' as 'english' }), review(2)] }),
      'reviews.0.language',
      CAMPAIGN_MESSAGES.reviewLanguageInvalid,
    ],
    ['a rate type 5', rates({ rateType: 5 }), 'rateType', ''],
    ['a review mode 3', plainReviews({ reviewMode: 3 }), 'reviewMode', ''],
    ['an author gender', plainReviews({ gender: 'robot' }), 'gender', CAMPAIGN_MESSAGES.reviewGenderInvalid],
    [
      'a delayed start of guaranteed reviews',
      hq({ start_at: new Date(Date.now() + 3_600_000).toISOString() }),
      'start_at',
      CAMPAIGN_MESSAGES.campaignReviewsNoDelay,
    ],
    ['rates over 60 days', rates({ days: 61 }), 'days', CAMPAIGN_MESSAGES.campaignDaysMax],
    [
      'an impressions keyword with symbols',
      impressions({ serializedChildKeywords: ['#x'] }),
      'serializedChildKeywords',
      '',
    ],
    [
      'a smart campaign without a budget',
      smart({ budget: undefined }),
      'budget',
      CAMPAIGN_MESSAGES.campaignSmartBudgetRequired,
    ],
    [
      'a smart budget as a float',
      smart({ budget: 10.5 }),
      'budget',
      CAMPAIGN_MESSAGES.campaignSmartBudgetRequired,
    ],
    [
      'a smart budget under the minimum',
      smart({ budget: '4' }),
      'budget',
      'The budget must cover at least 5 installs per keyword per day: 4.8000',
    ],
    [
      'a smart budget over the maximum',
      smart({ budget: '9999999', days: 1 }),
      'budget',
      CAMPAIGN_MESSAGES.campaignSmartBudgetMax,
    ],
    [
      'a smart campaign of direct installs',
      direct({ smart: true, budget: '10' }),
      'smart',
      CAMPAIGN_MESSAGES.campaignProductUnavailable,
    ],
  ];
  it.each(cases)(
    'refuses %s with 422 on the field and writes nothing',
    async (_name, body, field, message) => {
      const [before] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
      const res = await call('POST', 'campaigns', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)[field], res.body).toBeDefined();
      if (message) expect(errorsOf(res)[field]).toContain(message);
      const [after] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
      expect(after!.n).toBe(before!.n);
    },
  );

  it('quotes every type from its pricetag; guaranteed reviews on Google Play from 1 a day, no texts needed', async () => {
    const quote = async (body: object) => {
      const res = await call('POST', 'campaigns/quote', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await quote(hq({ reviews: [], checkedTerms: false }))).toMatchObject({
      unit_price: '2.5000',
      installs_total: 2,
      price: '5.0000',
    });
    expect(await quote(rates())).toMatchObject({ unit_price: '0.3000', price: '6.0000' });
    expect(await quote(plainReviews())).toMatchObject({ unit_price: '1.0000', price: '5.0000' });
    expect(await quote(impressions())).toMatchObject({
      unit_price: '0.0100',
      installs_total: 400,
      price: '4.0000',
    });
  });

  it('plans rates, reviews and guaranteed reviews from their installs map (§3 draft), the others ignored', async () => {
    const maps = { rate: { '1': 12, '2': 8 }, review: { '1': 99 }, hq: { '2': 3 } };
    const quoted = await call('POST', 'campaigns/quote', rates({ installsMaps: maps }));
    expect(quoted.json().data).toMatchObject({ installs_total: 20, sequence: [12, 8], price: '6.0000' });
    // Days the map leaves out get none; the minimum total still holds.
    const hqQuote = await call(
      'POST',
      'campaigns/quote',
      hq({ reviews: [], checkedTerms: false, installsMaps: maps }),
    );
    expect(hqQuote.json().data).toMatchObject({ installs_total: 3, sequence: [0, 3] });
    const tooFew = await call(
      'POST',
      'campaigns/quote',
      rates({ installsMaps: { rate: { '1': 4, '2': 5 } } }),
    );
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().errors.installs).toEqual(['Minimum installs should be 5 * 2']);
    // The code and its values beside the text, for a client to write it in its own language.
    expect(tooFew.json().error_codes.installs).toEqual([
      { code: 'campaign.campaignMinInstalls', params: { minInstalls: 5, days: 2 } },
    ]);
    // A day beyond the campaign, a bad day or a bad count: 422 on the map.
    const beyond = await call('POST', 'campaigns/quote', rates({ installsMaps: { rate: { '3': 10 } } }));
    expect(beyond.json().errors.installsMaps).toEqual([CAMPAIGN_MESSAGES.campaignPlanLength]);
    const badDay = await call('POST', 'campaigns/quote', rates({ installsMaps: { rate: { first: 10 } } }));
    expect(badDay.statusCode).toBe(422);
    const badCount = await call('POST', 'campaigns/quote', rates({ installsMaps: { rate: { '1': 5001 } } }));
    expect(badCount.statusCode).toBe(422);
    // An explicit installsPlan comes first; the ordered campaign keeps the plan it was given.
    const ordered = await order(rates({ installsMaps: maps, installsPlan: [10, 10] }));
    expect(ordered.installsPlan).toEqual([10, 10]);
    expect((await order(rates({ installsMaps: maps }))).installsPlan).toEqual([12, 8]);
  });

  it('spreads a smart budget over the keywords by searches and distance to the top', async () => {
    const res = await call('POST', 'campaigns/quote', smart());
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // 48 / 0.16 = 300 installs; 10 per keyword first (5 × 2 days), the other 270 by weight:
    // step counter √400 × 1.02 = 20.4, fitness app √100 × 3 = 30, free text √100 × 6 = 60
    // → 49.9, 73.4, 146.7 → 50, 73, 147 by largest remainder.
    expect(data.installs_total).toBe(300);
    expect(data.price).toBe('48.0000');
    expect(data.orders).toEqual([
      { keyword: 'step counter', installs_total: 60, sequence: [30, 30] },
      { keyword: 'fitness app', installs_total: 83, sequence: [42, 41] },
      { keyword: 'free text keyword', installs_total: 157, sequence: [79, 78] },
    ]);
    expect(data.sequence).toEqual([151, 149]);
    const campaign = await order(smart({ draft: true }));
    expect(campaign).toMatchObject({ smart: true, budget: '48.0000', installs_total: 300, type: 2 });
    expect(campaign.orders!.map((o) => o.installs_total)).toEqual([60, 83, 157]);
  });
});

describe('guaranteed reviews: moderation with money', () => {
  it('charges on order and waits in moderation; staff start activates without a second charge', async () => {
    const before = Number(await main());
    const ordered = new Date();
    const res = await call('POST', 'campaigns', hq());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(CAMPAIGN_MESSAGES.campaignSentToModeration);
    const campaign = res.json().data as Campaign;
    expect(campaign.status).toBe('moderation');
    expect(campaign.price).toBe('5.0000');
    expect(campaign.status_history!.map((h) => `${h.from}>${h.to}`)).toEqual([
      'null>draft',
      'draft>moderation',
    ]);
    const until = new Date(campaign.moderation_until!).getTime();
    expect(until - ordered.getTime()).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(until - ordered.getTime()).toBeLessThanOrEqual(48 * 3_600_000 + 5000);
    expect(campaign.reviews).toEqual(reviews(2));
    expect(campaign).toMatchObject({ rateType: 2, reviewMode: 1, checkedTerms: true, guarantee_until: null });
    expect(Number(await main())).toBeCloseTo(before - 5, 4);

    expect((await call('GET', `campaigns/${campaign.id}/start`)).statusCode).toBe(409);
    const started = await staff(`campaigns/${campaign.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'active', moderation_until: null });
    expect(Number(await main())).toBeCloseTo(before - 5, 4);

    // Delivered: the 3-week guarantee runs from completion.
    await deliveryTick(t.deps, new Date(Date.now() + 3 * DAY_MS));
    const done = await details(campaign.id);
    expect(done.status).toBe('completed');
    expect(new Date(done.guarantee_until!).getTime() - new Date(done.finished_at!).getTime()).toBe(
      21 * DAY_MS,
    );
  });

  it('a staff reject refunds the charge; a draft goes to moderation when the customer starts it', async () => {
    const before = Number(await main());
    const campaign = await order(hq({ reviewMode: 2, reviews: undefined, installs: 2, language: 'spanish' }));
    expect(Number(await main())).toBeCloseTo(before - 10, 4);
    // Generated guaranteed reviews get their texts at the order (the guarantee looks them up in the store):
    // one per review, in the language asked, with the stars of the rate type (positive-average: 4).
    expect(campaign.reviews).toHaveLength(4);
    expect(campaign.reviews!.every((review) => review.language === 'spanish' && review.rates === 4)).toBe(
      true,
    );
    const rejected = await staff(`campaigns/${campaign.id}/rejected`);
    expect(rejected.json().data.status).toBe('rejected');
    expect(Number(await main())).toBeCloseTo(before, 4);

    const draft = await order(hq({ draft: true, checkedTerms: false }));
    expect(draft.status).toBe('draft');
    const refused = await call('GET', `campaigns/${draft.id}/start`);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).checkedTerms).toEqual([CAMPAIGN_MESSAGES.campaignTermsRequired]);
    const edited = await call('PUT', `campaigns/${draft.id}`, hq());
    expect(edited.statusCode, edited.body).toBe(200);
    const sent = await call('GET', `campaigns/${draft.id}/start`);
    expect(sent.json().data.status).toBe('moderation');
    expect(Number(await main())).toBeCloseTo(before - 5, 4);
    expect((await call('GET', `campaigns/${draft.id}/cancel`)).json().data.status).toBe('canceled');
    expect(Number(await main())).toBeCloseTo(before, 4);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('rates, reviews and impressions run like installs', () => {
  it('orders rates and generated reviews: charged, active, delivered over days', async () => {
    const before = Number(await main());
    const rate = await order(rates({ gender: 'female' }));
    expect(rate).toMatchObject({
      status: 'active',
      price: '6.0000',
      rateType: 1,
      gender: 'female',
      reviewMode: null,
    });
    const generated = await order(plainReviews({ language: 'spanish' }));
    expect(generated).toMatchObject({ status: 'active', reviewMode: 2, language: 'spanish', reviews: [] });
    expect(Number(await main())).toBeCloseTo(before - 11, 4);
    await deliveryTick(t.deps, new Date(Date.now() + DAY_MS + 60_000));
    expect((await details(rate.id)).installs_actual).toBe(10);
    expect((await details(generated.id)).status).toBe('completed');
  });

  it('merges impressions orders per day for the customer and for staff', async () => {
    const campaign = await order(impressions({ draft: true }));
    expect(campaign.installs_total).toBe(400);
    expect(campaign.orders).toHaveLength(1);
    expect(campaign.orders![0]).toMatchObject({ type: 8, keyword: null, installs_total: 400 });
    expect(campaign.orders![0]!.sequence.map((d) => d.installs_total)).toEqual([200, 200]);
    const asStaff = (await staff(`campaigns/${campaign.id}`)).json().data as Campaign;
    expect(asStaff.orders).toEqual(campaign.orders);
    const single = await order(impressions({ draft: true, serializedChildKeywords: undefined }));
    expect(single.orders![0]).toMatchObject({ installs_total: 200, keyword: null });
  });
});

describe('edit, favorite and filters', () => {
  it('edits a draft: re-priced, status kept, a history row', async () => {
    const draft = await order(rates({ draft: true }));
    const res = await call(
      'PUT',
      `campaigns/${draft.id}`,
      rates({ installs: 20, description: 'More please' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CAMPAIGN_MESSAGES.campaignSaved);
    const edited = res.json().data as Campaign;
    expect(edited).toMatchObject({ status: 'draft', installs: 20, installs_total: 40, price: '12.0000' });
    expect(edited.description).toBe('More please');
    expect(edited.orders).toHaveLength(1);
    expect(edited.status_history!.at(-1)).toMatchObject({ from: 'draft', to: 'draft', reason: 'Edited' });
  });

  it('edits a delayed campaign and reschedules its start; it needs a start time', async () => {
    const first = new Date(Date.now() + 3_600_000);
    const delayed = await order(direct({ start_at: first.toISOString() }));
    expect(delayed.status).toBe('delayed');
    const later = new Date(Date.now() + 7_200_000);
    const res = await call(
      'PUT',
      `campaigns/${delayed.id}`,
      direct({ start_at: later.toISOString(), installs: 12 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'delayed', start_at: later.toISOString(), installs: 12 });
    const jobs = await t.deps.db.execute(
      sql`select start_after from pgboss.job where name = 'campaigns.start' and data->>'campaignId' = ${String(delayed.id)} order by start_after`,
    );
    const times = (jobs as unknown as { rows: { start_after: Date | string }[] }).rows.map((row) =>
      new Date(row.start_after).getTime(),
    );
    expect(times).toContain(later.getTime());
    const noTime = await call('PUT', `campaigns/${delayed.id}`, direct());
    expect(noTime.statusCode).toBe(422);
    expect(errorsOf(noTime).start_at).toEqual([CAMPAIGN_MESSAGES.campaignDateEmpty]);
  });

  it('refuses to edit a running, legacy or foreign campaign', async () => {
    const active = await order(direct());
    const running = await call('PUT', `campaigns/${active.id}`, direct());
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe('This action is not allowed for a campaign in status active');
    const legacy = await order(direct({ draft: true }));
    await t.deps.db.update(campaigns).set({ is_legacy: true }).where(eq(campaigns.id, legacy.id));
    const refused = await call('PUT', `campaigns/${legacy.id}`, direct());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CAMPAIGN_MESSAGES.campaignLegacy);
    const other = await makeUser(t.deps.db);
    expect((await call('PUT', `campaigns/${legacy.id}`, direct(), other.auth)).statusCode).toBe(404);
    const bad = await call('PUT', `campaigns/${legacy.id}`, { ...direct(), installs: 'x' });
    expect(bad.statusCode).toBe(422);
  });

  it('toggles the favorite flag and filters the list by it', async () => {
    const campaign = await order(direct({ draft: true }));
    expect(campaign.favorite).toBe(false);
    const on = await call('PUT', 'campaigns/toggle', { id: campaign.id, favorite: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.favorite).toBe(true);
    const favorites = (await call('GET', 'campaigns?favorite=1&limit=100')).json();
    expect(favorites.data.map((c: Campaign) => c.id)).toEqual([campaign.id]);
    expect((await call('PUT', 'campaigns/toggle', { id: campaign.id })).json().data.favorite).toBe(false);
    expect((await call('GET', 'campaigns?favorite=true')).json().meta.total).toBe(0);
    const other = await makeUser(t.deps.db);
    expect((await call('PUT', 'campaigns/toggle', { id: campaign.id }, other.auth)).statusCode).toBe(404);
    expect((await call('PUT', 'campaigns/toggle', { id: 'x' })).statusCode).toBe(422);
  });

  it('answers the filter options of the user’s own campaigns', async () => {
    const res = await call('POST', 'campaigns/get-filters');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.apps).toEqual([
      expect.objectContaining({
        appstore: 1,
        package: DEMO_APPS.googlePlay.fitness,
        title: expect.any(String),
      }),
    ]);
    expect(data.apps[0].title).not.toBe(DEMO_APPS.googlePlay.fitness);
    expect(data.countries).toEqual([expect.objectContaining({ code: 'US' })]);
    expect(data.productTypes).toEqual([1, 2, 5, 6, 7, 8]);
    const other = await makeUser(t.deps.db);
    expect((await call('POST', 'campaigns/get-filters', undefined, other.auth)).json().data).toEqual({
      apps: [],
      countries: [],
      productTypes: [],
    });
  });
});

describe('clone (repeat) of every type', () => {
  /** What a clone must carry over from its source: type, plan, settings, orders and review texts. */
  const shapeOf = (c: Campaign) => ({
    type: c.type,
    appstore: c.appstore,
    package: c.package,
    country: c.country,
    days: c.days,
    installs: c.installs,
    installs_total: c.installs_total,
    unit_price: c.unit_price,
    price: c.price,
    description: c.description,
    deliveryType: c.deliveryType,
    distribution: c.distribution,
    installsPlan: c.installsPlan,
    keywords: c.keywords,
    rateType: c.rateType,
    reviewMode: c.reviewMode,
    gender: c.gender,
    language: c.language,
    checkedTerms: c.checkedTerms,
    smart: c.smart,
    budget: c.budget,
    reviews: c.reviews,
    orders: c.orders!.map((o) => ({
      type: o.type,
      keyword: o.keyword,
      installs_total: o.installs_total,
      plan: o.sequence.map((d) => d.installs_total),
    })),
  });
  async function cloneOf(source: Campaign): Promise<Campaign> {
    const res = await call('POST', `campaigns/${source.id}/clone`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(`Saved as draft #${res.json().data.id}`);
    return res.json().data;
  }
  const setPricetag = (type: number, price: string) =>
    t.deps.db.execute(
      sql`update pricetags set price = ${price} where user_id = ${userId} and appstore = 1 and type = ${type}`,
    );

  it.each([
    [
      'direct installs (1) with a hand-made plan',
      direct({ days: 3, installsPlan: [5, 10, 15], description: 'Spring' }),
    ],
    [
      'keyword installs (2)',
      direct({ productType: 2, days: 2, serializedChildKeywords: ['fitness', 'yoga'] }),
    ],
    ['guaranteed reviews (5), custom texts', hq()],
    ['rates (6)', rates({ gender: 'male', rateType: 3 })],
    ['reviews (7), custom texts', plainReviews({ reviewMode: 1, reviews: reviews(5), language: 'russian' })],
    ['reviews (7), generated', plainReviews({ gender: 'female' })],
    ['impressions (8)', impressions({ distribution: 'increase' })],
    ['smart keyword installs', smart()],
  ])('%s: a new draft with the same plan, settings and texts', async (_, body) => {
    const source = await order({ ...body, draft: true });
    const clone = await cloneOf(source);
    expect(clone.id).not.toBe(source.id);
    expect(clone).toMatchObject({ status: 'draft', installs_actual: 0, start_at: null, favorite: false });
    expect(shapeOf(clone)).toEqual(shapeOf(source));
    expect(clone.status_history).toEqual([
      expect.objectContaining({ from: null, to: 'draft', reason: `Cloned from #${source.id}` }),
    ]);
    // The source is untouched.
    expect(shapeOf(await details(source.id))).toEqual(shapeOf(source));
  });

  it('clones a running campaign into a fresh draft that starts and charges on its own', async () => {
    const source = await order(rates());
    await deliveryTick(t.deps, new Date(Date.now() + DAY_MS / 2));
    expect((await details(source.id)).installs_actual).toBeGreaterThan(0);
    const clone = await cloneOf(source);
    expect(clone.orders!.flatMap((o) => o.sequence).every((d) => d.installs_actual === 0)).toBe(true);
    const before = await main();
    const started = await call('GET', `campaigns/${clone.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.status).toBe('active');
    expect(await main()).toBe(formatMoney(parseMoney(before) - parseMoney(clone.price)));
  });

  it('prices a clone from today’s pricetag; a smart budget is spread again at the new price', async () => {
    const plain = await order(
      direct({ productType: 2, days: 2, serializedChildKeywords: ['fitness'], draft: true }),
    );
    const source = await order(smart({ draft: true }));
    try {
      await setPricetag(2, '0.2');
      expect(await cloneOf(plain)).toMatchObject({
        unit_price: '0.2000',
        price: '4.0000',
        installs_total: 20,
      });
      const clone = await cloneOf(source);
      // 48 / 0.20 = 240 installs: still within the budget.
      expect(clone).toMatchObject({ smart: true, budget: '48.0000', unit_price: '0.2000', price: '48.0000' });
      expect(clone.installs_total).toBe(240);
      expect(clone.orders!.reduce((sum, o) => sum + o.installs_total, 0)).toBe(240);
      expect(clone.orders!.map((o) => o.keyword)).toEqual(source.orders!.map((o) => o.keyword));
      // A price the budget no longer covers (5 a keyword a day): 422 on budget, no draft.
      await setPricetag(2, '5');
      const res = await call('POST', `campaigns/${source.id}/clone`);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).budget![0]).toMatch(
        /^The budget must cover at least 5 installs per keyword per day/,
      );
    } finally {
      await setPricetag(2, '0.16');
    }
  });
});

describe('GET reviews/common', () => {
  it('answers 5 different reviews of the language, rating and gender', async () => {
    const res = await call('GET', 'reviews/common?language=spanish&gender=male&rates=4');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Review[];
    expect(data).toHaveLength(5);
    expect(new Set(data.map((r) => r.body)).size).toBe(5);
    for (const r of data) {
      expect(r).toMatchObject({ language: 'spanish', gender: 'male', rates: 4 });
      expect(r.body).not.toContain('contenta');
      expect(REVIEW_POOL.spanish.good.some((entry) => entry.body === r.body)).toBe(true);
    }
    const poor = (await call('GET', 'reviews/common?language=russian&rates=1')).json().data as Review[];
    expect(poor.every((r) => REVIEW_POOL.russian.poor.some((entry) => entry.title === r.title))).toBe(true);
    const defaults = (await call('GET', 'reviews/common')).json().data as Review[];
    expect(defaults.every((r) => r.language === 'english' && r.rates === 5)).toBe(true);
  });

  it('refuses a bad query and a visitor', async () => {
    const bad = await call('GET', 'reviews/common?language=german&rates=9');
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).language).toEqual([CAMPAIGN_MESSAGES.reviewLanguageInvalid]);
    expect(errorsOf(bad).rates).toEqual([CAMPAIGN_MESSAGES.reviewRatesRange]);
    expect((await call('GET', 'reviews/common', undefined, {} as Auth)).statusCode).toBe(401);
  });
});

describe('another user', () => {
  it('gets 404 for a rates or reviews campaign of someone else', async () => {
    const mine = await order(hq({ draft: true }));
    const other = await makeUser(t.deps.db);
    expect((await call('GET', `campaigns/${mine.id}`, undefined, other.auth)).statusCode).toBe(404);
    expect((await call('GET', `campaigns/${mine.id}/start`, undefined, other.auth)).statusCode).toBe(404);
    expect((await call('POST', 'campaigns', hq(), other.auth)).statusCode).toBe(404);
  });
});
