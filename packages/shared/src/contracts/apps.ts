import { z } from 'zod';
import { text } from '../rules/text.js';
import { APP_STORES, STORE_FILTERS } from '../constants/domain.js';
import { countryRule } from '../rules/auth.js';
import { MESSAGES } from '../rules/messages.js';
import { STORE_LINK_MESSAGES } from '../rules/store-links.js';
import { appstoreRule } from '../rules/store-link-rules.js';
import { APP_SORTS } from '../constants/apps.js';
import { pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';

/** A store in a query string: 1 / 2, or `android` / `ios`. */
export const appstoreQueryRule = z.preprocess((value) => {
  if (value === 'android') return APP_STORES.GOOGLE_PLAY;
  if (value === 'ios') return APP_STORES.APP_STORE;
  return value;
}, appstoreRule);

/** A flag in a query string: true / 1 / false / 0. */
export const queryFlagRule = z.preprocess(
  (value) => {
    if (value === 'true' || value === '1' || value === 1) return true;
    if (value === 'false' || value === '0' || value === 0 || value === '') return false;
    return value;
  },
  z.boolean({ error: MESSAGES.dataNotValid }),
);

/** A package id or App Store id as a query or path value (its form is checked against the store later). */
export const packageIdValueRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(255, STORE_LINK_MESSAGES.linkInvalid)
  .regex(/^[\w.]+$/, STORE_LINK_MESSAGES.linkInvalid);

/** Search text of a list: the shared text rule (each list narrows `max`). */
export const searchTextRule = text({ max: 200 });

/** Country of an app as the client sees it. */
export const appCountrySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** Names of the per-country props (customer-area §3, §4). */
export const APP_PROP_NAMES = [
  'alive',
  'icon',
  'title',
  'votes',
  'rating',
  'content_rating',
  'is_pending',
  'status_message',
] as const;
export type AppPropName = (typeof APP_PROP_NAMES)[number];

/** One per-country prop: `alive` (boolean), `status_message` (a MESSAGES text or null), and the listing. */
export const appPropSchema = z.object({
  prop_name: z.enum(APP_PROP_NAMES),
  prop_value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  /** ISO country code the prop belongs to. */
  country: z.string(),
});
export type AppProp = z.infer<typeof appPropSchema>;

/** A tracked app (customer-area §3). Listing fields are those of its main `country`. */
export const appSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  package: z.string(),
  icon: z.string(),
  title: z.string(),
  votes: z.number().int(),
  rating: z.number(),
  /** Decimal string in the store's currency; "0" is free. */
  price: z.string(),
  developer: z.string(),
  appstore: z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]),
  content_rating: z.string(),
  url: z.string(),
  /** The country it was added in. */
  country: appCountrySchema,
  /** Every country it is tracked in (ISO codes, the main one first). */
  countries: z.array(z.string()),
  /** Alive in its main country; false = banned. */
  is_alive: z.boolean(),
  /** Why it is not alive in its main country (`MESSAGES.appRemoved` or `appNotInCountry`), else null. */
  status_message: z.string().nullable(),
  is_favorite: z.boolean(),
  /** Money spent promoting it, decimal string with 4 places. */
  promotion_value: z.string(),
  props: z.array(appPropSchema),
  created_at: z.string(),
});
export type App = z.infer<typeof appSchema>;

/** `GET apps`: banned apps always come last whatever the sort. */
export const appListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(STORE_FILTERS).default('all'),
  appstore: appstoreQueryRule.optional(),
  search: searchTextRule.max(100).optional(),
  sortBy: z.enum(APP_SORTS).default('created_at'),
  /** Default per column: ascending for title and developer, descending otherwise. */
  sortType: sortDirectionSchema.optional(),
});
export type AppListQuery = z.input<typeof appListQuerySchema>;

export const appCountsSchema = z.object({
  all: z.number().int(),
  fav: z.number().int(),
  ban: z.number().int(),
  android: z.number().int(),
  ios: z.number().int(),
});
export const appListResponseSchema = z.object({
  data: z.array(appSchema),
  /** Apps matching the query (= meta.total). */
  count: z.number().int(),
  /** All of the user's apps per filter tab, whatever the query. */
  counts: appCountsSchema,
  meta: pageMetaSchema,
});
export type AppListResponse = z.infer<typeof appListResponseSchema>;

export const appResponseSchema = z.object({ data: appSchema, message: z.string().optional() });
export type AppResponse = z.infer<typeof appResponseSchema>;

/** `GET apps/search`: the keyword may also be an id or store link of that store (then it is looked up). */
export const storeSearchQuerySchema = z.object({
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.default('US'),
  keyword: searchTextRule.min(1, MESSAGES.required).max(200),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type StoreSearchQuery = z.input<typeof storeSearchQuerySchema>;

export const storeSearchItemSchema = z.object({
  package: z.string(),
  appstore: z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]),
  title: z.string(),
  developer: z.string(),
  icon: z.string(),
  rating: z.number(),
  votes: z.number().int(),
  price: z.string(),
  is_free: z.boolean(),
  url: z.string(),
  /** The user already tracks this app (in any country). */
  added: z.boolean(),
});
export type StoreSearchItem = z.infer<typeof storeSearchItemSchema>;
export const storeSearchResponseSchema = z.object({ data: z.array(storeSearchItemSchema) });
export type StoreSearchResponse = z.infer<typeof storeSearchResponseSchema>;

/** `GET apps/show-by-package`: the user's app by store and id. */
export const showByPackageQuerySchema = z.object({
  packageId: packageIdValueRule,
  appstore: appstoreQueryRule.default(APP_STORES.GOOGLE_PLAY),
  country: countryRule.optional(),
});

/** `POST apps`: `package` is an id of the store or a pasted store link. */
export const createAppBodySchema = z.object({
  appstore: appstoreRule,
  country: countryRule,
  package: text({ min: 1, max: 2000, maxMessage: STORE_LINK_MESSAGES.linkInvalid }),
});
export type CreateAppBody = z.input<typeof createAppBodySchema>;

/** `PUT apps/{id}`: the main country (must be available there) and the favorite flag. */
export const updateAppBodySchema = z
  .object({ country: countryRule.optional(), is_favorite: z.boolean().optional() })
  .refine((body) => body.country !== undefined || body.is_favorite !== undefined, {
    message: MESSAGES.dataNotValid,
  });
export type UpdateAppBody = z.input<typeof updateAppBodySchema>;

/** `PUT apps/toggle` and `PUT keywords/toggle`. */
export const toggleBodySchema = z.object({
  id: z.coerce.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647),
});
export type ToggleBody = z.input<typeof toggleBodySchema>;

/** `DELETE apps/{package}`. */
export const deleteAppParamsSchema = z.object({ package: packageIdValueRule });
export const deleteAppQuerySchema = z.object({ appstore: appstoreQueryRule.optional() });

export const deletedResponseSchema = z.object({ message: z.string(), count: z.number().int() });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;
