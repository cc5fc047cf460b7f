import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { directInstallsBody as direct, makeApp, makeTopUp, makeUser } from '../../../../test/factories.js';
import { DEMO_APPS } from '../../../providers/store/offline/demo-apps.js';
import { hostileValue, json } from '../../../../test/fuzz.js';

/*
 * No body makes `POST campaigns/quote` or `POST campaigns` answer 500: random JSON, and valid bodies of
 * every type with random fields over them (wrong types, out of range, unknown products, hostile texts).
 */

let t: TestApp;
let auth: { authorization: string };

const review = {
  title: 'Great',
  body: 'Works well every day.',
  rates: 5,
  gender: 'both',
  language: 'english',
};
/** A valid body of each type (direct, keyword, CPI, guaranteed reviews, rates, reviews, impressions, smart). */
const BASES: Record<string, unknown>[] = [
  direct(),
  direct({ productType: 2, serializedChildKeywords: ['fitness', 'yoga'] }),
  {
    productType: 4,
    packageId: DEMO_APPS.googlePlay.fitness,
    appstore: 1,
    country: 'US',
    cpiGeo: ['europe'],
    cpiHeadline1: 'FitPulse workouts',
    cpiHeadline2: 'Train at home',
    cpiAdAssets: 'Short home workouts.',
  },
  direct({ productType: 5, installs: 1, days: 2, checkedTerms: true, reviews: [review, review] }),
  direct({ productType: 6, checkedTerms: true }),
  direct({ productType: 7, days: 1, installs: 5, checkedTerms: true, reviewMode: 2 }),
  direct({ productType: 8, serializedChildKeywords: 'fitness, workout' }),
  direct({ productType: 2, smart: true, budget: '48', serializedChildKeywords: ['fitness', 'yoga'] }),
];

/** Values of every JSON kind, with the edges of the rules and hostile texts (NUL, controls, lone surrogates). */
const anyValue = fc.oneof(
  fc.constantFrom(0, -1, 1, 4, 5, 5000, 5001, 1e308, 0.5, '', ' ', '0', 'NaN', null, true, false, [], {}),
  fc.integer({ min: -10, max: 100 }),
  fc.double(),
  hostileValue,
);
const FIELDS = [
  'productType',
  'packageId',
  'appstore',
  'country',
  'days',
  'installs',
  'start_at',
  'draft',
  'deliveryType',
  'promotionRule',
  'distribution',
  'installsPlan',
  'description',
  'serializedChildKeywords',
  'rateType',
  'reviewMode',
  'reviews',
  'gender',
  'language',
  'checkedTerms',
  'smart',
  'budget',
  'cpiBudget',
  'cpiTarget',
  'cpiDays',
  'unlimited_duration',
  'cpiGeo',
  'cpiLevels',
  'cpiCountry',
  'cpiLanguages',
  'cpiHeadline1',
  'cpiHeadline2',
  'cpiAdAssets',
  'deeplink',
] as const;
/** Plausible edits of a field: any value, or one that is nearly right. */
const fieldValue: Record<string, fc.Arbitrary<unknown>> = {
  productType: fc.oneof(fc.integer({ min: 0, max: 9 }), anyValue),
  packageId: fc.oneof(fc.constantFrom(DEMO_APPS.googlePlay.fitness, DEMO_APPS.googlePlay.puzzle), anyValue),
  country: fc.oneof(fc.constantFrom('US', 'us', 'XX', 'DEU'), anyValue),
  start_at: fc.oneof(
    fc
      .date({ min: new Date(Date.now() - 86_400_000), max: new Date(Date.now() + 86_400_000 * 400) })
      .map((d) => (Number.isNaN(d.getTime()) ? '' : d.toISOString())),
    anyValue,
  ),
  installsPlan: fc.oneof(fc.array(fc.integer({ min: -1, max: 6000 }), { maxLength: 70 }), anyValue),
  budget: fc.oneof(fc.constantFrom('0', '0.01', '9999999.99', '48.5'), anyValue),
  cpiBudget: fc.oneof(fc.constantFrom('1', '0.0001', 100000, '100000.0001', 0.1), anyValue),
  cpiTarget: fc.oneof(fc.constantFrom('0.01', 100, '0.001'), anyValue),
  reviews: fc.oneof(fc.array(fc.constant(review), { maxLength: 12 }), anyValue),
};
/** One field set to a nearly right value. */
const nearly = fc
  .constantFrom(...Object.keys(fieldValue))
  .chain((field) => fieldValue[field]!.map((value) => ({ [field]: value })));
/** Up to 4 fields set to any value (undefined removes the field). */
const edits = fc.dictionary(fc.constantFrom(...FIELDS), fc.option(anyValue, { nil: undefined, freq: 5 }), {
  maxKeys: 4,
});
/** A valid body of some type with a field nearly right, or fields replaced or removed, or random JSON. */
const body: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...BASES), nearly).map(([base, one]) => ({ ...base, ...one })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...BASES), edits).map(([base, some]) => ({ ...base, ...some })),
  },
  { weight: 1, arbitrary: json(3) },
);

const ALLOWED = [200, 201, 404, 409, 422];

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  const user = await makeUser(t.deps.db);
  auth = user.auth;
  await makeApp(t.deps, user.user.id);
  await makeTopUp(t.deps.db, user.user.id, '100000');
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/private/v1/${url}`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(payload) ?? 'null',
  });

describe('random bodies never answer 500', () => {
  it('sanity: every base body quotes', async () => {
    for (const base of BASES) {
      const res = await post('campaigns/quote', base);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it.each(['campaigns/quote', 'campaigns'])(
    'POST %s answers 200/201/404/409/422',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await post(url, payload);
          expect(ALLOWED, `${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`).toContain(
            res.statusCode,
          );
          if (res.statusCode === 422) expect(res.json()).toMatchObject({ message: expect.any(String) });
        }),
        { numRuns: 150 },
      );
    },
    120_000,
  );
});
