import { z } from 'zod';
import { APP_STORES } from '../constants/domain.js';
import { ADMIN_APP_FILTERS, ADMIN_APP_ORDER_COLUMNS, ADMIN_APP_SEARCH_COLUMNS } from '../constants/apps.js';
import { appstoreQueryRule, queryFlagRule, searchTextRule } from './apps.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/**
 * `GET apps` (staff, staff-admin §3 User-app list filters): `orderBy` the column, `sortBy` the direction;
 * `appstoreId` 1 Google Play or 2 App Store; `only_paid` apps of customers who have paid (a credited payment).
 */
export const adminAppListQuerySchema = z.object({
  search: searchTextRule.max(100).optional(),
  searchColumn: z.enum(ADMIN_APP_SEARCH_COLUMNS).default('all'),
  allAppsFilter: z.enum(ADMIN_APP_FILTERS).default('all'),
  appstoreId: appstoreQueryRule.optional(),
  only_paid: queryFlagRule.optional(),
  orderBy: z.enum(ADMIN_APP_ORDER_COLUMNS).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdminAppListQuery = z.input<typeof adminAppListQuerySchema>;

export const adminAppSchema = z.object({
  id: z.number().int(),
  appstore: z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]),
  package: z.string(),
  title: z.string(),
  developer: z.string(),
  icon: z.string(),
  url: z.string(),
  /** The country it was added in (ISO code). */
  country: z.string(),
  is_alive: z.boolean(),
  is_favorite: z.boolean(),
  /** Spent promoting it, decimal string. */
  promotion_value: z.string(),
  created_at: z.string(),
  /** Its owner, and what they paid in all (credited regular payments, decimal string). */
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    nickname: z.string(),
    total_payments: z.string(),
  }),
});
export type AdminApp = z.infer<typeof adminAppSchema>;
export const adminAppListResponseSchema = z.object({ data: z.array(adminAppSchema), meta: pageMetaSchema });
export type AdminAppListResponse = z.infer<typeof adminAppListResponseSchema>;
