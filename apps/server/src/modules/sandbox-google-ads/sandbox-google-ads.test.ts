import { DAY_MS, GEO_TARGETS, dayInZone } from '@storelift/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { hostileString, hostileValue } from '../../../test/fuzz.js';
import { cpiAccounts, sandboxGoogleAdsAds, sandboxGoogleAdsCampaigns } from '../../db/schema/index.js';
import type { AdCampaign } from '../../providers/ad-network/ad-network.js';
import { GoogleAdsClient, GoogleAdsError } from '../../providers/ad-network/google-ads/google-ads-client.js';
import * as operations from '../../providers/ad-network/google-ads/google-ads-operations.js';
import { issueToken } from './sandbox-google-ads.auth.js';
import {
  SANDBOX_GOOGLE_ADS_CLIENT_ID,
  SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
  SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
  SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID,
  SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
  SANDBOX_GOOGLE_ADS_REVIEW_MS,
  SANDBOX_GOOGLE_ADS_TIME_ZONE,
} from './sandbox-google-ads.constants.js';
import { seedDemoGoogleAdsAccount } from './sandbox-google-ads.seed.js';

let t: TestApp;
const CID = '1234567890';
const V = 'v26';
const tokenForm = {
  grant_type: 'refresh_token',
  client_id: SANDBOX_GOOGLE_ADS_CLIENT_ID,
  client_secret: SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
  refresh_token: SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
};
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ workers: false, listen: true, config: { vendorSandboxSpeed: 1 } });
  const token = await requestToken(tokenForm);
  headers = {
    authorization: `Bearer ${(token.body as { access_token: string }).access_token}`,
    'developer-token': SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
    'login-customer-id': SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID,
  };
});
afterAll(() => t.close());

async function requestToken(form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/google-ads/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

interface Failure {
  error: {
    code: number;
    status: string;
    details: { '@type': string; errors?: { errorCode: Record<string, string>; location?: unknown }[] }[];
  };
}

/** One API call: its status and JSON body. */
async function api(path: string, payload: unknown, sent = headers, cid = CID) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/google-ads/${V}/customers/${cid}/${path}`,
    headers: { ...sent, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const mutate = (service: string, operations: unknown[]) => api(`${service}:mutate`, { operations });
const search = async (query: string) => (await api('googleAds:search', { query })).body;
/** The first error code of a failure answer, as `kind.CODE`. */
const codeOf = (body: unknown) => {
  const [entry] = (body as Failure).error.details[0]!.errors ?? [];
  const [kind, code] = Object.entries(entry?.errorCode ?? {})[0] ?? [];
  return `${kind}.${code}`;
};
const names = (body: Record<string, unknown>) =>
  (body.results as { resourceName: string }[]).map((result) => result.resourceName);

/** Creates a whole App campaign with the operations the Google Ads network sends; answers its resource names. */
async function createCampaign(
  id: number,
  texts = { headline: 'Fitness at home', description: 'Train daily' },
  overrides: Partial<AdCampaign> = {},
) {
  const campaign: AdCampaign = {
    id,
    store: 1,
    package: 'com.storelift.demo.fitness',
    dailyBudget: '20',
    targetCpi: '3',
    days: 7,
    countries: ['US', 'DE', 'IN'],
    languages: ['english', 'spanish'],
    headline1: texts.headline,
    headline2: 'Workouts in minutes',
    description: texts.description,
    deeplink: null,
    accountId: null,
    ...overrides,
  };
  const today = dayInZone(SANDBOX_GOOGLE_ADS_TIME_ZONE, new Date());
  const one = async (service: string, operations: unknown[]) =>
    names((await mutate(service, operations)).body);
  const [budget] = await one('campaignBudgets', [operations.budgetCreate(campaign)]);
  const [resource] = await one('campaigns', [operations.campaignCreate(campaign, budget!, today)]);
  const criteria = await one('campaignCriteria', [
    ...operations.locationCreates(resource!, campaign.countries),
    ...operations.languageCreates(resource!, campaign.languages),
  ]);
  const [adGroup] = await one('adGroups', [operations.adGroupCreate(campaign, resource!)]);
  const [ad] = await one('adGroupAds', [operations.appAdCreate(campaign, adGroup!)]);
  return {
    budget: budget!,
    campaign: resource!,
    criteria,
    adGroup: adGroup!,
    ad: ad!,
    id: resource!.split('/').at(-1)!,
  };
}

/** Moves a campaign's clock on by `ms` of served time (its enabled moment back), as days passing would. */
async function serve(campaignId: string, ms: number) {
  await t.deps.db
    .update(sandboxGoogleAdsCampaigns)
    .set({
      enabled_since: sql`${sandboxGoogleAdsCampaigns.enabled_since} - ${`${ms} milliseconds`}::interval`,
    })
    .where(eq(sandboxGoogleAdsCampaigns.id, Number(campaignId)));
}

const reportQuery = operations.reportQuery;

interface ReportRow {
  campaign: { id: string };
  segments: { date: string };
  userLocationView: { countryCriterionId: string };
  metrics: { impressions: string; clicks: string; conversions: number; costMicros: string };
}

describe('sandbox Google Ads: OAuth token', () => {
  it('issues an hour-long bearer token for its refresh token, and refuses others as Google does', async () => {
    const ok = await requestToken(tokenForm);
    expect(ok).toMatchObject({ status: 200, body: { expires_in: 3600, token_type: 'Bearer' } });
    expect(ok.body.access_token).toMatch(/^ya29\./);
    expect(await requestToken({ ...tokenForm, refresh_token: 'revoked' })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    });
    expect((await requestToken({ ...tokenForm, client_secret: 'x' })).body.error).toBe('invalid_client');
    expect((await requestToken({ ...tokenForm, grant_type: 'password' })).body.error).toBe(
      'unsupported_grant_type',
    );
  });

  it('is left out of the API reference', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/sandbox'))).toEqual([]);
  });

  it('refuses calls without its bearer token, developer token or manager id', async () => {
    const query = { query: 'SELECT customer.time_zone FROM customer' };
    const expired = (await issueToken(t.deps, tokenForm, new Date(Date.now() - 2 * 3600_000))) as {
      body: { access_token: string };
    };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...headers, authorization: 'Bearer ya29.forged' }, 401, 'authenticationError.OAUTH_TOKEN_INVALID'],
      [
        { ...headers, authorization: `${headers.authorization!.slice(0, -4)}0000` },
        401,
        'authenticationError.OAUTH_TOKEN_INVALID',
      ],
      [
        { ...headers, authorization: `Bearer ${expired.body.access_token}` },
        401,
        'authenticationError.OAUTH_TOKEN_EXPIRED',
      ],
      [{ ...headers, 'developer-token': 'other' }, 401, 'authenticationError.DEVELOPER_TOKEN_INVALID'],
      [{ ...headers, 'login-customer-id': '9999999999' }, 403, 'authorizationError.USER_PERMISSION_DENIED'],
    ];
    for (const [sent, status, code] of cases) {
      const res = await api('googleAds:search', query, sent);
      expect(res.status, code).toBe(status);
      expect(codeOf(res.body), code).toBe(code);
      expect((res.body as unknown as Failure).error.details[0]!['@type']).toBe(
        `type.googleapis.com/google.ads.googleads.${V}.errors.GoogleAdsFailure`,
      );
    }
    expect(codeOf((await api('googleAds:search', query, headers, '12345')).body)).toBe(
      'requestError.INVALID_CUSTOMER_ID',
    );
  });
});

describe('sandbox Google Ads: mutate', () => {
  it('creates a budget, an App campaign, its countries, ad group and app ad, found again by the queries the network sends', async () => {
    const made = await createCampaign(101);
    expect(made.campaign).toMatch(new RegExp(`^customers/${CID}/campaigns/\\d+$`));
    expect(made.criteria).toEqual(
      [2840, 2276, 2356, 1000, 1003].map((id) => `customers/${CID}/campaignCriteria/${made.id}~${id}`),
    );
    expect(await search(operations.TIME_ZONE_QUERY)).toEqual({
      results: [{ customer: { resourceName: `customers/${CID}`, timeZone: SANDBOX_GOOGLE_ADS_TIME_ZONE } }],
      fieldMask: 'customer.timeZone',
      queryResourceConsumption: '2',
    });
    expect((await search(operations.budgetByNameQuery(101))).results).toEqual([
      { campaignBudget: { resourceName: made.budget } },
    ]);
    const found = await search(operations.campaignByNameQuery(101));
    expect(found.results).toEqual([
      { campaign: { resourceName: made.campaign }, campaignBudget: { resourceName: made.budget } },
    ]);
    expect((await search(operations.adGroupsQuery(made.campaign))).results).toEqual([
      { adGroup: { resourceName: made.adGroup } },
    ]);
    expect((await search(operations.adGroupAdsQuery(made.adGroup))).results).toEqual([
      { adGroupAd: { resourceName: made.ad } },
    ]);
    const criteria = await search(operations.locationCriteriaQuery(made.campaign));
    expect(criteria.results).toContainEqual({
      campaignCriterion: {
        resourceName: made.criteria[0],
        location: { geoTargetConstant: 'geoTargetConstants/2840' },
      },
    });
    // A language criterion has no location.
    expect(criteria.results).toContainEqual({ campaignCriterion: { resourceName: made.criteria[3] } });
    // A name nobody used: no rows, so no `results` (Google leaves an empty list out).
    expect(
      await search("SELECT campaign.resource_name FROM campaign WHERE campaign.name = 'Storelift #999'"),
    ).toEqual({
      fieldMask: 'campaign.resourceName',
      queryResourceConsumption: '1',
    });
  });

  it('updates status, budget and target with an update mask, and removes', async () => {
    const made = await createCampaign(102);
    const paused = await mutate('campaigns', [
      { update: { resourceName: made.campaign, status: 'PAUSED' }, updateMask: 'status' },
    ]);
    expect(names(paused.body)).toEqual([made.campaign]);
    await mutate('campaigns', [
      {
        update: { resourceName: made.campaign, targetCpa: { targetCpaMicros: '2500000' } },
        updateMask: 'target_cpa.target_cpa_micros',
      },
    ]);
    await mutate('campaignBudgets', [
      { update: { resourceName: made.budget, amountMicros: '30000000' }, updateMask: 'amountMicros' },
    ]);
    const [row] = await t.deps.db
      .select()
      .from(sandboxGoogleAdsCampaigns)
      .where(eq(sandboxGoogleAdsCampaigns.id, Number(made.id)));
    expect(row).toMatchObject({ status: 'PAUSED', enabled_since: null, target_cpa_micros: 2_500_000n });
    // Day 0 has begun (it was made enabled): the new terms hold from day 1.
    expect(row!.terms).toEqual([
      { fromDay: 0, budgetMicros: '20000000', targetCpaMicros: '3000000' },
      { fromDay: 1, budgetMicros: '30000000', targetCpaMicros: '2500000' },
    ]);
    expect(
      codeOf(
        (
          await mutate('campaigns', [
            {
              update: { resourceName: made.campaign, appCampaignSetting: { appId: 'x' } },
              updateMask: 'app_campaign_setting.app_id',
            },
          ])
        ).body,
      ),
    ).toBe('fieldError.IMMUTABLE_FIELD');
    expect(
      codeOf(
        (await mutate('campaigns', [{ update: { resourceName: made.campaign, status: 'ENABLED' } }])).body,
      ),
    ).toBe('fieldMaskError.FIELD_MASK_MISSING');
    expect(names((await mutate('campaignCriteria', [{ remove: made.criteria[2] }])).body)).toEqual([
      made.criteria[2],
    ]);
    expect(names((await mutate('campaigns', [{ remove: made.campaign }])).body)).toEqual([made.campaign]);
    expect(codeOf((await mutate('campaigns', [{ remove: made.campaign }])).body)).toBe(
      'campaignError.OPERATION_NOT_PERMITTED_FOR_REMOVED_CAMPAIGN',
    );
    // A removed campaign frees its name, and its budget can go.
    expect(names((await mutate('campaignBudgets', [{ remove: made.budget }])).body)).toEqual([made.budget]);
    expect((await createCampaign(102)).campaign).not.toBe(made.campaign);
  });

  it('makes one of two budgets of the same name sent at once, and refuses the other as Google does', async () => {
    const create = () => mutate('campaignBudgets', [{ create: { name: 'raced', amountMicros: '1000000' } }]);
    const answers = await Promise.all([create(), create(), create()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((each) => each.status === 400))
      expect(codeOf(answer.body)).toBe('campaignBudgetError.DUPLICATE_NAME');
  });

  it('answers Google’s errors for bad input, with the field’s location, and applies nothing of a refused request', async () => {
    const made = await createCampaign(103);
    const long = await mutate('adGroupAds', [
      {
        create: {
          adGroup: made.adGroup,
          ad: {
            appAd: {
              headlines: [{ text: 'A headline well past thirty characters' }],
              descriptions: [{ text: 'Fine' }],
            },
          },
        },
      },
    ]);
    expect(long.status).toBe(400);
    expect((long.body as unknown as Failure).error.details[0]!.errors![0]).toMatchObject({
      errorCode: { stringLengthError: 'TOO_LONG' },
      location: {
        fieldPathElements: [
          { fieldName: 'operations', index: 0 },
          { fieldName: 'create' },
          { fieldName: 'ad' },
          { fieldName: 'app_ad' },
          { fieldName: 'headlines', index: 0 },
          { fieldName: 'text' },
        ],
      },
    });
    const cent = await mutate('campaignBudgets', [{ create: { name: 'odd', amountMicros: '10123400' } }]);
    expect(codeOf(cent.body)).toBe('campaignBudgetError.NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT');
    expect(
      codeOf(
        (
          await mutate('campaignBudgets', [
            { create: { name: 'Storelift #103 budget', amountMicros: '1000000' } },
          ])
        ).body,
      ),
    ).toBe('campaignBudgetError.DUPLICATE_NAME');
    expect(
      codeOf(
        (
          await mutate('campaigns', [
            {
              update: { resourceName: made.campaign, targetCpa: { targetCpaMicros: '5' } },
              updateMask: 'targetCpa.targetCpaMicros',
            },
          ])
        ).body,
      ),
    ).toBe('rangeError.TOO_LOW');
    expect(
      codeOf(
        (await mutate('adGroups', [{ create: { name: 'x', campaign: `customers/${CID}/campaigns/1` } }]))
          .body,
      ),
    ).toBe('mutateError.RESOURCE_NOT_FOUND');
    expect(
      codeOf((await mutate('adGroups', [{ create: { name: 'x', campaign: 'campaigns/1' } }])).body),
    ).toBe('requestError.RESOURCE_NAME_MALFORMED');
    expect(
      codeOf(
        (
          await mutate('campaignCriteria', [
            {
              create: { campaign: made.campaign, location: { geoTargetConstant: 'geoTargetConstants/2840' } },
            },
          ])
        ).body,
      ),
    ).toBe('mutateError.RESOURCE_ALREADY_EXISTS');
    expect(codeOf((await mutate('adGroups', [{}])).body)).toBe('requestError.OPERATION_REQUIRED');
    // The JSON layer refuses unknown fields and wrong enums before Google Ads reads the request.
    const unknown = await mutate('adGroups', [
      { create: { name: 'x', campaign: made.campaign, colour: 'red' } },
    ]);
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        error: {
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest' }],
        },
      },
    });
    expect(JSON.stringify(unknown.body)).toContain('Unknown name \\"colour\\"');
    expect(
      (await mutate('adGroups', [{ create: { name: 'x', campaign: made.campaign, status: 'ON' } }])).status,
    ).toBe(400);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/sandbox/google-ads/${V}/customers/${CID}/adGroups:mutate`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"operations": [',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    // All or nothing: the second operation fails, so the first ad group is not made either.
    const both = await mutate('adGroups', [
      { create: { name: 'kept?', campaign: made.campaign } },
      { create: { name: 'x', campaign: `customers/${CID}/campaigns/1` } },
    ]);
    expect((both.body as unknown as Failure).error.details[0]!.errors![0]!.location).toEqual({
      fieldPathElements: [
        { fieldName: 'operations', index: 1 },
        { fieldName: 'create' },
        { fieldName: 'campaign' },
      ],
    });
    expect(
      (await search("SELECT ad_group.id FROM ad_group WHERE ad_group.name = 'kept?'")).results,
    ).toBeUndefined();
    expect(
      await api('adGroups:mutate', {
        operations: [{ create: { name: 'v', campaign: made.campaign } }],
        validateOnly: true,
      }),
    ).toEqual({
      status: 200,
      body: {},
    });
    expect(
      (await search("SELECT ad_group.id FROM ad_group WHERE ad_group.name = 'v'")).results,
    ).toBeUndefined();
    expect((await api('ads:mutate', { operations: [] })).status).toBe(404);
  });
});

describe('sandbox Google Ads: search and figures', () => {
  it('reads the ad review: under review for an hour, then approved, or disapproved for a banned phrase', async () => {
    const fine = await createCampaign(201);
    const banned = await createCampaign(202, {
      headline: 'Free money daily',
      description: 'Win big now',
    });
    const query = operations.reviewQuery([fine.id, banned.id]);
    expect((await search(query)).results).toEqual(
      [fine, banned].map((made) => ({
        campaign: { resourceName: made.campaign, id: made.id },
        adGroupAd: {
          resourceName: made.ad,
          policySummary: { approvalStatus: 'UNKNOWN', reviewStatus: 'REVIEW_IN_PROGRESS' },
        },
      })),
    );
    await t.deps.db.update(sandboxGoogleAdsAds).set({
      created_at: sql`${sandboxGoogleAdsAds.created_at} - ${`${SANDBOX_GOOGLE_ADS_REVIEW_MS} milliseconds`}::interval`,
    });
    const [approved, disapproved] = (await search(query)).results as {
      adGroupAd: { policySummary: unknown };
    }[];
    expect(approved!.adGroupAd.policySummary).toEqual({
      approvalStatus: 'APPROVED',
      reviewStatus: 'REVIEWED',
    });
    expect(disapproved!.adGroupAd.policySummary).toEqual({
      approvalStatus: 'DISAPPROVED',
      reviewStatus: 'REVIEWED',
      policyTopicEntries: [{ topic: 'UNRELIABLE_CLAIMS', type: 'PROHIBITED' }],
    });
    // A disapproved ad serves nothing.
    await serve(banned.id, DAY_MS);
    const today = dayInZone(SANDBOX_GOOGLE_ADS_TIME_ZONE, new Date());
    expect((await search(reportQuery([banned.id], today, today))).results).toBeUndefined();
  });

  it('reports per date and country while enabled: complete days within budget, the running day growing, paused days not passing', async () => {
    const made = await createCampaign(301);
    const start = dayInZone(SANDBOX_GOOGLE_ADS_TIME_ZONE, new Date());
    const dates = [0, 1, 2, 3, 4].map((n) =>
      new Date(Date.parse(`${start}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10),
    );
    await serve(made.id, 2 * DAY_MS + DAY_MS / 2);
    const first = (await search(reportQuery([made.id], dates[0]!, dates[3]!))).results as ReportRow[];
    expect(new Set(first.map((row) => row.segments.date))).toEqual(new Set(dates.slice(0, 3)));
    expect(new Set(first.map((row) => row.userLocationView.countryCriterionId))).toEqual(
      new Set(['2840', '2276', '2356']),
    );
    expect(first[0]).toEqual({
      campaign: { resourceName: made.campaign, id: made.id },
      segments: { date: expect.any(String) },
      userLocationView: {
        resourceName: expect.stringMatching(/^customers\/\d+\/userLocationViews\/\d+~true$/),
        countryCriterionId: expect.any(String),
      },
      metrics: {
        impressions: expect.stringMatching(/^\d+$/),
        clicks: expect.stringMatching(/^\d+$/),
        conversions: expect.any(Number),
        costMicros: expect.stringMatching(/^\d+$/),
      },
    });
    for (const date of dates.slice(0, 2)) {
      const day = first.filter((row) => row.segments.date === date);
      const cost = day.reduce((sum, row) => sum + BigInt(row.metrics.costMicros), 0n);
      const installs = day.reduce((sum, row) => sum + row.metrics.conversions, 0);
      // A full day spends most of the 20.00 budget, never more, at a cost per install near the 3.00 target.
      expect(cost).toBeLessThanOrEqual(20_000_000n);
      expect(cost).toBeGreaterThan(10_000_000n);
      expect(Number(cost) / installs / 1e6).toBeGreaterThan(1.5);
      expect(Number(cost) / installs / 1e6).toBeLessThan(4.5);
      for (const row of day) {
        const clicks = Number(row.metrics.clicks);
        expect(clicks / Number(row.metrics.impressions)).toBeGreaterThanOrEqual(0.01);
        expect(clicks / Number(row.metrics.impressions)).toBeLessThanOrEqual(0.06);
        if (clicks >= 50) expect(row.metrics.conversions / clicks).toBeGreaterThan(0.08);
      }
    }
    // The same question, the same answer (figures are a function of served time: days 1 and 2 are complete).
    const again = (await search(reportQuery([made.id], dates[0]!, dates[1]!))).results as ReportRow[];
    expect(again).toEqual(first.filter((row) => row.segments.date <= dates[1]!));
    // Paused, the running day stops where it is; enabled again, it goes on.
    await mutate('campaigns', [
      { update: { resourceName: made.campaign, status: 'PAUSED' }, updateMask: 'status' },
    ]);
    const paused = (await search(reportQuery([made.id], dates[2]!, dates[2]!))).results as ReportRow[];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await search(reportQuery([made.id], dates[2]!, dates[2]!))).results).toEqual(paused);
    await mutate('campaigns', [
      { update: { resourceName: made.campaign, status: 'ENABLED' }, updateMask: 'status' },
    ]);
    await serve(made.id, DAY_MS / 2);
    const grown = (await search(reportQuery([made.id], dates[2]!, dates[2]!))).results as ReportRow[];
    const total = (rows: ReportRow[]) => rows.reduce((sum, row) => sum + BigInt(row.metrics.costMicros), 0n);
    expect(total(grown)).toBeGreaterThan(total(paused));
    // A budget change holds from the next served day: the running one (day 3) keeps its budget.
    await mutate('campaignBudgets', [
      { update: { resourceName: made.budget, amountMicros: '5000000' }, updateMask: 'amount_micros' },
    ]);
    await serve(made.id, 2 * DAY_MS);
    const day = async (date: string) =>
      total((await search(reportQuery([made.id], date, date))).results as ReportRow[]);
    expect(await day(dates[3]!)).toBeGreaterThan(5_000_000n);
    expect(await day(dates[4]!)).toBeLessThanOrEqual(5_000_000n);
    expect(await day(dates[4]!)).toBeGreaterThan(2_500_000n);
  });

  it('answers a query it cannot read, a field or resource it does not know, and a bad page token with Google’s errors', async () => {
    const cases: [string, string][] = [
      ['SELECT campaign.id FROM campaign ORDER BY campaign.id', 'queryError.UNEXPECTED_INPUT'],
      ['campaign.id FROM campaign', 'queryError.EXPECTED_SELECT'],
      ['SELECT campaign.id FROM keyword_view', 'queryError.BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
      ['SELECT campaign.colour FROM campaign', 'queryError.UNRECOGNIZED_FIELD'],
      ['SELECT campaign.id FROM campaign WHERE campaign.id LIKE 1', 'queryError.BAD_OPERATOR'],
      [
        'SELECT segments.date, metrics.clicks FROM user_location_view',
        'queryError.EXPECTED_FILTERS_ON_DATE_RANGE',
      ],
    ];
    for (const [query, code] of cases) expect(codeOf(await search(query)), query).toBe(code);
    // A long query is read in one pass (30,000 ids).
    const started = Date.now();
    const long = `SELECT campaign.id FROM campaign WHERE campaign.id IN (${'1, '.repeat(30_000)}2)`;
    expect(await search(long)).toEqual({ fieldMask: 'campaign.id', queryResourceConsumption: '1' });
    expect(Date.now() - started).toBeLessThan(5000);
    const res = await api('googleAds:search', {
      query: 'SELECT campaign.id FROM campaign',
      pageToken: 'forged',
    });
    expect(codeOf(res.body)).toBe('requestError.INVALID_PAGE_TOKEN');
    expect(codeOf((await api('googleAds:search', {})).body)).toBe('fieldError.REQUIRED');
  });

  it('serves the Google Ads REST client end to end over HTTP', async () => {
    const client = new GoogleAdsClient({
      developerToken: SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
      clientId: SANDBOX_GOOGLE_ADS_CLIENT_ID,
      clientSecret: SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
      refreshToken: SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
      loginCustomerId: '100-000-0000',
      apiUrl: `${t.config.internalUrl}/sandbox/google-ads`,
      tokenUrl: `${t.config.internalUrl}/sandbox/google-ads/token`,
    });
    // A report of more rows than a page: the client follows nextPageToken to the last one.
    const everywhere = Object.keys(GEO_TARGETS);
    const big = await createCampaign(401, undefined, {
      dailyBudget: '50000',
      days: null,
      countries: everywhere,
    });
    await serve(big.id, 60 * DAY_MS);
    const first = dayInZone(SANDBOX_GOOGLE_ADS_TIME_ZONE, new Date());
    const last = new Date(Date.parse(`${first}T00:00:00Z`) + 59 * DAY_MS).toISOString().slice(0, 10);
    const query = reportQuery([big.id], first, last);
    const page = (await api('googleAds:search', { query, returnTotalResultsCount: true })).body as {
      results: unknown[];
      nextPageToken?: string;
      totalResultsCount: string;
    };
    expect(page.results).toHaveLength(10_000);
    expect(Number(page.totalResultsCount)).toBeGreaterThan(10_000);
    const rows = await client.search<ReportRow>(CID, query);
    expect(rows).toHaveLength(Number(page.totalResultsCount));
    expect(
      new Set(rows.map((row) => `${row.segments.date} ${row.userLocationView.countryCriterionId}`)).size,
    ).toBe(rows.length);
    const second = await api('googleAds:search', {
      query: `${query} LIMIT 5`,
      pageToken: page.nextPageToken,
    });
    expect(codeOf(second.body)).toBe('requestError.INVALID_PAGE_TOKEN');

    const [budget] = await client.mutate('123-456-7890', 'campaignBudgets', [
      { create: { name: 'client budget', amountMicros: '10000000' } },
    ]);
    expect(budget!.resourceName).toMatch(/campaignBudgets\/\d+$/);
    expect(await client.search('1234567890', 'SELECT customer.time_zone FROM customer')).toEqual([
      { customer: { resourceName: `customers/${CID}`, timeZone: SANDBOX_GOOGLE_ADS_TIME_ZONE } },
    ]);
    const refused = await client
      .mutate('1234567890', 'campaignBudgets', [
        { create: { name: 'client budget 2', amountMicros: '10005000' } },
      ])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GoogleAdsError);
    expect(refused).toMatchObject({ kind: 'budget', retryable: false });
  });
});

describe('sandbox Google Ads against hostile input', () => {
  it('answers hostile fields of every service and query with Google’s 4xx or an answer, never a 5xx', async () => {
    const made = await createCampaign(501);
    const reference = fc.constantFrom(made.budget, made.campaign, made.adGroup, made.ad, made.criteria[0]!);
    const value = fc.oneof(hostileValue, reference);
    const message = fc.dictionary(
      fc.constantFrom(
        'name',
        'amountMicros',
        'status',
        'campaign',
        'campaignBudget',
        'adGroup',
        'resourceName',
        'ad',
        'location',
        'targetCpa',
        'appCampaignSetting',
        'startDate',
        'endDateTime',
        'advertisingChannelType',
      ),
      value,
    );
    const operation = fc.oneof(
      fc.record({ create: message }),
      fc.record({ update: message, updateMask: fc.oneof(hostileString, fc.constant('status,name')) }),
      fc.record({ remove: value }),
      fc.dictionary(hostileString, hostileValue),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('campaignBudgets', 'campaigns', 'campaignCriteria', 'adGroups', 'adGroupAds'),
        fc.oneof(fc.array(operation, { minLength: 1, maxLength: 3 }), hostileValue),
        hostileString,
        async (service, operations, query) => {
          const changed = await api(`${service}:mutate`, { operations });
          expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(500);
          const read = await api('googleAds:search', {
            query: `SELECT campaign.id FROM campaign WHERE campaign.name = '${query}'`,
          });
          expect(read.status, JSON.stringify(read.body)).toBeLessThan(500);
          const raw = await api('googleAds:search', { query, pageToken: query });
          expect(raw.status).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
    const named = await mutate('adGroups', [{ create: { name: 'bad\u0000name', campaign: made.campaign } }]);
    expect(codeOf(named.body)).toBe('stringFormatError.ILLEGAL_CHARS');
  });
});

describe('sandbox Google Ads demo data', () => {
  it('seeds one CPI account of network google-ads whose ID key is a sandbox customer, once', async () => {
    await Promise.all([seedDemoGoogleAdsAccount(t.deps), seedDemoGoogleAdsAccount(t.deps)]);
    await seedDemoGoogleAdsAccount(t.deps);
    const accounts = await t.deps.db.select().from(cpiAccounts);
    expect(accounts).toEqual([
      expect.objectContaining({ id_key: '123-456-7890', network: 'google-ads', is_active: true }),
    ]);
    await seedDemoGoogleAdsAccount({ ...t.deps, config: { ...t.config, sandbox: false } });
    expect(await t.deps.db.select().from(cpiAccounts)).toHaveLength(1);
  });
});

describe('sandbox Google Ads where sandboxes are not allowed', () => {
  it('does not exist', async () => {
    const production = await buildTestApp({ workers: false, config: { sandbox: false } });
    try {
      const res = await production.app.inject({
        method: 'POST',
        url: '/sandbox/google-ads/token',
        payload: tokenForm,
      });
      expect(res.statusCode).toBe(404);
      const searched = await production.app.inject({
        method: 'POST',
        url: `/sandbox/google-ads/${V}/customers/${CID}/googleAds:search`,
        payload: { query: 'SELECT customer.time_zone FROM customer' },
      });
      expect(searched.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
