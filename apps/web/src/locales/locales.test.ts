import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  STAFF_MONEY_MESSAGES,
  USER_MESSAGES,
  AUDIT_ACTIONS,
  MARKETING_MESSAGES,
  CAMPAIGN_MESSAGES,
  LOCALES,
  MESSAGES,
  SETTINGS_MESSAGES,
  OPERATIONS_MESSAGES,
  SECURITY_MESSAGES,
  PAGES_MESSAGES,
  SALES_MESSAGES,
  WEBHOOK_MESSAGES,
  STORE_LINK_MESSAGES,
  NOTICE_MESSAGES,
  VALIDATION_MESSAGES,
} from '@storelift/shared';
import { NAMESPACES, loaderOf } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

// Every locale file, read eagerly for the test (the app loads them lazily).
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });

function fileOf(locale: string, namespace: string): Tree {
  const name = namespace === 'translation' ? `./${locale}.json` : `./${locale}.${namespace}.json`;
  const tree = files[name];
  if (!tree) throw new Error(`${name} is missing`);
  return tree;
}

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

/**
 * A plural text (i18next: `key_one`, `key_other`, …) counts as one key whatever its forms; each locale must give
 * exactly the forms its language has (Intl.PluralRules), and each form keeps the placeholders of en-US's `other`.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
function plurals(tree: Tree, locale: string): Map<string, string> {
  const result = new Map<string, string>();
  const forms = new Map<string, string[]>();
  for (const [key, text] of leaves(tree)) {
    const base = key.replace(PLURAL, '');
    if (base === key) result.set(key, text);
    else forms.set(base, [...(forms.get(base) ?? []), key.slice(base.length + 1)]);
  }
  const wanted = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
  for (const [base, found] of forms) {
    expect(found.sort(), `${locale} ${base}`).toEqual(wanted);
    for (const form of found) result.set(`${base}#${form}`, leaves(tree).get(`${base}_${form}`)!);
  }
  return result;
}
const keysOf = (map: Map<string, string>) => new Set([...map.keys()].map((key) => key.split('#')[0]!));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('namespace %s', (namespace) => {
  const reference = leaves(fileOf('en-US', namespace));
  const referenceKeys = keysOf(plurals(fileOf('en-US', namespace), 'en-US'));

  it('has texts in en-US', () => {
    expect(reference.size).toBeGreaterThan(0);
  });

  describe.each(LOCALES.filter((locale) => locale !== 'en-US'))('%s', (locale) => {
    const translated = leaves(fileOf(locale, namespace));
    const translatedKeys = keysOf(plurals(fileOf(locale, namespace), locale));

    it('has every key of en-US, none empty', () => {
      const missing = [...referenceKeys].filter((key) => !translatedKeys.has(key));
      const empty = [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(missing, `missing in ${locale}`).toEqual([]);
      expect(empty, `empty in ${locale}`).toEqual([]);
    });

    it('has no key that en-US lacks', () => {
      expect([...translatedKeys].filter((key) => !referenceKeys.has(key))).toEqual([]);
    });

    it('keeps the placeholders and markup of every text', () => {
      for (const [key, text] of translated) {
        const english = reference.get(key) ?? reference.get(key.replace(PLURAL, '_other')) ?? '';
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english));
        expect(tags(text), `${locale} ${key}`).toEqual(tags(english));
      }
    });
  });
});

describe('server messages', () => {
  // MESSAGES at the top level, the other rule sets under their prefixes (lib/messages.ts).
  const known = new Map<string, string>([
    ...Object.entries(MESSAGES),
    ...Object.entries(STORE_LINK_MESSAGES).map(([key, text]) => [`storeLink.${key}`, text] as const),
    ...Object.entries(CAMPAIGN_MESSAGES).map(([key, text]) => [`campaign.${key}`, text] as const),
    ...Object.entries(ACCESS_MESSAGES).map(([key, text]) => [`access.${key}`, text] as const),
    ...Object.entries(STAFF_MONEY_MESSAGES).map(([key, text]) => [`staffMoney.${key}`, text] as const),
    ...Object.entries(USER_MESSAGES).map(([key, text]) => [`users.${key}`, text] as const),
    ...Object.entries(SETTINGS_MESSAGES).map(([key, text]) => [`settings.${key}`, text] as const),
    ...Object.entries(SECURITY_MESSAGES).map(([key, text]) => [`security.${key}`, text] as const),
    ...Object.entries(OPERATIONS_MESSAGES).map(([key, text]) => [`operations.${key}`, text] as const),
    ...Object.entries(PAGES_MESSAGES).map(([key, text]) => [`pages.${key}`, text] as const),
    ...Object.entries(NOTICE_MESSAGES).map(([key, text]) => [`notices.${key}`, text] as const),
    ...Object.entries(SALES_MESSAGES).map(([key, text]) => [`sales.${key}`, text] as const),
    ...Object.entries(MARKETING_MESSAGES).map(([key, text]) => [`marketing.${key}`, text] as const),
    ...Object.entries(WEBHOOK_MESSAGES).map(([key, text]) => [`webhook.${key}`, text] as const),
    ...Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [`validation.${key}`, text] as const),
  ]);

  it('every key of MESSAGES and the registered rule sets has a translation, and en-US says what the server says', () => {
    const en = leaves(fileOf('en-US', 'messages'));
    for (const [key, text] of known) {
      expect(en.get(key), key).toBe(text);
    }
    expect(
      [...en.keys()].filter((key) => !known.has(key)),
      'texts the message sets no longer have',
    ).toEqual([]);
  });

  it('is really translated (not an English copy) in the other locales', () => {
    const en = leaves(fileOf('en-US', 'messages'));
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const other = leaves(fileOf(locale, 'messages'));
      const same = [...en].filter(([key, text]) => other.get(key) === text);
      expect(
        same.map(([key]) => key),
        locale,
      ).toEqual([]);
    }
  });
});

describe('log viewer', () => {
  it('has a label for every audit action', () => {
    const access = leaves(fileOf('en-US', 'access'));
    expect(AUDIT_ACTIONS.filter((action) => !access.has(`audit.actions.${action}`))).toEqual([]);
  });
});

describe('lazy loading', () => {
  it('has a loader for every namespace in every locale, public or signed-in', async () => {
    for (const namespace of NAMESPACES)
      for (const locale of LOCALES) {
        const load = await loaderOf(namespace, locale);
        expect(load, `${locale}/${namespace}`).toBeTypeOf('function');
        expect(Object.keys((await load!()).default).length, `${locale}/${namespace}`).toBeGreaterThan(0);
      }
  });
});
