/** The apps lists' sorts and filters, as plain values the web's tables read. */

/** My apps' sorts. */
export const APP_SORTS = ['created_at', 'favorite', 'title', 'developer', 'promotion_value'] as const;
export type AppSort = (typeof APP_SORTS)[number];

/** The all-apps list of staff (staff-admin §3 User-app list): search columns, filters, sorts. */
export const ADMIN_APP_SEARCH_COLUMNS = ['all', 'title', 'package', 'developer', 'email'] as const;
/** The all-apps filter: every app, alive ones, banned ones, or the owners' favorites. */
export const ADMIN_APP_FILTERS = ['all', 'alive', 'ban', 'fav'] as const;
export const ADMIN_APP_ORDER_COLUMNS = ['created_at', 'id', 'title', 'developer', 'promotion_value'] as const;
