import type { Queryable } from '../../db/client.js';
import { badRequest, fieldPath } from './sandbox-google-ads.errors.js';
import type { Fields } from './sandbox-google-ads.fields.js';
import { notFound } from './sandbox-google-ads.names.js';

/** What the mutate handlers (campaigns, ads) share: how an operation is applied, and refusals of them all. */

/** What one operation is applied with. */
export interface Context {
  tx: Queryable;
  cid: string;
  now: Date;
  speed: number;
}

export type Handler = {
  create(ctx: Context, create: Fields): Promise<string>;
  update(ctx: Context, update: Fields, mask: string): Promise<string>;
  remove(ctx: Context, name: unknown, path: (string | number)[]): Promise<string>;
};

export const STATUSES = ['ENABLED', 'PAUSED'] as const;

export const removedCampaign = (path: ReturnType<typeof fieldPath>) =>
  badRequest(
    'campaignError',
    'OPERATION_NOT_PERMITTED_FOR_REMOVED_CAMPAIGN',
    'An operation is not permitted on a removed campaign.',
    path,
  );
export const removedResource = (path: ReturnType<typeof fieldPath>) =>
  badRequest(
    'mutateError',
    'MUTATE_NOT_ALLOWED',
    'Mutates are not allowed for the requested resource.',
    path,
  );

/** The row an update names: Google's not-found without one, its removed-resource refusal once removed. */
export function updatable<T extends { status: string }>(row: T | undefined, update: Fields): T {
  if (!row) throw notFound(update.at('resourceName'), String(update.value.resourceName));
  if (row.status === 'REMOVED') throw removedResource(update.at('resourceName'));
  return row;
}

/** The update mask's paths in camelCase; a path outside `allowed` is refused (immutable or unknown). */
export function maskOf(
  update: Fields,
  mask: string,
  allowed: readonly string[],
  immutable: readonly string[],
) {
  const paths = mask
    .split(',')
    .map((path) => path.trim().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()))
    .filter(Boolean);
  const path = fieldPath(...update.path.slice(0, -1), 'update_mask');
  if (!paths.length)
    throw badRequest(
      'fieldMaskError',
      'FIELD_MASK_MISSING',
      'The field mask must be present for an update.',
      path,
    );
  for (const each of paths) {
    if (immutable.some((prefix) => each === prefix || each.startsWith(`${prefix}.`)))
      throw badRequest(
        'fieldError',
        'IMMUTABLE_FIELD',
        'The field cannot be modified.',
        update.at(each.split('.')[0]!),
      );
    if (!allowed.includes(each))
      throw badRequest(
        'fieldMaskError',
        'FIELD_NOT_FOUND',
        `The field mask contained an invalid field: '${each}'.`,
        path,
      );
  }
  return paths;
}
