import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { GOOGLE_ADS_API_VERSION } from '../src/providers/ad-network/google-ads/google-ads-client.js';

/*
 * The JSON shapes the stand-in Google Ads API (stand-in-google-ads.ts) accepts in each mutate operation, as the
 * REST reference of the API version defines them for App campaigns: camelCase field names, enums as their names,
 * int64 as a decimal string (or a JSON integer, which Google also takes). An unknown field is refused as Google
 * refuses it ("Cannot find field"), so a removed field (campaign.startDate since v23) shows at once.
 */

const int64 = z
  .union([z.string().regex(/^-?\d{1,19}$/), z.number().int()])
  .transform((value) => BigInt(value));
const positiveMicros = int64.refine((value) => value > 0n, 'must be greater than 0');
const text = z.string().min(1);
const status = z.enum(['ENABLED', 'PAUSED']);
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be "yyyy-MM-dd HH:mm:ss"');
const resourceName = (collection: string) =>
  z
    .string()
    .regex(new RegExp(`^customers/\\d+/${collection}/[\\d~]+$`), `must be a ${collection} resource name`);

export const budgetCreateShape = z
  .object({
    name: text,
    amountMicros: positiveMicros,
    deliveryMethod: z.enum(['STANDARD', 'ACCELERATED']).optional(),
    // App campaigns cannot use a shared budget: it must say so.
    explicitlyShared: z.literal(false),
  })
  .strict();

export const budgetUpdateShape = z
  .object({ resourceName: resourceName('campaignBudgets'), amountMicros: positiveMicros.optional() })
  .strict();

export const campaignCreateShape = z
  .object({
    name: text,
    status,
    advertisingChannelType: z.literal('MULTI_CHANNEL'),
    advertisingChannelSubType: z.literal('APP_CAMPAIGN'),
    campaignBudget: resourceName('campaignBudgets'),
    targetCpa: z.object({ targetCpaMicros: positiveMicros }).strict(),
    appCampaignSetting: z
      .object({
        appId: text,
        appStore: z.enum(['GOOGLE_APP_STORE', 'APPLE_APP_STORE']),
        biddingStrategyGoalType: z.literal('OPTIMIZE_INSTALLS_TARGET_INSTALL_COST'),
      })
      .strict(),
    containsEuPoliticalAdvertising: z.enum([
      'CONTAINS_EU_POLITICAL_ADVERTISING',
      'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
    ]),
    startDateTime: dateTime.optional(),
    endDateTime: dateTime.optional(),
  })
  .strict();

export const campaignUpdateShape = z
  .object({
    resourceName: resourceName('campaigns'),
    status: status.optional(),
    targetCpa: z.object({ targetCpaMicros: positiveMicros }).strict().optional(),
    endDateTime: dateTime.optional(),
  })
  .strict();

export const criterionCreateShape = z
  .object({
    campaign: resourceName('campaigns'),
    location: z
      .object({ geoTargetConstant: z.string().regex(/^geoTargetConstants\/\d+$/) })
      .strict()
      .optional(),
    language: z
      .object({ languageConstant: z.string().regex(/^languageConstants\/\d+$/) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((criterion) => (criterion.location ? 1 : 0) + (criterion.language ? 1 : 0) === 1, {
    message: 'exactly one of location and language must be set',
  });

// An App campaign's ad group takes no type and no bids: Google sets them.
export const adGroupCreateShape = z
  .object({ name: text, campaign: resourceName('campaigns'), status })
  .strict();

const textAssets = (max: number, most: number) =>
  z
    .array(z.object({ text: z.string().min(1).max(max) }).strict())
    .min(1)
    .max(most);

export const adGroupAdCreateShape = z
  .object({
    adGroup: resourceName('adGroups'),
    status,
    ad: z
      .object({
        appAd: z.object({ headlines: textAssets(30, 5), descriptions: textAssets(90, 5) }).strict(),
      })
      .strict(),
  })
  .strict();

/** The fields an update of each service may name in its mask (camelCase paths, as the JSON FieldMask has them). */
export const UPDATABLE: Readonly<Record<string, readonly string[]>> = {
  campaignBudgets: ['amountMicros'],
  campaigns: ['status', 'targetCpa.targetCpaMicros', 'endDateTime'],
};

/** Google names a field in an error by its proto name: `amountMicros` → `amount_micros`. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export interface ErrorEntry {
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
export class Refusal extends Error {
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
export function entry(
  family: string,
  code: string,
  message: string,
  path?: string,
  details?: unknown,
): ErrorEntry {
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
