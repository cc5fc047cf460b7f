import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@storelift/shared';
import { REFERENCE_TRANSLATIONS } from './reference-texts.data.js';

/**
 * Reference data the server sends as text (payment systems, plan names, the seeded marketing action) in
 * the request's language. The web sends its interface language as `Accept-Language`; the seeded English
 * text is the key, so a text staff have edited is shown as typed, and English is the fallback.
 */
export function requestLocale(req: FastifyRequest): Locale {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string') return DEFAULT_LOCALE;
  for (const part of header.split(',').slice(0, 10)) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const byLanguage = LOCALES.find((locale) => locale.split('-')[0] === tag.split('-')[0]);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}

/** A catalogue key with `{{name}}` placeholders, as a pattern with the placeholders' names. */
interface Template {
  pattern: RegExp;
  names: string[];
  text: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Per locale, the catalogue's templates (ledger descriptions such as "Top-up #{{id}}"; a value has no space), built once. */
const templates = new Map<Locale, Template[]>();
function templatesOf(locale: Locale): Template[] {
  let list = templates.get(locale);
  if (!list) {
    list = Object.entries(REFERENCE_TRANSLATIONS[locale] ?? {})
      .filter(([key]) => key.includes('{{'))
      .map(([key, text]) => {
        const names = [...key.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
        const source = key
          .split(/\{\{\w+\}\}/)
          .map(escape)
          .join('(\\S+)');
        return { pattern: new RegExp(`^${source}$`), names, text };
      });
    templates.set(locale, list);
  }
  return list;
}

/** A reference text in a locale when it is a known seeded text or fills a known template, else as stored. */
export function localizeText(locale: Locale, text: string): string {
  const exact = REFERENCE_TRANSLATIONS[locale]?.[text];
  if (exact !== undefined) return exact;
  for (const template of templatesOf(locale)) {
    const match = template.pattern.exec(text);
    if (match)
      return template.names.reduce(
        (out, name, i) => out.replaceAll(`{{${name}}}`, match[i + 1]!),
        template.text,
      );
  }
  return text;
}
