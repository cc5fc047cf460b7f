import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, ERROR_CODES, LOCALES, templateOf } from '@storelift/shared';
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
  // Every error code of the catalog is its key here (docs/contract.md, "Error codes"); the public API's own
  // answers go to integrations only, in English.
  const known = new Map<string, string>(
    ERROR_CODES.filter((code) => !code.startsWith('publicApi.')).map((code) => [code, templateOf(code)]),
  );

  it('every error code of the catalog has a translation, and en-US says what the server says', () => {
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
