// Server answers about ids and store links are STORE_LINK_MESSAGES texts: make them translatable.
import '../../../lib/store-link-messages';
import { parseStoreLink, type AppStore } from '@storelift/shared';

/** The add-app form: a store, a country and an id, a pasted store link, or a name to search for. */
export interface AddAppValues extends Record<string, unknown> {
  appstore: AppStore;
  country: string;
  package: string;
}

/** What typing or pasting into the app field means for the rest of the form. */
export interface PackageInput {
  /** The text names one app: an id or a store link. */
  link: { appstore: AppStore; packageId: string; country?: string } | null;
  /** The store and country the form should switch to (a link says them; an id says its store). */
  appstore: AppStore;
  country: string;
}

/**
 * Reads the app field: a pasted link fills the store and country in (Google `gl`, Apple's first path
 * segment), a bare id picks its store (digits are the App Store). Anything else is a name to search
 * the chosen store for, and leaves the form as it was.
 */
export function readPackageInput(
  text: string,
  current: { appstore: AppStore; country: string },
): PackageInput {
  const link = parseStoreLink(text);
  if (!link) return { link: null, ...current };
  return {
    link,
    appstore: link.appstore,
    country: link.country ?? current.country,
  };
}
