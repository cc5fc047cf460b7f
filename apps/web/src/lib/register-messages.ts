/**
 * Registered plain texts by text, and templates, read by lib/messages.ts. A template with `{{name}}`
 * placeholders also matches its filled-in texts ("Saved as draft #12").
 */
export const extraKeys = new Map<string, string>();
export const extraTemplates: { pattern: RegExp; key: string; names: string[] }[] = [];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Makes a set of server texts translatable: `texts[key]` reads `${prefix}.${key}` of the messages namespace.
 * Rule sets are registered by the lazy chunks that can meet them, so the sign-in page does not carry them.
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
  // The template with the most fixed text is tried first: "Must be at least 3 characters" is the text
  // rule's, not the number rule's "Must be at least {{min}}" with min "3 characters".
  const fixedLength = (pattern: RegExp) => pattern.source.replaceAll('(.+?)', '').length;
  extraTemplates.sort((a, b) => fixedLength(b.pattern) - fixedLength(a.pattern));
}
