import { z } from 'zod';
import {
  businessTypeRule,
  countryRule,
  fullNameRule,
  messengerIdRule,
  messengerTypeRule,
  nicknameRule,
  optional,
  phoneRule,
} from '../rules/auth.js';
import { text } from '../rules/text.js';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { USER_MESSAGES } from '../rules/user-messages.js';
import { balancesSchema, moneySchema } from './billing.js';
import { pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';
import { userSchema } from './auth.js';
import { GENDERS } from '../constants/admin.js';

const idRule = z.coerce.number().int().positive().max(2_147_483_647);
const dayRule = z.iso.date();
/** A yes/no filter of a query string ("1"/"0", "true"/"false"). */
const flagFilter = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

export const ADMIN_USER_SORTS = ['created_at', 'email', 'nickname', 'id', 'last_login_at'] as const;

/**
 * `GET admin users` (staff-admin §2 User lists, §7): `orderBy` is the column and `sortBy` the direction, as
 * the spec names them. `search` matches the e-mail, nickname or full name in part, and the id or referral
 * code exactly; `id` answers that one user instead of a page (`adminUserOneSchema`).
 */
export const adminUsersQuerySchema = pageQuerySchema
  .extend({
    id: idRule.optional(),
    search: text({ max: 100 }).optional(),
    role: text({ max: 64 }).optional(),
    priceplan_id: idRule.optional(),
    verified: flagFilter,
    active: flagFilter,
    manager_id: idRule.optional(),
    from: dayRule.optional(),
    to: dayRule.optional(),
    orderBy: z.enum(ADMIN_USER_SORTS).default('created_at'),
    sortBy: sortDirectionSchema.default('desc'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: ACCESS_MESSAGES.dateRangeInvalid,
  });
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

const personSchema = z.object({ id: z.number().int(), nickname: z.string(), email: z.string() });

/** A user as the staff list shows them. */
export const adminUserSchema = userSchema.extend({
  last_login_at: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  eu_payee: z.boolean(),
  is_active: z.boolean(),
  priceplan: z.object({ id: z.number().int(), name: z.string() }),
  manager: personSchema.nullable(),
  referral_code: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ data: z.array(adminUserSchema), meta: pageMetaSchema });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** One user with their money and activity (user details). */
export const adminUserDetailSchema = adminUserSchema.extend({
  balances: balancesSchema,
  /** Credited regular payments in all. */
  total_payments: moneySchema,
  /** Charges less refunds. */
  total_spent: moneySchema,
  referrer: personSchema.nullable(),
  referrals: z.number().int(),
  apps: z.number().int(),
  deleted_at: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserOneSchema = z.object({ data: adminUserDetailSchema });
export type AdminUserOne = z.infer<typeof adminUserOneSchema>;
/** `GET users`: a page, or with `id` that one user. */
export const adminUsersResponseSchema = z.union([adminUserListSchema, adminUserOneSchema]);

/**
 * `PUT users` (staff-admin §3 User: the fields staff may change). Every field but `id` is optional: what is
 * sent changes. Changing `priceplan_id` also needs `users.set-price-plan`.
 */
export const updateAdminUserBodySchema = z.object({
  id: idRule,
  nickname: nicknameRule.optional(),
  full_name: fullNameRule.optional(),
  business_type: businessTypeRule.optional(),
  country: countryRule.optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  phone: optional(phoneRule).nullable(),
  messenger_type: optional(messengerTypeRule).nullable(),
  messenger_id: optional(messengerIdRule).nullable(),
  roles: z
    .array(text({ min: 1, max: 64 }))
    .min(1, USER_MESSAGES.rolesRequired)
    .max(20)
    .optional(),
  priceplan_id: idRule.optional(),
  manager_id: idRule.nullable().optional(),
  eu_payee: z.boolean().optional(),
});
export type UpdateAdminUserBody = z.input<typeof updateAdminUserBodySchema>;

export const adminUserResponseSchema = z.object({ data: adminUserDetailSchema, message: z.string() });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** `GET managers` (staff-admin §7): the users holding the manager role, for the manager fields. */
export const managerListSchema = z.object({ data: z.array(personSchema) });
export type ManagerList = z.infer<typeof managerListSchema>;

/** `GET users/referrals` (staff): the users a user referred. */
export const adminReferralListQuerySchema = pageQuerySchema.extend({
  user_id: idRule,
  orderBy: z.literal('created_at').default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
});
export const adminReferralSchema = personSchema.extend({
  created_at: z.string(),
  total_payments: moneySchema,
  total_spent: moneySchema,
  earned: moneySchema,
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
export const adminReferralListSchema = z.object({ data: z.array(adminReferralSchema), meta: pageMetaSchema });
export type AdminReferralList = z.infer<typeof adminReferralListSchema>;
/** `POST users/referrals`: makes `referral_id` a referral of `user_id` (by id, or by e-mail). */
export const attachReferralBodySchema = z.object({
  user_id: idRule,
  referral: text({ min: 1, max: 254, minMessage: USER_MESSAGES.referralRequired }),
});
export type AttachReferralBody = z.input<typeof attachReferralBodySchema>;

/** `GET users/{id}/apps` (user details): the user's tracked apps. */
export const adminUserAppSchema = z.object({
  id: z.number().int(),
  appstore: z.number().int(),
  package: z.string(),
  title: z.string(),
  icon: z.string(),
  is_alive: z.boolean(),
  /** The country it was added in (ISO code). */
  country: z.string(),
  created_at: z.string(),
});
export type AdminUserApp = z.infer<typeof adminUserAppSchema>;
export const adminUserAppListSchema = z.object({ data: z.array(adminUserAppSchema), meta: pageMetaSchema });
export type AdminUserAppList = z.infer<typeof adminUserAppListSchema>;
