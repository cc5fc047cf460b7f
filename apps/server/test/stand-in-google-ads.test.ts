import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandInGoogleAds, type StandInGoogleAds } from './stand-in-google-ads.js';

let ads: StandInGoogleAds;
beforeEach(async () => {
  ads = await startStandInGoogleAds({ tokenSeconds: 3599 });
});
afterEach(() => ads.close());

async function accessToken(): Promise<string> {
  const res = await fetch(ads.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: ads.options.clientId,
      client_secret: ads.options.clientSecret,
      refresh_token: ads.options.refreshToken,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Posts JSON to the API as the client would, with `headers` overriding: the status and parsed body. */
async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${ads.url}/v26/customers/${ads.customerId}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken()}`,
      'developer-token': ads.options.developerToken,
      'login-customer-id': ads.options.loginCustomerId,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      results?: { resourceName: string }[];
      error?: { status: string; details?: { errors: { errorCode: Record<string, string> }[] }[] };
    },
  };
}

const codes = (body: Awaited<ReturnType<typeof call>>['body']) =>
  body.error?.details?.[0]?.errors.map((error) => error.errorCode) ?? [];

const budget = { name: 'B', amountMicros: '10000000', deliveryMethod: 'STANDARD', explicitlyShared: false };

describe('stand-in Google Ads', () => {
  it('refuses requests without the credentials Google requires, as Google answers them', async () => {
    const search = { query: 'SELECT customer.time_zone FROM customer' };
    expect((await call('googleAds:search', search, { authorization: 'Bearer forged' })).status).toBe(401);
    const noDeveloperToken = await call('googleAds:search', search, { 'developer-token': '' });
    expect([noDeveloperToken.status, codes(noDeveloperToken.body)]).toEqual([
      403,
      [{ authorizationError: 'DEVELOPER_TOKEN_PROHIBITED' }],
    ]);
    const dashed = await call('googleAds:search', search, { 'login-customer-id': '987-654-3210' });
    expect(codes(dashed.body)).toEqual([{ authorizationError: 'USER_PERMISSION_DENIED' }]);
    expect(ads.violations).toEqual([
      '/v26/customers/1234567890/googleAds:search: no bearer token it issued',
      '/v26/customers/1234567890/googleAds:search: wrong developer-token',
      '/v26/customers/1234567890/googleAds:search: login-customer-id 987-654-3210 (the manager is 9876543210, digits only)',
    ]);
  });

  it('refuses operations of a shape Google does not take and applies nothing of the request', async () => {
    const sent = await call('campaignBudgets:mutate', {
      operations: [
        { create: budget },
        { create: { ...budget, name: 'C', amountMicros: 10.5 } },
        { create: { ...budget, name: 'D', explicitlyShared: true, period: 'DAILY' } },
      ],
    });
    expect(sent.status).toBe(400);
    expect(codes(sent.body)).toEqual([
      { fieldError: 'INVALID_VALUE' },
      { fieldError: 'INVALID_VALUE' },
      { fieldError: 'INVALID_VALUE' },
    ]);
    expect(ads.budgets.size).toBe(0);
    expect(ads.violations).toHaveLength(3);
    expect(ads.violations[2]).toMatch(/operations\[2\]\.create: Unknown name "period"/);
  });

  it('takes an App campaign only with the fields of the current version', async () => {
    const { body } = await call('campaignBudgets:mutate', { operations: [{ create: budget }] });
    const campaign = {
      name: 'Storelift #1',
      status: 'ENABLED',
      advertisingChannelType: 'MULTI_CHANNEL',
      advertisingChannelSubType: 'APP_CAMPAIGN',
      campaignBudget: body.results![0]!.resourceName,
      targetCpa: { targetCpaMicros: '150000' },
      appCampaignSetting: {
        appId: 'com.example.game',
        appStore: 'GOOGLE_APP_STORE',
        biddingStrategyGoalType: 'OPTIMIZE_INSTALLS_TARGET_INSTALL_COST',
      },
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    };
    const { containsEuPoliticalAdvertising: _, ...undeclared } = campaign;
    for (const create of [
      { ...campaign, startDate: '2026-11-28' },
      undeclared,
      { ...campaign, startDateTime: '2026-11-28 12:00:00' },
      { ...campaign, appCampaignSetting: { ...campaign.appCampaignSetting, appStore: 'APPLE_APP_STORE' } },
    ])
      expect((await call('campaigns:mutate', { operations: [{ create }] })).status).toBe(400);
    expect(ads.violations.map((violation) => violation.split(': ').slice(1).join(': '))).toEqual([
      'operations[0].create: Unknown name "startDate": Cannot find field.',
      expect.stringMatching(
        /^operations\[0\]\.create\.contains_eu_political_advertising: The required field/,
      ),
    ]);
    const created = await call('campaigns:mutate', { operations: [{ create: campaign }] });
    expect(created.status).toBe(200);
    const again = await call('campaigns:mutate', {
      operations: [{ create: { ...campaign, name: 'Other' } }],
    });
    expect(codes(again.body)).toEqual([
      { campaignBudgetError: 'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS' },
    ]);
  });

  it('answers only the queries the product sends, page by page', async () => {
    const unknown = await call('googleAds:search', { query: 'SELECT campaign.id FROM campaign' });
    expect(codes(unknown.body)).toEqual([{ queryError: 'QUERY_ERROR' }]);
    const sized = await call('googleAds:search', {
      query: 'SELECT customer.time_zone FROM customer',
      pageSize: 5,
    });
    expect([sized.status, codes(sized.body)]).toEqual([400, [{ requestError: 'PAGE_SIZE_NOT_SUPPORTED' }]]);
    expect(ads.violations).toEqual([
      '/v26/customers/1234567890/googleAds:search: a query the product does not send: SELECT campaign.id FROM campaign',
      '/v26/customers/1234567890/googleAds:search: unexpected fields pageSize',
    ]);
  });
});
