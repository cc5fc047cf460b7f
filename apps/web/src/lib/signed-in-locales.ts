import type { ResourceKey } from 'i18next';

/**
 * The signed-in area's namespaces (every one but lib/i18n.ts's public ones), one lazy chunk per locale and
 * namespace, by file; lib/i18n.ts loads this table when first needed.
 */
export const signedInLoaders = import.meta.glob<{ default: ResourceKey }>(
  '../locales/??-??.{app,money,campaigns,admin,statistics,cpi,access,users,settings,security,operations,pages,staffmoney,profile,nav,notices,blog,sales,marketing,webhooks,staffdesk}.json',
);
