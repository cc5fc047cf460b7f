import {
  DEFAULT_LOCALE,
  PLACEHOLDER_PATTERN,
  type EmailTemplateName,
  type Locale,
  type RenderedMail,
} from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { escapeHtml } from '../../lib/html.js';
import { findTemplate } from './email-templates.repo.js';

/** The texts of a template as staff edit them (`{{placeholder}}` in any of them). */
export interface TemplateTexts {
  subject: string;
  body: string;
  action: string;
  footer: string;
}

/** The values of a mail's placeholders; `link` is also where its action points. */
export type MailValues = { name: string; email: string; link: string } & Record<string, string>;

/**
 * Fills a text's placeholders. For HTML both the template's own text and the values are escaped, each
 * apart, so neither a template nor a nickname can add markup; a placeholder no value has stays as written.
 */
function fill(template: string, values: Record<string, string>, html: boolean): string {
  const escape = html ? escapeHtml : (value: string) => value;
  let out = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const value = values[match[1]!];
    out += escape(template.slice(last, match.index)) + escape(value ?? match[0]);
    last = match.index + match[0].length;
  }
  return out + escape(template.slice(last));
}

/** Paragraphs at blank lines, line breaks within them kept. */
const paragraphs = (html: string) =>
  html
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${part.replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

/** A mail from a template's texts: the body, the action link, then the footer. */
export function renderTemplate(texts: TemplateTexts, values: MailValues): RenderedMail {
  const plain = (value: string) => fill(value, values, false).trim();
  const footer = plain(texts.footer);
  const footerHtml = fill(texts.footer, values, true).trim();
  return {
    subject: plain(texts.subject).replace(/\s+/g, ' '),
    text: `${plain(texts.body)}\n\n${plain(texts.action)}: ${values.link}\n${footer ? `\n${footer}\n` : ''}`,
    html:
      paragraphs(fill(texts.body, values, true)) +
      `<p><a href="${escapeHtml(values.link)}">${fill(texts.action, values, true)}</a></p>` +
      (footerHtml ? `<div style="color:#666">${paragraphs(footerHtml)}</div>` : ''),
  };
}

/** Renders a mail from its template in the database, in the user's language (English when missing). */
export async function renderMail(
  db: Queryable,
  name: EmailTemplateName,
  locale: Locale,
  values: MailValues,
): Promise<RenderedMail> {
  const texts = (await findTemplate(db, name, locale)) ?? (await findTemplate(db, name, DEFAULT_LOCALE));
  if (!texts) throw new Error(`The e-mail template ${name} is missing`);
  return renderTemplate(texts, values);
}
