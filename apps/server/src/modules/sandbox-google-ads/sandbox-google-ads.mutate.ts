import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { badRequest, fieldPath } from './sandbox-google-ads.errors.js';
import { Fields, camelKeys } from './sandbox-google-ads.fields.js';
import { adGroupAds, adGroups, criteria } from './sandbox-google-ads.mutate-ads.js';
import { budgets, campaigns } from './sandbox-google-ads.mutate-campaigns.js';
import type { Context, Handler } from './sandbox-google-ads.mutate-common.js';

/*
 * `{service}:mutate` of the five services the Google Ads network uses (campaignBudgets, campaigns,
 * campaignCriteria, adGroups, adGroupAds): every operation of a request in one transaction (all or nothing, as
 * without partialFailure), each checked as Google checks it, the first refusal answered with its location.
 */

export const MUTATE_SERVICES = [
  'campaignBudgets',
  'campaigns',
  'campaignCriteria',
  'adGroups',
  'adGroupAds',
] as const;
export type MutateService = (typeof MUTATE_SERVICES)[number];

const MAX_OPERATIONS = 10_000;

const HANDLERS: Record<MutateService, Handler> = {
  campaignBudgets: budgets,
  campaigns,
  campaignCriteria: criteria,
  adGroups,
  adGroupAds,
};

/** The unique indexes a concurrent request can meet, and the refusal each one means. */
const DUPLICATES: Record<string, [string, string, string]> = {
  sandbox_google_ads_budgets_name_unique: [
    'campaignBudgetError',
    'DUPLICATE_NAME',
    'A budget with this name already exists.',
  ],
  sandbox_google_ads_campaigns_name_unique: [
    'campaignError',
    'DUPLICATE_CAMPAIGN_NAME',
    'A campaign with this name already exists.',
  ],
  sandbox_google_ads_ad_groups_name_unique: [
    'adGroupError',
    'DUPLICATE_ADGROUP_NAME',
    'AdGroup with the same name already exists for the campaign.',
  ],
};

class ValidateOnly extends Error {}

/**
 * Applies a mutate request's operations (`{operations, validateOnly?}`) in one transaction and answers
 * `{results: [{resourceName}]}` in their order (`{}` for validateOnly); the first refusal undoes them all.
 */
export async function mutate(
  deps: Deps,
  version: string,
  cid: string,
  service: MutateService,
  rawBody: unknown,
  now: Date,
): Promise<object> {
  const body = Fields.of(camelKeys(rawBody), [], 'Mutate request', version).only([
    'operations',
    'partialFailure',
    'validateOnly',
    'responseContentType',
  ]);
  if (body.bool('partialFailure'))
    throw badRequest(
      'mutateError',
      'OPERATION_DOES_NOT_SUPPORT_PARTIAL_FAILURE',
      'The sandbox applies a request as a whole: partialFailure is not supported.',
      body.at('partialFailure'),
    );
  const validateOnly = body.bool('validateOnly') ?? false;
  body.enumOf('responseContentType', ['RESOURCE_NAME_ONLY'], 'ResponseContentTypeEnum.ResponseContentType');
  const operations = body.messages('operations', 'Operation');
  if (!operations.length) body.required('operations');
  if (operations.length > MAX_OPERATIONS)
    throw badRequest(
      'requestError',
      'TOO_MANY_MUTATE_OPERATIONS',
      'Received too many entries in request.',
      body.at('operations'),
    );
  const handler = HANDLERS[service];
  try {
    const results = await deps.db.transaction(async (tx) => {
      const ctx: Context = { tx, cid, now, speed: deps.config.vendorSandboxSpeed };
      const names: string[] = [];
      for (const operation of operations) {
        operation.only([
          'create',
          'update',
          'updateMask',
          'remove',
          'exemptPolicyViolationKeys',
          'policyValidationParameter',
        ]);
        const kinds = (['create', 'update', 'remove'] as const).filter((kind) => operation.has(kind));
        if (kinds.length !== 1)
          throw badRequest(
            'requestError',
            'OPERATION_REQUIRED',
            'Mutate operation should have either create, update, or remove specified.',
            fieldPath(...operation.path),
          );
        const kind = kinds[0]!;
        if (kind === 'remove')
          names.push(await handler.remove(ctx, operation.value.remove, [...operation.path, 'remove']));
        else {
          const message = operation.message(kind, 'Resource')!;
          if (kind === 'create') names.push(await handler.create(ctx, message));
          else {
            if (!message.has('resourceName'))
              throw badRequest(
                'requestError',
                'RESOURCE_NAME_MISSING',
                'Resource name is required for this request.',
                message.at('resourceName'),
              );
            const mask = operation.text('updateMask') ?? '';
            names.push(await handler.update(ctx, message, mask));
          }
        }
      }
      if (validateOnly) throw new ValidateOnly();
      return names;
    });
    return { results: results.map((resourceName) => ({ resourceName })) };
  } catch (error) {
    if (error instanceof ValidateOnly) return {};
    const index = Object.keys(DUPLICATES).find((name) => isUniqueViolation(error, name));
    if (index) throw badRequest(...DUPLICATES[index]!);
    throw error;
  }
}

/** Whether a path's `{service}` names one of the services the sandbox mutates. */
export const isMutateService = (service: string): service is MutateService =>
  (MUTATE_SERVICES as readonly string[]).includes(service);
