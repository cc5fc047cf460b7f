import {
  EMAIL_TEMPLATES,
  SETTINGS_MESSAGES,
  type EmailTemplate,
  type EmailTemplateName,
  type emailTemplateBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { audit } from '../audit/audit.js';
import * as repo from './email-templates.repo.js';
import { renderTemplate, type TemplateTexts } from './mail.templates.js';

type Body = z.output<typeof emailTemplateBodySchema>;

const textsOf = (row: TemplateTexts): TemplateTexts => ({
  subject: row.subject,
  body: row.body,
  action: row.action,
  footer: row.footer,
});

const toView = (row: repo.EmailTemplateRow): EmailTemplate => ({
  name: row.name,
  locale: row.locale,
  ...textsOf(row),
  placeholders: [...(EMAIL_TEMPLATES[row.name as EmailTemplateName] ?? [])],
  updated_at: row.updated_at.toISOString(),
});

/** `GET email-templates` (staff-admin §7): every mail the system sends, in every language. */
export async function listTemplates(deps: Deps) {
  return { data: (await repo.listTemplates(deps.db)).map(toView) };
}

/** `PUT email-templates` (admin): one template in one language; the next mail of it uses the new texts. */
export async function updateTemplate(deps: Deps, body: Body) {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findTemplate(tx, body.name, body.locale, true);
    const saved = await repo.saveTemplate(tx, { name: body.name, locale: body.locale, ...textsOf(body) });
    const [was, is] = [before && textsOf(before), textsOf(saved)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await audit(tx, {
        action: 'email-templates.update',
        target: { type: 'email-template', id: `${body.name}/${body.locale}` },
        before: was ?? null,
        after: is,
      });
    }
    return saved;
  });
  return { data: toView(row), message: SETTINGS_MESSAGES.templateSaved };
}

/** `POST email-templates/preview` (admin): the mail the texts make, with sample values; nothing is saved. */
export function previewTemplate(deps: Deps, body: Body) {
  const page = {
    verify: 'login',
    reset: 'password-reset',
    'payment-credited': 'my-transactions',
    'password-changed': 'forgot-password',
    notice: 'dashboard',
    transfer: 'transfers',
  }[body.name];
  const sample = {
    name: 'Alex',
    email: 'alex@example.com',
    link: `${deps.config.publicUrl}/${page}?sample=1`,
    amount: '500.00',
    bonus: '50.00',
    paysystem: 'Card',
    text: 'Campaign #42 is completed.',
  };
  return { data: renderTemplate(textsOf(body), sample) };
}
