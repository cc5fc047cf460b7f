import { badRequest, type FieldPathElement } from './sandbox-google-ads.errors.js';

/** Resource names of the sandbox's resources, as Google writes them, and reading them back. */

export const budgetName = (cid: string, id: number) => `customers/${cid}/campaignBudgets/${id}`;
export const campaignName = (cid: string, id: number) => `customers/${cid}/campaigns/${id}`;
export const criterionName = (cid: string, campaignId: number, criterionId: number) =>
  `customers/${cid}/campaignCriteria/${campaignId}~${criterionId}`;
export const adGroupName = (cid: string, id: number) => `customers/${cid}/adGroups/${id}`;
export const adName = (cid: string, adGroupId: number, id: number) =>
  `customers/${cid}/adGroupAds/${adGroupId}~${id}`;
export const geoTargetName = (id: number) => `geoTargetConstants/${id}`;

const PATTERNS = {
  campaignBudgets: /^customers\/(\d{10})\/campaignBudgets\/(\d{1,18})$/,
  campaigns: /^customers\/(\d{10})\/campaigns\/(\d{1,18})$/,
  campaignCriteria: /^customers\/(\d{10})\/campaignCriteria\/(\d{1,18})~(\d{1,18})$/,
  adGroups: /^customers\/(\d{10})\/adGroups\/(\d{1,18})$/,
  adGroupAds: /^customers\/(\d{10})\/adGroupAds\/(\d{1,18})~(\d{1,18})$/,
} as const;

export type ResourceKind = keyof typeof PATTERNS;

/**
 * The ids a resource name of `kind` holds (one, or two for `a~b` names); a malformed name is Google's
 * RESOURCE_NAME_MALFORMED, another customer's is not found.
 */
export function idsOf(kind: ResourceKind, name: unknown, cid: string, path: FieldPathElement[]): number[] {
  const match = typeof name === 'string' ? PATTERNS[kind].exec(name) : null;
  if (!match)
    throw badRequest(
      'requestError',
      'RESOURCE_NAME_MALFORMED',
      'Resource name provided is malformed.',
      path,
      typeof name === 'string' ? name : undefined,
    );
  if (match[1] !== cid) throw notFound(path, name as string);
  return match.slice(2).map(Number);
}

/** Google's answer for a resource that does not exist (or is not this customer's). */
export const notFound = (path: FieldPathElement[], name: string) =>
  badRequest('mutateError', 'RESOURCE_NOT_FOUND', 'Resource was not found.', path, name);
