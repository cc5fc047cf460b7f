import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@storelift/shared';
import { storage, STORAGE_KEYS } from './storage';

/**
 * The namespaces: `translation` for the shell and the public pages, `messages` for the server's and
 * validators' texts (lib/messages.ts), `app` for the signed-in area, `legal` for the long terms and
 * privacy texts, `money` for the money pages (top-up, transactions, plans, referral and bonus programs),
 * `campaigns` for Add campaigns and My campaigns, `cpi` for the CPI wizard, `statistics` for Statistics,
 * `admin` for the staff pages of campaigns and vendors, `access` for roles, modules, functions and the log viewer,
 * `users` for user lists and user details, `settings` for the core settings, `security` for access lists and
 * log in as a user, `operations` for the operations page and the error log, `staffmoney` for the staff money
 * pages (user payments, user apps, reflinks, CPI accounts), `profile` for My profile, `nav` for the side menu's
 * quick actions, `marketing` for marketing actions and the Google Ads report, `notices` for the bell, pinned
 * notifications, notice templates and campaign messages, `blog` for the staff blog editor, `sales` for the sales
 * and clients reports and the personal manager, `staffdesk` for the staff home and the referral payouts, bonus
 * submissions and contact messages pages.
 * Each but `translation` loads when first needed.
 */
export const NAMESPACES = [
  'translation',
  'messages',
  'app',
  'legal',
  'money',
  'campaigns',
  'cpi',
  'statistics',
  'admin',
  'access',
  'staffmoney',
  'marketing',
  'users',
  'settings',
  'security',
  'operations',
  'pages',
  'profile',
  'nav',
  'notices',
  'blog',
  'sales',
  'webhooks',
  'staffdesk',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces of the public pages; the signed-in area's are listed in lib/signed-in-locales.ts. */
export const PUBLIC_NAMESPACES = ['translation', 'messages', 'legal'] as const satisfies readonly Namespace[];

/** The texts of the signed-in area's frame (header, menu, messages), loaded before its first render. */
export const SIGNED_IN_NAMESPACES = [
  'app',
  'messages',
  'nav',
  'notices',
] as const satisfies readonly Namespace[];

export type Loader = () => Promise<{ default: ResourceKey }>;

/** The file of a namespace in a locale: `translation` is the locale's own file (`en-US.json`). */
export function localeFile(namespace: string, language: string): string {
  return `../locales/${language}${namespace === 'translation' ? '' : `.${namespace}`}.json`;
}

/** The public pages' namespaces, one lazy chunk per locale and namespace, by file. */
const publicLoaders = import.meta.glob<{ default: ResourceKey }>([
  '../locales/??-??.json',
  '../locales/??-??.{messages,legal}.json',
]);

/**
 * The loader of a namespace in a locale. The signed-in area's table loads with its first namespace, so the
 * sign-in page's entry chunk does not carry those imports.
 */
export async function loaderOf(namespace: string, language: string): Promise<Loader | undefined> {
  const file = localeFile(namespace, language);
  if ((PUBLIC_NAMESPACES as readonly string[]).includes(namespace)) return publicLoaders[file];
  const { signedInLoaders } = await import('./signed-in-locales');
  return signedInLoaders[file];
}

/**
 * Starts loading the chunks of these namespaces' texts in a language without i18next (which may not have
 * started yet): when it asks for them later, the browser has them. With a stored session the entry preloads
 * the signed-in area's texts and the page's this way (main.tsx).
 */
export function preloadTexts(namespaces: readonly string[], language: string = detectLocale()): void {
  for (const namespace of namespaces)
    loaderOf(namespace, language)
      .then((load) => load?.())
      .catch(() => {});
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loaderOf(namespace, language)
      .then((load) => {
        if (!load) throw new Error(`Unknown locale ${language}/${namespace}`);
        return load();
      })
      .then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The saved interface language, else the browser's closest, else en-US. */
export function detectLocale(
  saved: string | null = storage.get(STORAGE_KEYS.locale),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  if (isLocale(saved)) return saved;
  for (const tag of preferred) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const byLanguage = LOCALES.find((locale) => locale.split('-')[0] === tag.split('-')[0]?.toLowerCase());
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

/** Loads the active locale and starts i18next; render after it resolves. */
export async function initI18n(locale: Locale = detectLocale()): Promise<typeof i18next> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  document.documentElement.lang = locale;
  return i18next;
}

/** The language in use (before i18next starts, the one it will start with: early requests ask in it). */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : detectLocale();
}

/** Switches the interface language (loading its chunk) and remembers it in this browser. */
export async function applyLocale(locale: Locale): Promise<void> {
  storage.set(STORAGE_KEYS.locale, locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export { i18next };
