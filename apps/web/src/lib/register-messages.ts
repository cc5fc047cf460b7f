import { extraKeys, extraTemplates } from './messages';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Makes a set of server texts translatable: `texts[key]` reads `${prefix}.${key}` of the messages namespace.
 * Imported only by the lazy chunks that can meet those texts, so the sign-in page does not carry it.
 */
export function registerMessageTexts(prefix: string, texts: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(texts)) {
    const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
    if (!names.length) extraKeys.set(text, `${prefix}.${key}`);
    else {
      const source = text
        .split(/\{\{\w+\}\}/)
        .map(escapeRegExp)
        .join('(.+?)');
      extraTemplates.push({ pattern: new RegExp(`^${source}$`), key: `${prefix}.${key}`, names });
    }
  }
}
