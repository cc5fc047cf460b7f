import { storage, STORAGE_KEYS } from './storage';

/*
 * The stored access token; its presence is what makes a visitor "authenticated" (customer-area §4). A session
 * staff opened as a user (log in as a user) belongs to its tab alone: it lives in sessionStorage and comes
 * before the browser's own login, which the other tabs keep using.
 */
const TAB_TOKEN = 'storelift.tab-token';

function tabToken(): string | null {
  try {
    return window.sessionStorage.getItem(TAB_TOKEN);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return tabToken() ?? storage.get(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  if (tabToken()) window.sessionStorage.setItem(TAB_TOKEN, token);
  else storage.set(STORAGE_KEYS.token, token);
}

/** Stores a session of this tab only (log in as a user). */
export function setTabToken(token: string): void {
  window.sessionStorage.setItem(TAB_TOKEN, token);
}

/** Whether this tab runs a session of its own (log in as a user). */
export function isTabSession(): boolean {
  return tabToken() !== null;
}

/** Drops the tab's own session if it has one (the browser's login is back), else the browser's login. */
export function clearToken(): void {
  if (tabToken()) window.sessionStorage.removeItem(TAB_TOKEN);
  else storage.remove(STORAGE_KEYS.token);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}
