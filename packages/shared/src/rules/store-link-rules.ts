import { z } from 'zod';
import { APP_STORES } from '../constants/domain.js';
import { MESSAGES } from './messages.js';
import {
  ANDROID_ID,
  ANDROID_ID_MAX,
  IOS_ID,
  STORE_LINK_MESSAGES,
  packageIdMessage,
  parseStoreLink,
  type AppStore,
} from './store-links.js';

/** The store field: 1 or 2, also from a query string. */
export const appstoreRule = z.coerce.number({ error: STORE_LINK_MESSAGES.appstoreInvalid }).pipe(
  z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)], {
    error: STORE_LINK_MESSAGES.appstoreInvalid,
  }),
);

/** An App Store id field. */
export const iosIdRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .regex(IOS_ID, STORE_LINK_MESSAGES.iosIdInvalid);

/** A Google Play package name field. */
export const androidIdRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(ANDROID_ID_MAX, STORE_LINK_MESSAGES.androidIdInvalid)
  .regex(ANDROID_ID, STORE_LINK_MESSAGES.androidIdInvalid);

/** The package id field of the given store. */
export function packageIdRule(appstore: AppStore) {
  return appstore === APP_STORES.APP_STORE ? iosIdRule : androidIdRule;
}

/**
 * Checks `packageId` against `appstore` inside an object schema, e.g.
 * `z.object({ appstore: appstoreRule, packageId: z.string() }).superRefine(checkPackageId('packageId'))`.
 */
export function checkPackageId<K extends string>(field: K) {
  return (data: { appstore: number } & Record<K, string>, ctx: z.RefinementCtx) => {
    const message = packageIdMessage(data.appstore, data[field].trim());
    if (message) ctx.addIssue({ code: 'custom', path: [field], message });
  };
}

/** A form field that takes an id or a pasted store link and yields the {@link StoreLink}. */
export const storeLinkRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .transform((value, ctx) => {
    const link = parseStoreLink(value);
    if (!link) {
      ctx.addIssue({ code: 'custom', message: STORE_LINK_MESSAGES.linkInvalid });
      return z.NEVER;
    }
    return link;
  });
