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

/** A reference text in a locale when it is a known seeded text, else as stored. */
export function localizeText(locale: Locale, text: string): string {
  return REFERENCE_TRANSLATIONS[locale]?.[text] ?? text;
}
