/*
 * The Google Ads API over REST (README.md "Google Ads"): an access token from the OAuth refresh-token flow,
 * cached until shortly before it expires, then `{service}:mutate` and `googleAds:search` on a customer account
 * with the `developer-token` and `login-customer-id` (manager account) headers. Every refusal becomes a
 * GoogleAdsError whose kind says what the caller can do about it.
 */

/** The API version every request names (the newest Google serves; a version lives about a year). */
export const GOOGLE_ADS_API_VERSION = 'v26';
export const GOOGLE_ADS_API_URL = 'https://googleads.googleapis.com';
export const GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export interface GoogleAdsOptions {
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /**
   * The manager account the customer accounts are reached through (digits, dashes allowed); empty when the
   * refresh token's user reaches the accounts directly (no header then).
   */
  loginCustomerId: string;
  /** API base without the version, e.g. GOOGLE_ADS_API_URL. */
  apiUrl: string;
  tokenUrl: string;
}

export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

/** The services the product mutates (each `customers/{id}/{service}:mutate`). */
export type GoogleAdsService =
  'campaignBudgets' | 'campaigns' | 'campaignCriteria' | 'adGroups' | 'adGroupAds';

/** One operation of a mutate request: a create, an update with its field mask, or a remove by resource name. */
export type GoogleAdsOperation =
  | { create: Record<string, unknown> }
  | { update: Record<string, unknown>; updateMask: string }
  | { remove: string };

/**
 * What went wrong, as far as the caller can act on it: `auth` the credentials (refresh token revoked or expired,
 * no access to the account), `policy` an ad a policy refuses, `budget` a budget the API refuses, `target` a bid
 * (target CPA) it refuses, `quota` too many requests, `not-found` a resource or account that does not exist,
 * `other` the rest.
 */
export type GoogleAdsErrorKind = 'auth' | 'policy' | 'budget' | 'target' | 'quota' | 'not-found' | 'other';

export class GoogleAdsError extends Error {
  constructor(
    readonly kind: GoogleAdsErrorKind,
    /** The API's own error: `errorCode: message` of each error it listed (or the OAuth error). */
    readonly detail: string,
    /** Whether the same request may succeed later (quota, server trouble, network). */
    readonly retryable: boolean,
    /** The HTTP status answered (0: no answer). */
    readonly status = 0,
  ) {
    super(`Google Ads ${kind} error: ${detail}`);
    this.name = 'GoogleAdsError';
  }
}

/** A customer id as the API takes it: the account id's digits (`123-456-7890` → `1234567890`). */
export function customerIdOf(idKey: string): string {
  const digits = idKey.replace(/-/g, '');
  if (!/^\d{1,20}$/.test(digits)) throw new GoogleAdsError('not-found', `Bad customer id ${idKey}`, false);
  return digits;
}

/** A token is renewed this long before Google says it expires (clock skew, a slow request). */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 30_000;

/** The errorCode families (`{<family>: "<CODE>"}`) and the kind each one is. */
const KIND_OF_FAMILY: Readonly<Record<string, GoogleAdsErrorKind>> = {
  authenticationError: 'auth',
  authorizationError: 'auth',
  policyFindingError: 'policy',
  policyViolationError: 'policy',
  policyValidationParameterError: 'policy',
  campaignBudgetError: 'budget',
  biddingError: 'target',
  biddingStrategyError: 'target',
  rangeError: 'target',
  quotaError: 'quota',
};

interface FailureEntry {
  errorCode?: Record<string, string>;
  message?: string;
}

export class GoogleAdsClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly options: GoogleAdsOptions,
    private readonly fetchFn: FetchFn = (url, init) => fetch(url, init),
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies the operations in order (all or nothing) and answers each one's resource name. */
  async mutate(
    customerId: string,
    service: GoogleAdsService,
    operations: GoogleAdsOperation[],
  ): Promise<{ resourceName: string }[]> {
    const body = (await this.call(`customers/${customerIdOf(customerId)}/${service}:mutate`, {
      operations,
    })) as { results?: { resourceName?: string }[] };
    const results = body.results ?? [];
    // A success names every operation's resource; anything less is no answer to rely on.
    if (results.length !== operations.length || results.some((result) => !result.resourceName))
      throw new GoogleAdsError('other', `${service}:mutate answered no resource names`, true, 200);
    return results.map((result) => ({ resourceName: result.resourceName! }));
  }

  /** Every row a GAQL query selects, following `nextPageToken` to the last page. */
  async search<T>(customerId: string, query: string): Promise<T[]> {
    const path = `customers/${customerIdOf(customerId)}/googleAds:search`;
    const rows: T[] = [];
    let pageToken: string | undefined;
    do {
      const page = (await this.call(path, pageToken ? { query, pageToken } : { query })) as {
        results?: T[];
        nextPageToken?: string;
      };
      rows.push(...(page.results ?? []));
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return rows;
  }

  /** One API call; an access token Google no longer accepts (401) is renewed once and the call repeated. */
  private async call(path: string, payload: unknown): Promise<unknown> {
    const url = `${this.options.apiUrl.replace(/\/$/, '')}/${GOOGLE_ADS_API_VERSION}/${path}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await this.request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'developer-token': this.options.developerToken,
          ...(this.options.loginCustomerId
            ? { 'login-customer-id': customerIdOf(this.options.loginCustomerId) }
            : {}),
          'content-type': 'application/json',
        },
        body: JSON.stringify(payload),
      });
      const body = await readJson(response);
      if (response.ok && body === null)
        throw new GoogleAdsError(
          'other',
          `${path} answered something other than JSON`,
          true,
          response.status,
        );
      if (response.ok) return body;
      if (response.status === 401 && attempt === 0) {
        // Only the token this call used is dropped: a concurrent call may have renewed it already.
        if (this.token?.value === token) this.token = null;
        continue;
      }
      throw apiError(response.status, body);
    }
  }

  /** The cached access token, or a new one (concurrent callers share one token request). */
  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - TOKEN_MARGIN_MS) return this.token.value;
    this.pendingToken ??= this.refresh().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async refresh(): Promise<string> {
    const response = await this.request(this.options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        refresh_token: this.options.refreshToken,
      }).toString(),
    });
    const body = (await readJson(response)) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      const detail = body?.error
        ? `${body.error}${body.error_description ? `: ${body.error_description}` : ''}`
        : `token endpoint answered ${response.status}`;
      // invalid_grant (refresh token expired or revoked), invalid_client: only new credentials help.
      const serverTrouble = response.status >= 500 || response.status === 429;
      throw new GoogleAdsError(serverTrouble ? 'other' : 'auth', detail, serverTrouble, response.status);
    }
    const seconds = Number(body.expires_in ?? 3600);
    this.token = { value: body.access_token, expiresAt: this.now() + seconds * 1000 };
    return body.access_token;
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new GoogleAdsError('other', `No answer from ${new URL(url).host}: ${reason}`, true);
    }
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** The GoogleAdsError of a refused call: the kind from the failure's error codes, else from the HTTP status. */
function apiError(status: number, body: unknown): GoogleAdsError {
  const error = (body as { error?: { message?: string; status?: string; details?: unknown[] } } | null)
    ?.error;
  const failures = (error?.details ?? []).flatMap((detail) => {
    const entry = detail as { '@type'?: string; errors?: FailureEntry[] };
    return entry['@type']?.endsWith('.errors.GoogleAdsFailure') ? (entry.errors ?? []) : [];
  });
  const codes = failures.flatMap((failure) => Object.entries(failure.errorCode ?? {}));
  const detail = failures.length
    ? failures
        .map((failure) => {
          const [family, code] = Object.entries(failure.errorCode ?? {})[0] ?? ['error', '?'];
          return `${family}.${code}: ${failure.message ?? ''}`;
        })
        .join('; ')
    : `${status} ${error?.status ?? ''} ${error?.message ?? ''}`.replace(/\s+/g, ' ').trim();
  const kinds = codes.map(([family, code]) => kindOfCode(family, code));
  const kind =
    (['auth', 'quota', 'policy', 'budget', 'target', 'not-found'] as const).find((k) => kinds.includes(k)) ??
    kindOfStatus(status);
  const retryable = kind === 'quota' || (kind === 'other' && (status >= 500 || status === 429));
  return new GoogleAdsError(kind, detail, retryable, status);
}

function kindOfCode(family: string, code: string): GoogleAdsErrorKind {
  if (code === 'RESOURCE_NOT_FOUND' || code === 'CUSTOMER_NOT_FOUND') return 'not-found';
  return KIND_OF_FAMILY[family] ?? 'other';
}

function kindOfStatus(status: number): GoogleAdsErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 429) return 'quota';
  return 'other';
}
