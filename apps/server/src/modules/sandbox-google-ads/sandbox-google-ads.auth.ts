import { createHash, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { sameSignature, sign } from '../../lib/signing.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import {
  SANDBOX_GOOGLE_ADS_CLIENT_ID,
  SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
  SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
  SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID,
  SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
  SANDBOX_GOOGLE_ADS_TOKEN_SECONDS,
} from './sandbox-google-ads.constants.js';
import { adsError, badRequest } from './sandbox-google-ads.errors.js';

/*
 * The sandbox's OAuth token endpoint (Google's refresh-token grant) and the checks every API call passes: a
 * bearer token it issued and that has not expired, its developer token, and its manager as `login-customer-id`.
 * Access tokens carry their expiry signed with the installation's secret, so every process checks them alike.
 */

const PURPOSE = 'sandbox-google-ads-token';

/** Constant-time equality of two strings of any length. */
const same = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** An OAuth error answer: `{error, error_description}` with its HTTP status. */
export interface OAuthRefusal {
  status: 400 | 401;
  body: { error: string; error_description: string };
}

/** Answers a token request (form fields): a fresh access token, or the refusal Google's endpoint gives. */
export async function issueToken(
  deps: Deps,
  form: Record<string, unknown>,
  now: Date,
): Promise<{ status: 200; body: object } | OAuthRefusal> {
  const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
  if (field('grant_type') !== 'refresh_token')
    return {
      status: 400,
      body: {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${field('grant_type')}`,
      },
    };
  if (!same(field('client_id'), SANDBOX_GOOGLE_ADS_CLIENT_ID))
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
    };
  if (!same(field('client_secret'), SANDBOX_GOOGLE_ADS_CLIENT_SECRET))
    return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
  if (!same(field('refresh_token'), SANDBOX_GOOGLE_ADS_REFRESH_TOKEN))
    return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
  const expires = Math.floor(now.getTime() / 1000) + SANDBOX_GOOGLE_ADS_TOKEN_SECONDS;
  const signature = sign(await signingSecret(deps.db), PURPOSE, String(expires));
  return {
    status: 200,
    body: {
      access_token: `ya29.sandbox.${expires}.${signature}`,
      expires_in: SANDBOX_GOOGLE_ADS_TOKEN_SECONDS,
      scope: 'https://www.googleapis.com/auth/adwords',
      token_type: 'Bearer',
    },
  };
}

const header = (headers: Record<string, unknown>, name: string) =>
  typeof headers[name] === 'string' ? headers[name] : undefined;

/**
 * Checks an API call's headers and customer id as Google does, in its order: the bearer token (401), the
 * developer token (401), the login customer id (403 unless it is the sandbox's manager), the customer id (any
 * ten digits but the manager's: every such account is one of the manager's clients).
 */
export async function checkCall(
  deps: Deps,
  headers: Record<string, unknown>,
  customerId: string,
  now: Date,
): Promise<void> {
  const bearer = /^Bearer (ya29\.sandbox\.(\d{1,12})\.([0-9a-f]{64}))$/.exec(
    header(headers, 'authorization') ?? '',
  );
  if (!bearer) throw adsError(401, 'authenticationError', 'OAUTH_TOKEN_INVALID', 'Oauth token is invalid.');
  const [, , expires, signature] = bearer;
  if (!sameSignature(sign(await signingSecret(deps.db), PURPOSE, expires!), signature!))
    throw adsError(401, 'authenticationError', 'OAUTH_TOKEN_INVALID', 'Oauth token is invalid.');
  if (Number(expires) * 1000 <= now.getTime())
    throw adsError(401, 'authenticationError', 'OAUTH_TOKEN_EXPIRED', 'Oauth token has expired.');
  const developerToken = header(headers, 'developer-token') ?? '';
  if (!same(developerToken, SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN))
    throw adsError(
      401,
      'authenticationError',
      'DEVELOPER_TOKEN_INVALID',
      `Developer token ${developerToken.slice(0, 40)} is not valid.`,
    );
  // The OAuth user reaches its client accounts only through the manager, so the header is needed.
  const login = header(headers, 'login-customer-id') ?? '';
  if (login.replace(/-/g, '') !== SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID)
    throw adsError(
      403,
      'authorizationError',
      'USER_PERMISSION_DENIED',
      "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header.",
    );
  if (!/^\d{10}$/.test(customerId))
    throw badRequest('requestError', 'INVALID_CUSTOMER_ID', 'Customer ID is invalid.');
  if (customerId === SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID)
    throw badRequest(
      'requestError',
      'CANNOT_BE_EXECUTED_BY_MANAGER_ACCOUNT',
      'Request cannot be executed by a manager account.',
    );
}
