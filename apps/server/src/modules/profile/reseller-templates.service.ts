import {
  RESELLER_TEMPLATE_DEFAULTS,
  RESELLER_TEMPLATE_KEYS,
  RESELLER_TEMPLATE_SAMPLES,
  PAGES_MESSAGES,
  type ResellerTemplate,
  type ResellerTemplateKey,
  type resellerTemplateBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ForbiddenError } from '../../lib/errors.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import { isResellerPlan } from '../resellers/resellers.service.js';
import {
  deleteResellerTemplate,
  resellerTemplatesOf,
  saveResellerTemplate,
  type TemplateRow,
} from './profile.repo.js';

type Body = z.output<typeof resellerTemplateBodySchema>;

const defaultOf = (key: ResellerTemplateKey): ResellerTemplate => ({
  key,
  subject: RESELLER_TEMPLATE_DEFAULTS[key].subject,
  body: RESELLER_TEMPLATE_DEFAULTS[key].body,
  is_default: true,
  updated_at: null,
});

const viewOf = (row: TemplateRow): ResellerTemplate => ({
  key: row.key as ResellerTemplateKey,
  subject: row.subject,
  body: row.body,
  is_default: false,
  updated_at: row.updated_at.toISOString(),
});

const isReseller = async (db: Db, userId: number) =>
  isResellerPlan((await billingProfileOf(db, userId)).price_plan_id);

/** `GET users/profile/email-templates/list`: every kind with its placeholders, sample values and default. */
export function templateKinds() {
  return {
    data: RESELLER_TEMPLATE_KEYS.map((key) => ({
      key,
      subject: RESELLER_TEMPLATE_DEFAULTS[key].subject,
      body: RESELLER_TEMPLATE_DEFAULTS[key].body,
      placeholders: RESELLER_TEMPLATE_DEFAULTS[key].placeholders.map((name) => ({
        name,
        sample: RESELLER_TEMPLATE_SAMPLES[name],
      })),
    })),
  };
}

/** `GET users/profile/email-templates`: the caller's own templates (saved or default) and whether they may edit. */
export async function templatesOf(db: Db, userId: number) {
  const [rows, editable] = await Promise.all([resellerTemplatesOf(db, userId), isReseller(db, userId)]);
  const saved = new Map(rows.map((row) => [row.key, row]));
  return {
    data: RESELLER_TEMPLATE_KEYS.map((key) => {
      const row = saved.get(key);
      return row ? viewOf(row) : defaultOf(key);
    }),
    editable,
  };
}

/**
 * `PUT users/profile/email-templates`: saves the caller's text of one kind, or with `reset` drops it so the
 * default applies again. Only a user on a reseller plan (403 otherwise); the row is always the caller's.
 */
export async function saveTemplate(db: Db, userId: number, body: Body) {
  if (!(await isReseller(db, userId))) throw new ForbiddenError(PAGES_MESSAGES.templatesResellerOnly);
  if (body.reset) {
    await deleteResellerTemplate(db, userId, body.key);
    return { data: defaultOf(body.key), message: PAGES_MESSAGES.templateReset };
  }
  // The schema requires both unless `reset`.
  const row = await saveResellerTemplate(db, userId, body.key, { subject: body.subject!, body: body.body! });
  return { data: viewOf(row), message: PAGES_MESSAGES.templateSaved };
}
