import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@storelift/shared';
import { storage, STORAGE_KEYS } from './storage';

type Loader = () => Promise<{ default: ResourceKey }>;

/**
 * The namespaces: `translation` for the shell and the public pages, `messages` for the server's and
 * validators' texts (lib/messages.ts), `app` for the signed-in area, `legal` for the long terms and
 * privacy texts, `money` for the money pages (top-up, transactions, plans, referral and bonus programs),
 * `campaigns` for Add campaigns and My campaigns, `cpi` for the CPI wizard, `statistics` for Statistics,
 * `admin` for the staff pages of campaigns and vendors.
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** One lazy chunk per locale and namespace: only the active locale's are downloaded, when needed. */
const loaders: Record<Namespace, Record<Locale, Loader>> = {
  translation: {
    'en-US': () => import('../locales/en-US.json'),
    'es-ES': () => import('../locales/es-ES.json'),
    'uk-UA': () => import('../locales/uk-UA.json'),
    'ru-RU': () => import('../locales/ru-RU.json'),
  },
  messages: {
    'en-US': () => import('../locales/en-US.messages.json'),
    'es-ES': () => import('../locales/es-ES.messages.json'),
    'uk-UA': () => import('../locales/uk-UA.messages.json'),
    'ru-RU': () => import('../locales/ru-RU.messages.json'),
  },
  app: {
    'en-US': () => import('../locales/en-US.app.json'),
    'es-ES': () => import('../locales/es-ES.app.json'),
    'uk-UA': () => import('../locales/uk-UA.app.json'),
    'ru-RU': () => import('../locales/ru-RU.app.json'),
  },
  legal: {
    'en-US': () => import('../locales/en-US.legal.json'),
    'es-ES': () => import('../locales/es-ES.legal.json'),
    'uk-UA': () => import('../locales/uk-UA.legal.json'),
    'ru-RU': () => import('../locales/ru-RU.legal.json'),
  },
  money: {
    'en-US': () => import('../locales/en-US.money.json'),
    'es-ES': () => import('../locales/es-ES.money.json'),
    'uk-UA': () => import('../locales/uk-UA.money.json'),
    'ru-RU': () => import('../locales/ru-RU.money.json'),
  },
  campaigns: {
    'en-US': () => import('../locales/en-US.campaigns.json'),
    'es-ES': () => import('../locales/es-ES.campaigns.json'),
    'uk-UA': () => import('../locales/uk-UA.campaigns.json'),
    'ru-RU': () => import('../locales/ru-RU.campaigns.json'),
  },
  admin: {
    'en-US': () => import('../locales/en-US.admin.json'),
    'es-ES': () => import('../locales/es-ES.admin.json'),
    'uk-UA': () => import('../locales/uk-UA.admin.json'),
    'ru-RU': () => import('../locales/ru-RU.admin.json'),
  },
  statistics: {
    'en-US': () => import('../locales/en-US.statistics.json'),
    'es-ES': () => import('../locales/es-ES.statistics.json'),
    'uk-UA': () => import('../locales/uk-UA.statistics.json'),
    'ru-RU': () => import('../locales/ru-RU.statistics.json'),
  },
  cpi: {
    'en-US': () => import('../locales/en-US.cpi.json'),
    'es-ES': () => import('../locales/es-ES.cpi.json'),
    'uk-UA': () => import('../locales/uk-UA.cpi.json'),
    'ru-RU': () => import('../locales/ru-RU.cpi.json'),
  },
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[namespace as Namespace]?.[language as Locale];
    if (!load) {
      callback(new Error(`Unknown locale ${language}/${namespace}`), null);
      return;
    }
    load().then(
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

/** The language in use. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/** Switches the interface language (loading its chunk) and remembers it in this browser. */
export async function applyLocale(locale: Locale): Promise<void> {
  storage.set(STORAGE_KEYS.locale, locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export { i18next };
