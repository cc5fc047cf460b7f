import { storage, STORAGE_KEYS } from './storage';

/** The stored access token; its presence is what makes a visitor "authenticated" (customer-area §4). */
export function getToken(): string | null {
  return storage.get(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  storage.set(STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  storage.remove(STORAGE_KEYS.token);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}
