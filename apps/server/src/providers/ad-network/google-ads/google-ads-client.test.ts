import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandInGoogleAds, type StandInGoogleAds } from '../../../../test/stand-in-google-ads.js';
import { GoogleAdsClient, GoogleAdsError, customerIdOf } from './google-ads-client.js';
import {
  TIME_ZONE_QUERY,
  budgetCreate,
  campaignCreate,
  locationCriteriaQuery,
  locationCreates,
  targetCpaUpdate,
} from './google-ads-operations.js';
import type { AdCampaign } from '../ad-network.js';

const campaign: AdCampaign = {
  id: 7,
  store: 1,
  package: 'com.example.game',
  dailyBudget: '20.0000',
  targetCpi: '0.5000',
  days: 10,
  countries: ['US', 'DE', 'GB', 'UA', 'FR'],
  languages: ['english'],
  headline1: 'Play the best game',
  headline2: 'Free to start',
  description: 'A puzzle game for everyone',
  deeplink: null,
  accountId: 1,
};

let ads: StandInGoogleAds;
beforeEach(async () => {
  ads = await startStandInGoogleAds({ pageSize: 2 });
});
afterEach(async () => {
  expect(ads.violations).toEqual([]);
  await ads.close();
});

/** The error a call ends with. */
async function failure(promise: Promise<unknown>): Promise<GoogleAdsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GoogleAdsError);
  return error as GoogleAdsError;
}

/** A budget and a campaign at the stand-in: the campaign's resource name. */
async function createCampaign(client: GoogleAdsClient): Promise<string> {
  const [budget] = await client.mutate(ads.customerId, 'campaignBudgets', [budgetCreate(campaign)]);
  const [created] = await client.mutate(ads.customerId, 'campaigns', [
    campaignCreate(campaign, budget!.resourceName, '2026-11-28'),
  ]);
  return created!.resourceName;
}

describe('GoogleAdsClient', () => {
  it('asks for one access token, keeps it and sends it with the developer token and manager id', async () => {
    const client = new GoogleAdsClient({ ...ads.options, loginCustomerId: '987-654-3210' });
    const [zone] = await client.search<{ customer: { timeZone: string } }>('123-456-7890', TIME_ZONE_QUERY);
    expect(zone?.customer.timeZone).toBe('America/New_York');
    await createCampaign(client);
    expect(ads.tokensIssued()).toBe(1);
    const apiCall = ads.calls.find((call) => call.url.endsWith('campaigns:mutate'))!;
    expect(apiCall.url).toBe('/v26/customers/1234567890/campaigns:mutate');
    expect(apiCall.headers['developer-token']).toBe(ads.options.developerToken);
    expect(apiCall.headers['login-customer-id']).toBe('9876543210');
    expect(apiCall.headers.authorization).toMatch(/^Bearer ya29\./);
  });

  it('sends no manager id when none is configured (the stand-in requires it, as a manager-reached account does)', async () => {
    const error = await failure(
      new GoogleAdsClient({ ...ads.options, loginCustomerId: '' }).search(ads.customerId, TIME_ZONE_QUERY),
    );
    expect([error.kind, error.status]).toEqual(['auth', 403]);
    expect(ads.calls.at(-1)?.headers['login-customer-id']).toBeUndefined();
    ads.violations.length = 0;
  });

  it('renews the token shortly before it expires, once for concurrent calls', async () => {
    let now = Date.now();
    const client = new GoogleAdsClient(ads.options, undefined, () => now);
    await Promise.all([1, 2, 3].map(() => client.search(ads.customerId, TIME_ZONE_QUERY)));
    expect(ads.tokensIssued()).toBe(1);
    now += 3599_000 - 120_000;
    await client.search(ads.customerId, TIME_ZONE_QUERY);
    expect(ads.tokensIssued()).toBe(1);
    now += 90_000;
    await Promise.all([1, 2].map(() => client.search(ads.customerId, TIME_ZONE_QUERY)));
    expect(ads.tokensIssued()).toBe(2);
  });

  it('asks for a new token once when Google stops taking the one it has', async () => {
    const client = new GoogleAdsClient(ads.options);
    await client.search(ads.customerId, TIME_ZONE_QUERY);
    ads.revokeAccessTokens();
    await client.search(ads.customerId, TIME_ZONE_QUERY);
    expect(ads.tokensIssued()).toBe(2);
  });

  it('follows page tokens to the last row', async () => {
    const client = new GoogleAdsClient(ads.options);
    const campaignName = await createCampaign(client);
    await client.mutate(
      ads.customerId,
      'campaignCriteria',
      locationCreates(campaignName, campaign.countries),
    );
    const rows = await client.search<{ campaignCriterion: { location: { geoTargetConstant: string } } }>(
      ads.customerId,
      locationCriteriaQuery(campaignName),
    );
    expect(rows.map((row) => row.campaignCriterion.location.geoTargetConstant).sort()).toEqual([
      'geoTargetConstants/2250',
      'geoTargetConstants/2276',
      'geoTargetConstants/2804',
      'geoTargetConstants/2826',
      'geoTargetConstants/2840',
    ]);
    expect(ads.calls.filter((call) => call.url.endsWith('googleAds:search'))).toHaveLength(3);
  });

  it('turns a revoked refresh token into an auth error that no retry mends', async () => {
    ads.revokeRefreshToken();
    const error = await failure(new GoogleAdsClient(ads.options).search(ads.customerId, TIME_ZONE_QUERY));
    expect([error.kind, error.retryable, error.status]).toEqual(['auth', false, 400]);
    expect(error.detail).toBe('invalid_grant: Token has been expired or revoked.');
  });

  it('names each refusal by what the caller can do, with the API’s own error', async () => {
    const client = new GoogleAdsClient(ads.options);
    const campaignName = await createCampaign(client);
    const update = () => client.mutate(ads.customerId, 'campaigns', [targetCpaUpdate(campaignName, '0.60')]);

    ads.failNext({ kind: 'target' });
    let error = await failure(update());
    expect([error.kind, error.retryable, error.status]).toEqual(['target', false, 400]);
    expect(error.detail).toBe('rangeError.TOO_LOW: Too low.');

    ads.failNext({ kind: 'target', family: 'biddingError', code: 'BID_TOO_SMALL' });
    expect((await failure(update())).kind).toBe('target');

    ads.failNext({ kind: 'budget' });
    error = await failure(
      client.mutate(ads.customerId, 'campaignBudgets', [budgetCreate({ ...campaign, id: 8 })]),
    );
    expect([error.kind, error.detail]).toEqual([
      'budget',
      'campaignBudgetError.MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC: The budget amount is too small.',
    ]);

    ads.failNext({ kind: 'quota' });
    error = await failure(update());
    expect([error.kind, error.retryable, error.status]).toEqual(['quota', true, 429]);
    expect(error.detail).toMatch(/^quotaError\.RESOURCE_EXHAUSTED: /);

    ads.failNext({ kind: 'server' });
    error = await failure(update());
    expect([error.kind, error.retryable, error.status]).toEqual(['other', true, 500]);

    error = await failure(
      client.mutate(ads.customerId, 'campaigns', [
        targetCpaUpdate(`customers/${ads.customerId}/campaigns/1`, '1'),
      ]),
    );
    expect([error.kind, error.retryable]).toEqual(['not-found', false]);
    expect(error.detail).toMatch(/^mutateError\.RESOURCE_NOT_FOUND: /);

    error = await failure(client.search('5555555555', TIME_ZONE_QUERY));
    expect([error.kind, error.status, error.detail]).toEqual([
      'auth',
      403,
      "authorizationError.USER_PERMISSION_DENIED: User doesn't have permission to access customer.",
    ]);
  });

  it('reports several errors of one request together and leaves nothing half done', async () => {
    const client = new GoogleAdsClient(ads.options);
    const error = await failure(
      client.mutate(ads.customerId, 'campaignBudgets', [
        budgetCreate(campaign),
        budgetCreate({ ...campaign, id: 9, dailyBudget: '10.0050' }),
      ]),
    );
    expect(error.detail).toMatch(/^campaignBudgetError\.NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT: /);
    expect(ads.budgets.size).toBe(0);
  });

  it('gives up on an API that does not answer, as a retryable error', async () => {
    const closed = await startStandInGoogleAds();
    await closed.close();
    const error = await failure(
      new GoogleAdsClient(closed.options).search(closed.customerId, TIME_ZONE_QUERY),
    );
    expect([error.kind, error.retryable, error.status]).toEqual(['other', true, 0]);
  });

  it('does not take a success that is no JSON or names no resources for an answer', async () => {
    const client = new GoogleAdsClient(ads.options, async (url, init) =>
      url.endsWith(':mutate') ? new Response('{}', { status: 200 }) : fetch(url, init),
    );
    const error = await failure(client.mutate(ads.customerId, 'campaignBudgets', [budgetCreate(campaign)]));
    expect([error.kind, error.retryable]).toEqual(['other', true]);
    const html = new GoogleAdsClient(ads.options, async (url, init) =>
      url.endsWith(':search') ? new Response('<html>502</html>', { status: 200 }) : fetch(url, init),
    );
    expect((await failure(html.search(ads.customerId, TIME_ZONE_QUERY))).retryable).toBe(true);
  });

  it('takes an account id with dashes and refuses one that is not digits', () => {
    expect(customerIdOf('123-456-7890')).toBe('1234567890');
    expect(() => customerIdOf('12/../34')).toThrow(GoogleAdsError);
  });
});
