import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isCalendarDay } from '@storelift/shared';
import {
  GOOGLE_ADS_API_VERSION,
  type GoogleAdsOptions,
} from '../src/providers/ad-network/google-ads/google-ads-client.js';
import type { ReportRow } from '../src/providers/ad-network/google-ads/google-ads-operations.js';
import { replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';
import {
  mutator,
  SERVICES,
  type ApprovalStatus,
  type Service,
  type StandInGoogleAdsFailure,
  type StandInStore,
} from './stand-in-google-ads-mutate.js';
import { entry, Refusal, snakeCase } from './stand-in-google-ads-protocol.js';

export type * from './stand-in-google-ads-mutate.js';

/*
 * A stand-in Google Ads API for tests and the bench (providers/ad-network/README.md "Google Ads"): the OAuth token
 * endpoint (refresh-token grant), `{service}:mutate` of campaignBudgets, campaigns, campaignCriteria, adGroups and
 * adGroupAds, and `googleAds:search` answering the GAQL queries the product sends, over REST as Google serves them.
 * It checks every request: a bearer token it issued and that has not expired, the developer-token and
 * login-customer-id headers, a customer the manager account manages, and each operation's JSON shape
 * (stand-in-google-ads-protocol.ts, stand-in-google-ads-mutate.ts). What a well-behaved client would never send is recorded in `violations` and
 * refused with the error Google answers. It keeps what is created, so searches find it, serves the report rows a
 * test sets, and fails on demand as Google does.
 *
 *   const ads = await startStandInGoogleAds();            // ads.options: credentials and URLs for GoogleAdsClient
 *   const client = new GoogleAdsClient(ads.options);       // the customer: ads.customerId
 *   ads.failNext({ kind: 'policy' });                      // the next app ad is refused (policyFindingError)
 *   ads.setReport(ads.customerId, [{ campaign: { id }, segments: { date }, userLocationView: ..., metrics: ... }]);
 *   expect(ads.violations).toEqual([]);
 */

export const STAND_IN_GOOGLE_ADS_CUSTOMER = '1234567890';

export interface StandInGoogleAdsOptions {
  /** Customer accounts the manager manages, with their time zones (default one, STAND_IN_GOOGLE_ADS_CUSTOMER). */
  customers?: Record<string, string>;
  /** Rows per search page (Google: 10,000). */
  pageSize?: number;
  /** Access token lifetime in seconds (Google: 3,599). */
  tokenSeconds?: number;
  /** Phrases an ad's review disapproves (case-insensitive), with the policy topic it names. */
  disapprove?: Record<string, string>;
}

export interface StandInGoogleAds extends StandInStore {
  /** API base (without the version) and token endpoint. */
  url: string;
  tokenUrl: string;
  /** Everything a GoogleAdsClient needs to call it. */
  options: GoogleAdsOptions;
  customerId: string;
  violations: string[];
  calls: StandInCall[];
  /** How many access tokens it has issued. */
  tokensIssued(): number;
  addCustomer(id: string, timeZone?: string): void;
  /** The next `count` matching requests fail as `failure` says. */
  failNext(failure: StandInGoogleAdsFailure, count?: number): void;
  /** The refresh token is revoked: the token endpoint answers invalid_grant. */
  revokeRefreshToken(): void;
  /** Access tokens issued so far stop working (revoked early): calls with them get 401. */
  revokeAccessTokens(): void;
  /** Sets the policy review of a campaign's ads. */
  setReview(campaignResourceName: string, approvalStatus: ApprovalStatus, topics?: string[]): void;
  /** The rows the report query of a customer selects from (filtered by the query's days and campaign ids). */
  setReport(customerId: string, rows: ReportRow[]): void;
  close(): Promise<void>;
}

export async function startStandInGoogleAds(
  options: StandInGoogleAdsOptions = {},
): Promise<StandInGoogleAds> {
  const credentials = {
    clientId: 'stand-in-client.apps.googleusercontent.com',
    clientSecret: 'stand-in-client-secret',
    refreshToken: `1//stand-in-refresh-${randomBytes(6).toString('hex')}`,
    developerToken: 'stand-in-developer-token',
    loginCustomerId: '9876543210',
  };
  const pageSize = options.pageSize ?? 10_000;
  const tokenSeconds = options.tokenSeconds ?? 3599;
  const customers = new Map(
    Object.entries(options.customers ?? { [STAND_IN_GOOGLE_ADS_CUSTOMER]: 'America/New_York' }),
  );
  const violations: string[] = [];
  const calls: StandInCall[] = [];
  const tokens = new Map<string, number>();
  const store: StandInStore = {
    budgets: new Map(),
    campaigns: new Map(),
    criteria: new Map(),
    adGroups: new Map(),
    appAds: new Map(),
  };
  const { campaigns, criteria, adGroups, appAds } = store;
  /** The resources of a customer's account. */
  const mine = <T extends { resourceName: string }>(map: Map<string, T>, customerId: string) =>
    [...map.values()].filter((resource) => resource.resourceName.startsWith(`customers/${customerId}/`));
  const reports = new Map<string, ReportRow[]>();
  const failures: StandInGoogleAdsFailure[] = [];
  let refreshRevoked = false;
  let issued = 0;
  let nextId = 21_000_000_000;

  const violate = (call: StandInCall, text: string) => violations.push(`${call.url}: ${text}`);
  const newId = () => String(nextId++);
  const takeFailure = (kinds: StandInGoogleAdsFailure['kind'][]) => {
    const index = failures.findIndex((failure) => kinds.includes(failure.kind));
    return index < 0 ? null : failures.splice(index, 1)[0]!;
  };
  /** The request being served: what a mutate finds wrong in it is recorded against it. */
  let serving: StandInCall | undefined;
  const mutate = mutator({
    ...store,
    disapprove: Object.entries(options.disapprove ?? {}),
    newId,
    takeFailure,
    violate: (text) => violate(serving!, text),
  });

  /** The token endpoint: a refresh-token grant of this client answers a new access token. */
  function token(call: StandInCall, res: ServerResponse) {
    if (call.method !== 'POST') violate(call, `method ${call.method}`);
    if (!/^application\/x-www-form-urlencoded/.test(call.headers['content-type'] ?? ''))
      violate(call, 'content-type is not application/x-www-form-urlencoded');
    const form = new URLSearchParams(call.body);
    if (form.get('grant_type') !== 'refresh_token') {
      violate(call, `grant_type ${form.get('grant_type')}`);
      return replyJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Invalid grant_type',
      });
    }
    if (
      form.get('client_id') !== credentials.clientId ||
      form.get('client_secret') !== credentials.clientSecret
    ) {
      violate(call, 'wrong client_id or client_secret');
      return replyJson(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    if (form.get('refresh_token') !== credentials.refreshToken || refreshRevoked)
      return replyJson(res, 400, {
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      });
    const accessToken = `ya29.stand-in-${randomBytes(18).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenSeconds * 1000);
    issued++;
    replyJson(res, 200, {
      access_token: accessToken,
      expires_in: tokenSeconds,
      scope: 'https://www.googleapis.com/auth/adwords',
      token_type: 'Bearer',
    });
  }

  /** The checks of every API call before its body: bearer token, developer token, manager, customer. */
  function authorize(call: StandInCall, customerId: string) {
    const bearer = /^Bearer (\S+)$/.exec(call.headers.authorization ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined) {
      if (bearer === undefined || !bearer.startsWith('ya29.stand-in-'))
        violate(call, 'no bearer token it issued');
      throw new Refusal(401, []);
    }
    if (expiresAt < Date.now()) {
      violate(call, 'an access token past its expiry');
      throw new Refusal(401, []);
    }
    const developerToken = call.headers['developer-token'];
    if (developerToken === undefined) {
      violate(call, 'no developer-token header');
      throw new Refusal(400, [
        entry('requestError', 'DEVELOPER_TOKEN_PARAMETER_MISSING', 'developer-token parameter is missing.'),
      ]);
    }
    if (developerToken !== credentials.developerToken) {
      violate(call, 'wrong developer-token');
      throw new Refusal(403, [
        entry(
          'authorizationError',
          'DEVELOPER_TOKEN_PROHIBITED',
          'Developer token is not allowed with project.',
        ),
      ]);
    }
    const login = call.headers['login-customer-id'];
    if (login !== credentials.loginCustomerId) {
      violate(
        call,
        `login-customer-id ${String(login)} (the manager is ${credentials.loginCustomerId}, digits only)`,
      );
      throw new Refusal(403, [
        entry(
          'authorizationError',
          'USER_PERMISSION_DENIED',
          "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
        ),
      ]);
    }
    if (!customers.has(customerId))
      throw new Refusal(403, [
        entry(
          'authorizationError',
          'USER_PERMISSION_DENIED',
          "User doesn't have permission to access customer.",
        ),
      ]);
    if (!/^application\/json/.test(call.headers['content-type'] ?? ''))
      violate(call, 'content-type is not JSON');
    if (call.method !== 'POST') violate(call, `method ${call.method}`);
  }

  function parseBody(call: StandInCall): Record<string, unknown> {
    try {
      const body = JSON.parse(call.body) as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // answered below
    }
    violate(call, 'body is not a JSON object');
    throw new Refusal(400, []);
  }

  /** The GAQL queries the product sends (whitespace aside), each with the rows it selects of a customer. */
  const QUERIES: [RegExp, (match: string[], customerId: string) => unknown[]][] = [
    [
      /^SELECT customer\.time_zone FROM customer$/,
      (_, customerId) => [
        { customer: { resourceName: `customers/${customerId}`, timeZone: customers.get(customerId) } },
      ],
    ],
    [
      /^SELECT campaign\.resource_name, campaign_budget\.resource_name FROM campaign WHERE campaign\.name = '([^']*)'$/,
      ([, name], customerId) =>
        mine(campaigns, customerId)
          .filter((campaign) => campaign.name === name)
          .map((campaign) => ({
            campaign: { resourceName: campaign.resourceName },
            campaignBudget: { resourceName: campaign.budget },
          })),
    ],
    [
      /^SELECT campaign_budget\.resource_name FROM campaign_budget WHERE campaign_budget\.name = '([^']*)'$/,
      ([, name], customerId) =>
        mine(store.budgets, customerId)
          .filter((budget) => budget.name === name)
          .map((budget) => ({ campaignBudget: { resourceName: budget.resourceName } })),
    ],
    [
      /^SELECT ad_group\.resource_name FROM ad_group WHERE campaign\.resource_name = '([^']+)'$/,
      ([, campaign], customerId) =>
        mine(adGroups, customerId)
          .filter((adGroup) => adGroup.campaign === campaign)
          .map((adGroup) => ({ adGroup: { resourceName: adGroup.resourceName } })),
    ],
    [
      /^SELECT ad_group_ad\.resource_name FROM ad_group_ad WHERE ad_group\.resource_name = '([^']+)'$/,
      ([, adGroup], customerId) =>
        mine(appAds, customerId)
          .filter((ad) => ad.adGroup === adGroup)
          .map((ad) => ({ adGroupAd: { resourceName: ad.resourceName } })),
    ],
    [
      /^SELECT campaign_criterion\.resource_name, campaign_criterion\.location\.geo_target_constant FROM campaign_criterion WHERE campaign\.resource_name = '([^']+)'$/,
      // Language criteria are rows too, without a location (as Google answers).
      ([, campaign], customerId) =>
        mine(criteria, customerId)
          .filter((criterion) => criterion.campaign === campaign)
          .map(({ resourceName, geoTargetConstant }) => ({
            campaignCriterion: {
              resourceName,
              ...(geoTargetConstant ? { location: { geoTargetConstant } } : {}),
            },
          })),
    ],
    [
      /^SELECT campaign\.id, segments\.date, user_location_view\.country_criterion_id, metrics\.impressions, metrics\.clicks, metrics\.conversions, metrics\.cost_micros FROM user_location_view WHERE segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})' AND campaign\.id IN \((\d+(?:, \d+)*)\)$/,
      ([, from = '', to = '', list = ''], customerId) => {
        const ids = new Set(list.split(', '));
        return (reports.get(customerId) ?? [])
          .filter((row) => ids.has(row.campaign.id) && row.segments.date >= from && row.segments.date <= to)
          .map((row) => ({
            ...row,
            campaign: {
              resourceName: `customers/${customerId}/campaigns/${row.campaign.id}`,
              id: row.campaign.id,
            },
            userLocationView: {
              resourceName: `customers/${customerId}/userLocationViews/${row.userLocationView.countryCriterionId}~true`,
              countryCriterionId: row.userLocationView.countryCriterionId,
            },
          }));
      },
    ],
    [
      /^SELECT campaign\.id, ad_group_ad\.policy_summary\.approval_status, ad_group_ad\.policy_summary\.review_status, ad_group_ad\.policy_summary\.policy_topic_entries FROM ad_group_ad WHERE campaign\.id IN \((\d+(?:, \d+)*)\)$/,
      ([, list = ''], customerId) => {
        const ids = new Set(list.split(', '));
        return mine(appAds, customerId)
          .map((ad) => ({ ad, campaign: campaigns.get(ad.campaign)! }))
          .filter(({ campaign }) => ids.has(campaign.id))
          .map(({ ad, campaign }) => ({
            campaign: { resourceName: campaign.resourceName, id: campaign.id },
            adGroupAd: {
              resourceName: ad.resourceName,
              policySummary: {
                approvalStatus: ad.approvalStatus,
                reviewStatus: ad.reviewStatus,
                ...(ad.topics.length
                  ? { policyTopicEntries: ad.topics.map((topic) => ({ topic, type: 'PROHIBITED' })) }
                  : {}),
              },
            },
          }));
      },
    ],
  ];

  function rowsOf(call: StandInCall, customerId: string, query: string): unknown[] {
    for (const [pattern, rows] of QUERIES) {
      const match = pattern.exec(query);
      if (match) {
        if (match.slice(1).some((value) => /^\d{4}-/.test(value) && !isCalendarDay(value)))
          violate(call, `a day that does not exist in ${query}`);
        return rows(match, customerId);
      }
    }
    violate(call, `a query the product does not send: ${query}`);
    throw new Refusal(400, [
      entry('queryError', 'QUERY_ERROR', `Error in query: ${query.slice(0, 80)}`, 'query'),
    ]);
  }

  /** googleAds:search: one page of the rows, the next page's token while more remain. */
  function search(call: StandInCall, customerId: string) {
    const body = parseBody(call);
    const extra = Object.keys(body).filter((key) => key !== 'query' && key !== 'pageToken');
    if (extra.length) {
      violate(call, `unexpected fields ${extra.join(', ')}`);
      // Since v17 a page holds 10,000 rows and a page size is refused.
      throw new Refusal(400, [
        extra.includes('pageSize')
          ? entry(
              'requestError',
              'PAGE_SIZE_NOT_SUPPORTED',
              'Setting the page size is not supported.',
              'page_size',
            )
          : entry(
              'fieldError',
              'INVALID_VALUE',
              `Unknown name "${extra[0]}": Cannot find field.`,
              snakeCase(extra[0]!),
            ),
      ]);
    }
    if (typeof body.query !== 'string') {
      violate(call, 'no query');
      throw new Refusal(400, [
        entry('fieldError', 'REQUIRED', 'The required field was not present.', 'query'),
      ]);
    }
    const query = body.query.replace(/\s+/g, ' ').trim();
    const rows = rowsOf(call, customerId, query);
    let offset = 0;
    if (body.pageToken !== undefined) {
      const [tokenQuery, tokenOffset] = Buffer.from(String(body.pageToken), 'base64url')
        .toString()
        .split('\n');
      if (tokenQuery !== query || !/^\d+$/.test(tokenOffset ?? '')) {
        violate(call, 'a page token of another query');
        throw new Refusal(400, [
          entry('requestError', 'INVALID_PAGE_TOKEN', 'Page token is invalid.', 'page_token'),
        ]);
      }
      offset = Number(tokenOffset);
    }
    const page = rows.slice(offset, offset + pageSize);
    const next =
      offset + pageSize < rows.length
        ? Buffer.from(`${query}\n${offset + pageSize}`).toString('base64url')
        : undefined;
    const fields = query.slice('SELECT '.length, query.indexOf(' FROM ')).split(', ');
    return {
      ...(page.length ? { results: page } : {}),
      fieldMask: fields
        .map((field) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
        .join(','),
      ...(next ? { nextPageToken: next } : {}),
    };
  }

  const api = new RegExp(
    `^/${GOOGLE_ADS_API_VERSION}/customers/([^/]+)/(${SERVICES.join('|')}|googleAds):(mutate|search)$`,
  );

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    serving = call;
    const path = call.url.split('?')[0]!;
    if (path === '/token') return token(call, res);
    const match = api.exec(path);
    if (!match || (match[2] === 'googleAds') !== (match[3] === 'search')) {
      violate(call, `no such endpoint ${call.method} ${path}`);
      return replyJson(res, 404, new Refusal(404, []).body());
    }
    const [, customerId = '', service] = match;
    if (!/^\d{10}$/.test(customerId)) violate(call, `customer id ${customerId} is not 10 digits`);
    try {
      authorize(call, customerId);
      const failure = takeFailure(['quota', 'server']);
      if (failure?.kind === 'quota')
        throw new Refusal(429, [
          entry('quotaError', 'RESOURCE_EXHAUSTED', 'Too many requests. Retry in 30 seconds.', undefined, {
            quotaErrorDetails: {
              rateScope: 'DEVELOPER',
              rateName: 'Number of operations for basic access',
              retryDelay: '30s',
            },
          }),
        ]);
      if (failure?.kind === 'server')
        throw new Refusal(500, [entry('internalError', 'INTERNAL_ERROR', 'An internal error has occurred.')]);
      replyJson(
        res,
        200,
        service === 'googleAds'
          ? search(call, customerId)
          : mutate(service as Service, customerId, parseBody(call)),
      );
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      replyJson(res, error.http, error.body());
    }
  });

  return {
    url: server.url,
    tokenUrl: `${server.url}/token`,
    options: { ...credentials, apiUrl: server.url, tokenUrl: `${server.url}/token` },
    customerId: [...customers.keys()][0]!,
    violations,
    calls,
    tokensIssued: () => issued,
    ...store,
    addCustomer: (id, timeZone = 'America/New_York') => void customers.set(id, timeZone),
    failNext: (failure, count = 1) => {
      for (let n = 0; n < count; n++) failures.push(failure);
    },
    revokeRefreshToken: () => {
      refreshRevoked = true;
    },
    revokeAccessTokens: () => tokens.clear(),
    setReview: (campaignResourceName, approvalStatus, topics = []) => {
      for (const ad of appAds.values())
        if (ad.campaign === campaignResourceName)
          Object.assign(ad, { approvalStatus, reviewStatus: 'REVIEWED', topics });
    },
    setReport: (customerId, rows) => void reports.set(customerId, rows),
    close: () => server.close(),
  };
}
