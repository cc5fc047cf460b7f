/*
 * The paths the app sends users to by itself. Here, apart from the page manifest (pages.ts), so a page may
 * name them without importing the manifest that imports it.
 */
export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/dashboard';
/** Where staff land: their own home, with what needs them today. */
export const STAFF_HOME_PATH = '/admin/home';
export const MAINTENANCE_PATH = '/503';
