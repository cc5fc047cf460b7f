import { z } from 'zod';
import { COUNTRIES } from '../constants/countries.js';
import {
  ACCESS_LIST_CATEGORIES,
  ACCESS_LIST_TYPES,
  DEFAULT_ACCESS_LIST_TYPE,
  type AccessListCategory,
} from '../constants/admin.js';
import { MESSAGES } from '../rules/messages.js';
import { SECURITY_MESSAGES } from '../rules/security-messages.js';
import { isAndroidId, isIosId } from '../rules/store-links.js';
import { text } from '../rules/text.js';
import { dayQueryRule } from './statistics.js';
import { searchTextRule } from './apps.js';
import { pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';

const countryCodes = new Set(COUNTRIES.map((country) => country.code));
const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const emailValue = z.email();
const ipValue = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * A value in the form the server stores and compares: e-mails and domains lower-cased (a domain without its
 * `@`), country codes upper-cased, an IPv6 address lower-cased.
 */
export function normalizeAccessValue(category: AccessListCategory, value: string): string {
  const trimmed = value.trim();
  switch (category) {
    case 'email':
    case 'ip':
      return trimmed.toLowerCase();
    case 'email-domain':
      return trimmed.replace(/^@/, '').toLowerCase();
    case 'country':
      return trimmed.toUpperCase();
    case 'package-id':
      return trimmed;
  }
}

/** The message for a value that does not fit its category, or null when it fits (after normalizing). */
export function accessValueMessage(category: AccessListCategory, value: string): string | null {
  switch (category) {
    case 'email':
      return emailValue.safeParse(value).success ? null : SECURITY_MESSAGES.emailInvalid;
    case 'email-domain':
      return DOMAIN.test(value) ? null : SECURITY_MESSAGES.domainInvalid;
    case 'ip':
      return ipValue.safeParse(value).success ? null : SECURITY_MESSAGES.networkInvalid;
    case 'country':
      return countryCodes.has(value) ? null : SECURITY_MESSAGES.countryInvalid;
    case 'package-id':
      return isAndroidId(value) || isIosId(value) ? null : SECURITY_MESSAGES.packageInvalid;
  }
}

/**
 * `POST user-access-list`: every field required (staff-admin §5); the value is checked against its category
 * and stored normalized. `date` is the day the entry is dated (a decision or a ticket), shown in the list.
 */
export const accessListEntryBodySchema = z
  .object({
    list_type: z.enum(ACCESS_LIST_TYPES, { error: MESSAGES.dataNotValid }).default(DEFAULT_ACCESS_LIST_TYPE),
    category: z.enum(ACCESS_LIST_CATEGORIES, { error: MESSAGES.required }),
    value: text({ max: 255, min: 1 }),
    date: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).pipe(dayQueryRule),
    description: text({ max: 500, min: 1, multiline: true }),
  })
  .transform((body) => ({ ...body, value: normalizeAccessValue(body.category, body.value) }))
  .superRefine((body, ctx) => {
    const message = accessValueMessage(body.category, body.value);
    if (message) ctx.addIssue({ code: 'custom', path: ['value'], message });
  });
export type AccessListEntryBody = z.input<typeof accessListEntryBodySchema>;

export const accessListEntrySchema = z.object({
  id: z.number().int(),
  list_type: z.enum(ACCESS_LIST_TYPES),
  category: z.enum(ACCESS_LIST_CATEGORIES),
  value: z.string(),
  date: z.string(),
  description: z.string(),
  /** The staff member who added it (null once that account is gone). */
  created_by: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  created_at: z.string(),
});
export type AccessListEntry = z.infer<typeof accessListEntrySchema>;

/** `GET user-access-list`: filters by list and category, a search in value and description, newest first. */
export const accessListQuerySchema = pageQuerySchema.extend({
  list_type: z.enum(ACCESS_LIST_TYPES).optional(),
  category: z.enum(ACCESS_LIST_CATEGORIES).optional(),
  search: searchTextRule.max(100).optional(),
  orderBy: z.enum(['created_at', 'date', 'value']).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
});
export type AccessListQuery = z.infer<typeof accessListQuerySchema>;
export const accessListSchema = z.object({ data: z.array(accessListEntrySchema), meta: pageMetaSchema });
export type AccessList = z.infer<typeof accessListSchema>;
export const accessListEntryResponseSchema = z.object({
  data: accessListEntrySchema,
  message: z.string(),
});
export type AccessListEntryResponse = z.infer<typeof accessListEntryResponseSchema>;
