import type { z } from 'zod';
import { GEO_TARGETS, isCalendarDay } from '@storelift/shared';
import { idOfResource } from '../src/providers/ad-network/google-ads/google-ads-operations.js';
import {
  adGroupAdCreateShape,
  adGroupCreateShape,
  budgetCreateShape,
  budgetUpdateShape,
  campaignCreateShape,
  campaignUpdateShape,
  criterionCreateShape,
  entry,
  Refusal,
  snakeCase,
  UPDATABLE,
  type ErrorEntry,
} from './stand-in-google-ads-protocol.js';

/*
 * The mutate side of the stand-in Google Ads (stand-in-google-ads.ts): what it keeps of each created resource, and
 * `{service}:mutate` with Google's rules: every operation checked (shape, references, names, amounts, dates), all
 * applied or none, refusals in Google's error shape. A shape no well-behaved client sends is also a violation.
 */

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

/** What the stand-in keeps, by resource name. */
export interface StandInStore {
  budgets: Map<string, StandInBudget>;
  campaigns: Map<string, StandInCampaign>;
  criteria: Map<string, StandInCriterion>;
  adGroups: Map<string, StandInAdGroup>;
  appAds: Map<string, StandInAppAd>;
}

export interface MutateContext extends StandInStore {
  /** Phrases an ad's review disapproves, with the policy topic each names. */
  disapprove: [string, string][];
  newId(): string;
  /** The first pending failure of one of these kinds, taken off the queue. */
  takeFailure(kinds: StandInGoogleAdsFailure['kind'][]): StandInGoogleAdsFailure | null;
  /** Records what the request being served should never have held. */
  violate(text: string): void;
}

const GEO_IDS = new Set(Object.values(GEO_TARGETS).map(String));
export const SERVICES = [
  'campaignBudgets',
  'campaigns',
  'campaignCriteria',
  'adGroups',
  'adGroupAds',
] as const;
export type Service = (typeof SERVICES)[number];

/** An operation planned in a mutate: its resource name and the change, applied only if every operation passes. */
interface Planned {
  resourceName: string;
  apply(): void;
}

/** `{service}:mutate` of a customer over the store: its results, or a Refusal. */
export function mutator(context: MutateContext) {
  const { budgets, campaigns, criteria, adGroups, appAds, disapprove, newId, takeFailure, violate } = context;

  /** Errors no well-behaved client causes: each is also a violation. */
  const misuse = (errors: ErrorEntry[]) => {
    for (const error of errors) {
      const path = error.location?.fieldPathElements
        .map((element) => `${element.fieldName}${element.index === undefined ? '' : `[${element.index}]`}`)
        .join('.');
      violate(`${path ?? ''}: ${error.message}`);
    }
    return errors;
  };

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
      errors: misuse(
        parsed.error.issues.map((issue) => {
          const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
          const path = [base, ...issue.path.map((part) => snakeCase(String(part)))].join('.');
          return unknownKeys.length
            ? entry(
                'fieldError',
                'INVALID_VALUE',
                `Unknown name "${unknownKeys.join('", "')}": Cannot find field.`,
                path,
              )
            : issue.path.reduce<unknown>(
                  (at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key],
                  value,
                ) === undefined
              ? entry('fieldError', 'REQUIRED', `The required field was not present: ${issue.message}`, path)
              : entry('fieldError', 'INVALID_VALUE', issue.message, path);
        }),
      ),
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
      ? misuse([
          entry(
            'fieldMaskError',
            'FIELD_NOT_FOUND',
            `Bad update mask "${String(op.updateMask)}".`,
            `${base}.update_mask`,
          ),
        ])
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
      return misuse([
        entry(
          'requestError',
          'INVALID_INPUT',
          'An operation holds exactly one of create, update, remove.',
          `operations[${i}]`,
        ),
      ]);
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
            ...misuse([
              entry(
                'campaignBudgetError',
                'CANNOT_USE_IMPLICITLY_SHARED_CAMPAIGN_BUDGET_WITH_MULTIPLE_CAMPAIGNS',
                'An App campaign cannot share its budget.',
                `${base}.campaign_budget`,
              ),
            ]),
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

    return misuse([
      entry('mutateError', 'MUTATE_NOT_ALLOWED', `${kind[0]} is not used on ${service}.`, base),
    ]);
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
          'dateRangeError',
          'START_DATE_AFTER_END_DATE',
          'Start date is after end date.',
          `${base}.end_date_time`,
        ),
      );
    return found;
  }

  return function mutate(service: Service, customerId: string, body: Record<string, unknown>) {
    const extra = Object.keys(body).filter((key) => key !== 'operations');
    if (extra.length) violate(`unexpected fields ${extra.join(', ')}`);
    const operations = body.operations;
    if (!Array.isArray(operations) || !operations.length) {
      violate('no operations');
      throw new Refusal(400, [
        entry('requestError', 'OPERATION_REQUIRED', 'At least one operation is required.', 'operations'),
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
        : misuse([entry('requestError', 'INVALID_INPUT', 'An operation is an object.', `operations[${i}]`)]),
    );
    const errors = plans.flatMap((planned) => (Array.isArray(planned) ? planned : []));
    if (errors.length) throw new Refusal(400, errors);
    const results = (plans as Planned[]).map((planned) => {
      planned.apply();
      return { resourceName: planned.resourceName };
    });
    return { results };
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
