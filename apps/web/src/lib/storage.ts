/** localStorage that never throws (private mode, disabled storage, tests). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the app still works for this tab.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See above.
    }
  },
};

export const STORAGE_KEYS = {
  token: 'storelift.token',
  locale: 'storelift.locale',
  lastActivity: 'storelift.last-activity',
  colorScheme: 'storelift.color-scheme',
  /** The app and country the Keywords page showed last (customer-area §2: remembered locally). */
  keywordsScope: 'storelift.keywords-scope',
} as const;
