import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import { GEO_TARGETS, isCalendarDay } from '@storelift/shared';
import {
  GOOGLE_ADS_API_VERSION,
  type GoogleAdsOptions,
} from '../src/providers/ad-network/google-ads/google-ads-client.js';
import {
  idOfResource,
  type ReportRow,
} from '../src/providers/ad-network/google-ads/google-ads-operations.js';
import { replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';
import {
  adGroupAdCreateShape,
  adGroupCreateShape,
  budgetCreateShape,
  budgetUpdateShape,
  campaignCreateShape,
  campaignUpdateShape,
  criterionCreateShape,
  snakeCase,
  UPDATABLE,
} from './stand-in-google-ads-shapes.js';

/*
 * A stand-in Google Ads API for tests and the bench (providers/ad-network/README.md "Google Ads"): the OAuth token
 * endpoint (refresh-token grant), `{service}:mutate` of campaignBudgets, campaigns, campaignCriteria, adGroups and
 * adGroupAds, and `googleAds:search` answering the GAQL queries the product sends, over REST as Google serves them.
 * It checks every request: a bearer token it issued and that has not expired, the developer-token and
 * login-customer-id headers, a customer the manager account manages, and each operation's JSON shape
 * (stand-in-google-ads-shapes.ts). What a well-behaved client would never send is recorded in `violations` and
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

/** A failure the next matching request meets. */
export type StandInGoogleAdsFailure =
  /** Any API call: 429 RESOURCE_EXHAUSTED (quotaError). */
  | { kind: 'quota' }
  /** Any API call: 500 INTERNAL (internalError). */
  | { kind: 'server' }
  /** A campaignBudgets mutate: campaignBudgetError `code`. */
  | { kind: 'budget'; code?: string }
  /** A campaigns mutate that sets the target CPA: `family` (rangeError or biddingError) `code`. */
  | { kind: 'target'; family?: 'rangeError' | 'biddingError'; code?: string }
  /** An adGroupAds create: policyFindingError POLICY_FINDING naming `topic`. */
  | { kind: 'policy'; topic?: string };

export type ApprovalStatus = 'APPROVED' | 'APPROVED_LIMITED' | 'DISAPPROVED' | 'UNKNOWN';

export interface StandInBudget {
  resourceName: string;
  name: string;
  amountMicros: bigint;
}

export interface StandInCampaign {
  resourceName: string;
  id: string;
  name: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
  budget: string;
  targetCpaMicros: bigint;
  appId: string;
  appStore: string;
  startDateTime: string | undefined;
  endDateTime: string | undefined;
}

export interface StandInCriterion {
  resourceName: string;
  campaign: string;
  geoTargetConstant?: string;
  languageConstant?: string;
}

export interface StandInAdGroup {
  resourceName: string;
  name: string;
  campaign: string;
}

export interface StandInAppAd {
  resourceName: string;
  adGroup: string;
  campaign: string;
  headlines: string[];
  descriptions: string[];
  approvalStatus: ApprovalStatus;
  reviewStatus: 'REVIEW_IN_PROGRESS' | 'REVIEWED';
  topics: string[];
}

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

export interface StandInGoogleAds {
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
  budgets: Map<string, StandInBudget>;
  campaigns: Map<string, StandInCampaign>;
  criteria: Map<string, StandInCriterion>;
  adGroups: Map<string, StandInAdGroup>;
  appAds: Map<string, StandInAppAd>;
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

interface ErrorEntry {
  errorCode: Record<string, string>;
  message: string;
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
  details?: unknown;
}

const CANONICAL: Record<number, [string, string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  401: [
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  ],
  403: ['PERMISSION_DENIED', 'The caller does not have permission'],
  404: ['NOT_FOUND', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'Too many requests. Retry in 30 seconds.'],
  500: ['INTERNAL', 'Internal error encountered.'],
};

/** A refusal in Google's shape: HTTP status, canonical status, GoogleAdsFailure details (none for a bad token). */
class Refusal extends Error {
  constructor(
    readonly http: number,
    readonly errors: ErrorEntry[],
  ) {
    super(errors[0]?.message ?? CANONICAL[http]?.[1]);
  }

  body() {
    const [status, message] = CANONICAL[this.http] ?? ['UNKNOWN', 'Unknown error.'];
    const details = this.errors.length
      ? [
          {
            '@type': `type.googleapis.com/google.ads.googleads.${GOOGLE_ADS_API_VERSION}.errors.GoogleAdsFailure`,
            errors: this.errors,
            requestId: randomBytes(16).toString('base64url').slice(0, 22),
          },
        ]
      : undefined;
    return { error: { code: this.http, message, status, ...(details ? { details } : {}) } };
  }
}

/** One error of `family` and `code` at `path` (dotted proto path; `operations[0]` style indexes). */
function entry(family: string, code: string, message: string, path?: string, details?: unknown): ErrorEntry {
  return {
    errorCode: { [family]: code },
    message,
    ...(path
      ? {
          location: {
            fieldPathElements: path.split('.').map((segment) => {
              const [, fieldName = segment, index] = /^(\w+)(?:\[(\d+)\])?$/.exec(segment) ?? [];
              return index === undefined ? { fieldName } : { fieldName, index: Number(index) };
            }),
          },
        }
      : {}),
    ...(details === undefined ? {} : { details }),
  };
}

const GEO_IDS = new Set(Object.values(GEO_TARGETS).map(String));
const SERVICES = ['campaignBudgets', 'campaigns', 'campaignCriteria', 'adGroups', 'adGroupAds'] as const;
type Service = (typeof SERVICES)[number];

/** An operation planned in a mutate: its resource name and the change, applied only if every operation passes. */
interface Planned {
  resourceName: string;
  apply(): void;
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
  const disapprove = Object.entries(options.disapprove ?? {});
  const customers = new Map(
    Object.entries(options.customers ?? { [STAND_IN_GOOGLE_ADS_CUSTOMER]: 'America/New_York' }),
  );
  const violations: string[] = [];
  const calls: StandInCall[] = [];
  const tokens = new Map<string, number>();
  const budgets = new Map<string, StandInBudget>();
  const campaigns = new Map<string, StandInCampaign>();
  const criteria = new Map<string, StandInCriterion>();
  const adGroups = new Map<string, StandInAdGroup>();
  const appAds = new Map<string, StandInAppAd>();
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

  /** Shape errors of `value` against `shape`, at `base` (e.g. `operations[2].create`). */
  function shapeErrors<T>(
    shape: z.ZodType<T>,
    value: unknown,
    base: string,
  ): { data: T; errors: [] } | { data: null; errors: ErrorEntry[] } {
    const parsed = shape.safeParse(value);
    if (parsed.success) return { data: parsed.data, errors: [] };
    return {
      data: null,
      errors: parsed.error.issues.map((issue) => {
        const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
        const path = [base, ...issue.path.map((part) => snakeCase(String(part)))].join('.');
        return unknownKeys.length
          ? entry(
              'fieldError',
              'INVALID_VALUE',
              `Unknown name "${unknownKeys.join('", "')}": Cannot find field.`,
              path,
            )
          : issue.code === 'invalid_type' && issue.message.endsWith('received undefined')
            ? entry('fieldError', 'REQUIRED', `The required field was not present: ${issue.message}`, path)
            : entry('fieldError', 'INVALID_VALUE', issue.message, path);
      }),
    };
  }

  const customerOf = (resourceName: string) => /^customers\/(\d+)\//.exec(resourceName)?.[1];
  const owned = <T>(map: Map<string, T>, resourceName: string, customerId: string) =>
    customerOf(resourceName) === customerId ? map.get(resourceName) : undefined;
  const notFound = (path: string, what: string) =>
    entry('mutateError', 'RESOURCE_NOT_FOUND', `The requested resource was not found: ${what}.`, path);
  const removed = (path: string) =>
    entry(
      'operationAccessDeniedError',
      'OPERATION_NOT_PERMITTED_FOR_REMOVED_RESOURCE',
      'Mutate operations are not allowed on removed resources.',
      path,
    );

  /** The update mask: fields the service may update, each present in the update. */
  function maskErrors(service: Service, op: Record<string, unknown>, base: string): ErrorEntry[] {
    const mask = typeof op.updateMask === 'string' ? op.updateMask.split(',').filter(Boolean) : [];
    const update = op.update as Record<string, unknown>;
    const allowed = UPDATABLE[service] ?? [];
    const bad = mask.filter((path) => !allowed.includes(path) || readPath(update, path) === undefined);
    return !mask.length || bad.length
      ? [
          entry(
            'fieldMaskError',
            'FIELD_NOT_FOUND',
            `Bad update mask "${String(op.updateMask)}".`,
            `${base}.update_mask`,
          ),
        ]
      : [];
  }

  const microsErrors = (micros: bigint, path: string, family: string, code: string) =>
    micros % 10_000n === 0n
      ? []
      : [entry(family, code, 'The amount must be a multiple of the currency minimum unit (0.01).', path)];

  /** Plans one operation of a service, or answers its errors (nothing is changed until all pass). */
  function plan(
    service: Service,
    customerId: string,
    op: Record<string, unknown>,
    i: number,
    staged: Set<string>,
  ): Planned | ErrorEntry[] {
    const kind = ['create', 'update', 'remove'].filter((key) => key in op);
    const extra = Object.keys(op).filter(
      (key) => !['create', 'update', 'remove', 'updateMask'].includes(key),
    );
    if (kind.length !== 1 || extra.length || ('updateMask' in op && kind[0] !== 'update'))
      return [
        entry(
          'requestError',
          'INVALID_INPUT',
          'An operation holds exactly one of create, update, remove.',
          `operations[${i}]`,
        ),
      ];
    const base = `operations[${i}].${kind[0]}`;
    const prefix = `customers/${customerId}`;

    if (service === 'campaignBudgets') {
      if ('create' in op) {
        const { data, errors } = shapeErrors(budgetCreateShape, op.create, base);
        if (!data) return errors;
        const duplicate = [...budgets.values()].some(
          (b) => customerOf(b.resourceName) === customerId && b.name === data.name,
        );
        if (duplicate || staged.has(`budget:${data.name}`))
          return [
            entry('campaignBudgetError', 'DUPLICATE_NAME', 'Budget name is already in use.', `${base}.name`),
          ];
        const micro = microsErrors(
          data.amountMicros,
          `${base}.amount_micros`,
          'campaignBudgetError',
          'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
        );
        if (micro.length) return micro;
        staged.add(`budget:${data.name}`);
        const resourceName = `${prefix}/campaignBudgets/${newId()}`;
        return {
          resourceName,
          apply: () =>
            void budgets.set(resourceName, {
              resourceName,
              name: data.name,
              amountMicros: data.amountMicros,
            }),
        };
      }
      if ('update' in op) {
        const { data, errors } = shapeErrors(budgetUpdateShape, op.update, base);
        if (!data) return errors;
        const mask = maskErrors(service, op, `operations[${i}]`);
        if (mask.length) return mask;
        const budget = owned(budgets, data.resourceName, customerId);
        if (!budget) return [notFound(`${base}.resource_name`, data.resourceName)];
        const micro = microsErrors(
          data.amountMicros!,
          `${base}.amount_micros`,
          'campaignBudgetError',
          'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT',
        );
        if (micro.length) return micro;
        return {
          resourceName: budget.resourceName,
          apply: () => void (budget.amountMicros = data.amountMicros!),
        };
      }
    }

    if (service === 'campaigns') {
      if ('create' in op) {
        const { data, errors } = shapeErrors(campaignCreateShape, op.create, base);
        if (!data) return errors;
        const found: ErrorEntry[] = [];
        if (!owned(budgets, data.campaignBudget, customerId))
          found.push(notFound(`${base}.campaign_budget`, data.campaignBudget));
        else if (
          [...campaigns.values()].some((c) => c.budget === data.campaignBudget) ||
          staged.has(`uses:${data.campaignBudget}`)
        )
          found.push(
            entry(
              'campaignBudgetError',
              'CANNOT_USE_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
              'An App campaign cannot share its budget.',
              `${base}.campaign_budget`,
            ),
          );
        const taken = [...campaigns.values()].some(
          (c) => customerOf(c.resourceName) === customerId && c.name === data.name && c.status !== 'REMOVED',
        );
        if (taken || staged.has(`campaign:${data.name}`))
          found.push(
            entry(
              'campaignError',
              'DUPLICATE_CAMPAIGN_NAME',
              'Campaign with this name already exists.',
              `${base}.name`,
            ),
          );
        const { appId, appStore } = data.appCampaignSetting;
        if (
          appStore === 'GOOGLE_APP_STORE'
            ? !/^[a-z][\w]*(\.[a-z][\w]*)+$/i.test(appId)
            : !/^\d{9,10}$/.test(appId)
        )
          found.push(
            entry(
              'fieldError',
              'INVALID_VALUE',
              `"${appId}" is not an app id of ${appStore}.`,
              `${base}.app_campaign_setting.app_id`,
            ),
          );
        found.push(
          ...microsErrors(
            data.targetCpa.targetCpaMicros,
            `${base}.target_cpa.target_cpa_micros`,
            'biddingError',
            'BID_TOO_MANY_FRACTIONAL_DIGITS',
          ),
        );
        found.push(...dateErrors(data.startDateTime, data.endDateTime, base));
        if (found.length) return found;
        staged.add(`campaign:${data.name}`);
        staged.add(`uses:${data.campaignBudget}`);
        const id = newId();
        const resourceName = `${prefix}/campaigns/${id}`;
        return {
          resourceName,
          apply: () =>
            void campaigns.set(resourceName, {
              resourceName,
              id,
              name: data.name,
              status: data.status,
              budget: data.campaignBudget,
              targetCpaMicros: data.targetCpa.targetCpaMicros,
              appId,
              appStore,
              startDateTime: data.startDateTime,
              endDateTime: data.endDateTime,
            }),
        };
      }
      if ('update' in op) {
        const { data, errors } = shapeErrors(campaignUpdateShape, op.update, base);
        if (!data) return errors;
        const mask = maskErrors(service, op, `operations[${i}]`);
        if (mask.length) return mask;
        const campaign = owned(campaigns, data.resourceName, customerId);
        if (!campaign) return [notFound(`${base}.resource_name`, data.resourceName)];
        if (campaign.status === 'REMOVED') return [removed(`${base}.resource_name`)];
        const found = [
          ...(data.targetCpa
            ? microsErrors(
                data.targetCpa.targetCpaMicros,
                `${base}.target_cpa.target_cpa_micros`,
                'biddingError',
                'BID_TOO_MANY_FRACTIONAL_DIGITS',
              )
            : []),
          ...(data.endDateTime ? dateErrors(campaign.startDateTime, data.endDateTime, base) : []),
        ];
        if (found.length) return found;
        return {
          resourceName: campaign.resourceName,
          apply: () => {
            if (data.status) campaign.status = data.status;
            if (data.targetCpa) campaign.targetCpaMicros = data.targetCpa.targetCpaMicros;
            if (data.endDateTime) campaign.endDateTime = data.endDateTime;
          },
        };
      }
      const resourceName = String(op.remove);
      const campaign = owned(campaigns, resourceName, customerId);
      if (!campaign) return [notFound(base, resourceName)];
      if (campaign.status === 'REMOVED') return [removed(base)];
      return { resourceName, apply: () => void (campaign.status = 'REMOVED') };
    }

    if (service === 'campaignCriteria') {
      if ('create' in op) {
        const { data, errors } = shapeErrors(criterionCreateShape, op.create, base);
        if (!data) return errors;
        const campaign = owned(campaigns, data.campaign, customerId);
        if (!campaign) return [notFound(`${base}.campaign`, data.campaign)];
        if (campaign.status === 'REMOVED') return [removed(`${base}.campaign`)];
        const constant = data.location?.geoTargetConstant ?? data.language!.languageConstant;
        const criterionId = constant.slice(constant.indexOf('/') + 1);
        if (data.location && !GEO_IDS.has(criterionId))
          return [notFound(`${base}.location.geo_target_constant`, constant)];
        const resourceName = `${prefix}/campaignCriteria/${campaign.id}~${criterionId}`;
        if (criteria.has(resourceName) || staged.has(resourceName))
          return [entry('mutateError', 'RESOURCE_ALREADY_EXISTS', 'The resource already exists.', base)];
        staged.add(resourceName);
        return {
          resourceName,
          apply: () =>
            void criteria.set(resourceName, {
              resourceName,
              campaign: data.campaign,
              ...(data.location ? { geoTargetConstant: constant } : { languageConstant: constant }),
            }),
        };
      }
      if ('remove' in op) {
        const resourceName = String(op.remove);
        if (!owned(criteria, resourceName, customerId)) return [notFound(base, resourceName)];
        return { resourceName, apply: () => void criteria.delete(resourceName) };
      }
    }

    if (service === 'adGroups' && 'create' in op) {
      const { data, errors } = shapeErrors(adGroupCreateShape, op.create, base);
      if (!data) return errors;
      const campaign = owned(campaigns, data.campaign, customerId);
      if (!campaign) return [notFound(`${base}.campaign`, data.campaign)];
      if (campaign.status === 'REMOVED') return [removed(`${base}.campaign`)];
      if ([...adGroups.values()].some((g) => g.campaign === data.campaign && g.name === data.name))
        return [
          entry(
            'adGroupError',
            'DUPLICATE_ADGROUP_NAME',
            'AdGroup with the same name already exists for the campaign.',
            `${base}.name`,
          ),
        ];
      const resourceName = `${prefix}/adGroups/${newId()}`;
      return {
        resourceName,
        apply: () =>
          void adGroups.set(resourceName, { resourceName, name: data.name, campaign: data.campaign }),
      };
    }

    if (service === 'adGroupAds' && 'create' in op) {
      const { data, errors } = shapeErrors(adGroupAdCreateShape, op.create, base);
      if (!data) return errors;
      const adGroup = owned(adGroups, data.adGroup, customerId);
      if (!adGroup) return [notFound(`${base}.ad_group`, data.adGroup)];
      if (campaigns.get(adGroup.campaign)?.status === 'REMOVED') return [removed(`${base}.ad_group`)];
      const headlines = data.ad.appAd.headlines.map((asset) => asset.text);
      const descriptions = data.ad.appAd.descriptions.map((asset) => asset.text);
      const failure = takeFailure(['policy']);
      if (failure?.kind === 'policy')
        return [
          entry(
            'policyFindingError',
            'POLICY_FINDING',
            'The resource has been disapproved since the policy summary includes policy topics of type PROHIBITED.',
            `${base}.ad.app_ad.headlines[0].text`,
            {
              policyFindingDetails: {
                policyTopicEntries: [{ topic: failure.topic ?? 'UNRELIABLE_CLAIMS', type: 'PROHIBITED' }],
              },
            },
          ),
        ];
      const words = [...headlines, ...descriptions].join('\n').toLowerCase();
      const topics = disapprove
        .filter(([phrase]) => words.includes(phrase.toLowerCase()))
        .map(([, topic]) => topic);
      const resourceName = `${prefix}/adGroupAds/${idOfResource(data.adGroup)}~${newId()}`;
      return {
        resourceName,
        apply: () =>
          void appAds.set(resourceName, {
            resourceName,
            adGroup: data.adGroup,
            campaign: adGroup.campaign,
            headlines,
            descriptions,
            approvalStatus: topics.length ? 'DISAPPROVED' : 'APPROVED',
            reviewStatus: 'REVIEWED',
            topics,
          }),
      };
    }

    return [entry('mutateError', 'MUTATE_NOT_ALLOWED', `${kind[0]} is not used on ${service}.`, base)];
  }

  /** Daily granularity: a start at 00:00:00, an end at 23:59:59 on a day not before the start. */
  function dateErrors(start: string | undefined, end: string | undefined, base: string): ErrorEntry[] {
    const found: ErrorEntry[] = [];
    if (start && (!isCalendarDay(start.slice(0, 10)) || !start.endsWith(' 00:00:00')))
      found.push(
        entry(
          'fieldError',
          'INVALID_VALUE',
          'App campaigns start at 00:00:00 of a day.',
          `${base}.start_date_time`,
        ),
      );
    if (end && (!isCalendarDay(end.slice(0, 10)) || !end.endsWith(' 23:59:59')))
      found.push(
        entry(
          'fieldError',
          'INVALID_VALUE',
          'App campaigns end at 23:59:59 of a day.',
          `${base}.end_date_time`,
        ),
      );
    if (start && end && end < start)
      found.push(
        entry(
          'campaignError',
          'END_DATE_TIME_IS_BEFORE_START_DATE_TIME',
          'The end is before the start.',
          `${base}.end_date_time`,
        ),
      );
    return found;
  }

  function mutate(call: StandInCall, service: Service, customerId: string) {
    const body = parseBody(call);
    const extra = Object.keys(body).filter((key) => key !== 'operations');
    if (extra.length) violate(call, `unexpected fields ${extra.join(', ')}`);
    const operations = body.operations;
    if (!Array.isArray(operations) || !operations.length) {
      violate(call, 'no operations');
      throw new Refusal(400, [
        entry('mutateError', 'NO_OPERATIONS', 'No operations were provided.', 'operations'),
      ]);
    }
    const failure =
      service === 'campaignBudgets'
        ? takeFailure(['budget'])
        : service === 'campaigns' && operations.some((op) => setsTargetCpa(op))
          ? takeFailure(['target'])
          : null;
    if (failure?.kind === 'budget')
      throw new Refusal(400, [
        entry(
          'campaignBudgetError',
          failure.code ?? 'MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC',
          'The budget amount is too small.',
          'operations[0].create.amount_micros',
        ),
      ]);
    if (failure?.kind === 'target') {
      const index = operations.findIndex((op) => setsTargetCpa(op));
      const kind = 'create' in (operations[index] as object) ? 'create' : 'update';
      throw new Refusal(400, [
        entry(
          failure.family ?? 'rangeError',
          failure.code ?? 'TOO_LOW',
          'Too low.',
          `operations[${index}].${kind}.target_cpa.target_cpa_micros`,
        ),
      ]);
    }
    const staged = new Set<string>();
    const plans = operations.map((op, i) =>
      op && typeof op === 'object'
        ? plan(service, customerId, op as Record<string, unknown>, i, staged)
        : [entry('requestError', 'INVALID_INPUT', 'An operation is an object.', `operations[${i}]`)],
    );
    const errors = plans.flatMap((planned) => (Array.isArray(planned) ? planned : []));
    if (errors.length) throw new Refusal(400, errors);
    const results = (plans as Planned[]).map((planned) => {
      planned.apply();
      return { resourceName: planned.resourceName };
    });
    return { results };
  }

  /** The GAQL queries the product sends (whitespace aside) and the rows each selects. */
  function rowsOf(call: StandInCall, customerId: string, query: string): unknown[] {
    const prefix = `customers/${customerId}/`;
    let match: RegExpExecArray | null;
    if (query === 'SELECT customer.time_zone FROM customer')
      return [{ customer: { resourceName: `customers/${customerId}`, timeZone: customers.get(customerId) } }];
    if (
      (match =
        /^SELECT campaign\.resource_name, campaign_budget\.resource_name FROM campaign WHERE campaign\.name = '([^']*)'$/.exec(
          query,
        ))
    )
      return [...campaigns.values()]
        .filter((c) => c.resourceName.startsWith(prefix) && c.name === match![1])
        .map((c) => ({
          campaign: { resourceName: c.resourceName },
          campaignBudget: { resourceName: c.budget },
        }));
    if (
      (match =
        /^SELECT ad_group\.resource_name FROM ad_group WHERE campaign\.resource_name = '([^']+)'$/.exec(
          query,
        ))
    )
      return [...adGroups.values()]
        .filter((g) => g.campaign === match![1] && g.resourceName.startsWith(prefix))
        .map((g) => ({ adGroup: { resourceName: g.resourceName } }));
    if (
      (match =
        /^SELECT ad_group_ad\.resource_name FROM ad_group_ad WHERE ad_group\.resource_name = '([^']+)'$/.exec(
          query,
        ))
    )
      return [...appAds.values()]
        .filter((ad) => ad.adGroup === match![1] && ad.resourceName.startsWith(prefix))
        .map((ad) => ({ adGroupAd: { resourceName: ad.resourceName } }));
    if (
      (match =
        /^SELECT campaign_criterion\.resource_name, campaign_criterion\.location\.geo_target_constant FROM campaign_criterion WHERE campaign\.resource_name = '([^']+)'$/.exec(
          query,
        ))
    )
      return [...criteria.values()]
        .filter((c) => c.campaign === match![1] && c.resourceName.startsWith(prefix))
        .map((c) => ({
          campaignCriterion: {
            resourceName: c.resourceName,
            ...(c.geoTargetConstant ? { location: { geoTargetConstant: c.geoTargetConstant } } : {}),
          },
        }));
    if (
      (match =
        /^SELECT campaign\.id, segments\.date, user_location_view\.country_criterion_id, metrics\.impressions, metrics\.clicks, metrics\.conversions, metrics\.cost_micros FROM user_location_view WHERE segments\.date BETWEEN '([\d-]+)' AND '([\d-]+)' AND campaign\.id IN \(([\d, ]+)\)$/.exec(
          query,
        ))
    ) {
      const [, from = '', to = '', list = ''] = match;
      if (!isCalendarDay(from) || !isCalendarDay(to)) violate(call, `report days ${from}, ${to}`);
      const ids = new Set(list.split(',').map((id) => id.trim()));
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
    }
    if (
      (match =
        /^SELECT campaign\.id, ad_group_ad\.policy_summary\.approval_status, ad_group_ad\.policy_summary\.review_status, ad_group_ad\.policy_summary\.policy_topic_entries FROM ad_group_ad WHERE campaign\.id IN \(([\d, ]+)\)$/.exec(
          query,
        ))
    ) {
      const ids = new Set(match[1]!.split(',').map((id) => id.trim()));
      return [...appAds.values()]
        .map((ad) => ({ ad, campaign: campaigns.get(ad.campaign)! }))
        .filter(({ ad, campaign }) => ids.has(campaign.id) && ad.resourceName.startsWith(prefix))
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
      throw new Refusal(400, [
        entry(
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
        service === 'googleAds' ? search(call, customerId) : mutate(call, service as Service, customerId),
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
    budgets,
    campaigns,
    criteria,
    adGroups,
    appAds,
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

function setsTargetCpa(op: unknown): boolean {
  const operation = op as { create?: { targetCpa?: unknown }; update?: { targetCpa?: unknown } } | null;
  return Boolean(operation?.create?.targetCpa ?? operation?.update?.targetCpa);
}

function readPath(object: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}
