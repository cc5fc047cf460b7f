import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { PAGES_MESSAGES } from '../rules/pages-messages.js';
import { text } from '../rules/text.js';

/**
 * The texts a reseller sends their own clients (customer-area §7 `users/profile/email-templates`): each kind
 * has its placeholders, written `{{name}}`, and an English default the reseller starts from.
 */
export const RESELLER_TEMPLATE_KEYS = [
  'order_confirmation',
  'campaign_report',
  'campaign_completed',
] as const;
export type ResellerTemplateKey = (typeof RESELLER_TEMPLATE_KEYS)[number];

/** Every placeholder with the sample value the preview fills in. */
export const RESELLER_TEMPLATE_SAMPLES = {
  client_name: 'Alex Morgan',
  reseller_name: 'Bright Apps Agency',
  order_id: '1042',
  app_name: 'Photo Studio Pro',
  country: 'United States',
  installs: '500',
  installs_delivered: '320',
  period: '1–7 March',
  total: '$250.00',
} as const;
export type ResellerTemplatePlaceholder = keyof typeof RESELLER_TEMPLATE_SAMPLES;

export const RESELLER_TEMPLATE_DEFAULTS: Record<
  ResellerTemplateKey,
  { subject: string; body: string; placeholders: readonly ResellerTemplatePlaceholder[] }
> = {
  order_confirmation: {
    subject: 'Your order #{{order_id}} is confirmed',
    body: 'Hello {{client_name}},\n\nThank you for your order #{{order_id}}: {{installs}} installs of {{app_name}} in {{country}}, {{total}} in all.\nWe will tell you when it starts.\n\n{{reseller_name}}',
    placeholders: ['client_name', 'reseller_name', 'order_id', 'app_name', 'country', 'installs', 'total'],
  },
  campaign_report: {
    subject: 'Report on order #{{order_id}}: {{period}}',
    body: 'Hello {{client_name}},\n\nFor {{period}}, {{installs_delivered}} installs of {{app_name}} were delivered on order #{{order_id}}.\n\n{{reseller_name}}',
    placeholders: ['client_name', 'reseller_name', 'order_id', 'app_name', 'installs_delivered', 'period'],
  },
  campaign_completed: {
    subject: 'Order #{{order_id}} is complete',
    body: 'Hello {{client_name}},\n\nYour order #{{order_id}} for {{app_name}} is complete: {{installs_delivered}} installs delivered.\n\n{{reseller_name}}',
    placeholders: ['client_name', 'reseller_name', 'order_id', 'app_name', 'installs_delivered'],
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that its template does not have (each once, in order). */
export function unknownTemplatePlaceholders(key: ResellerTemplateKey, value: string): string[] {
  const known: readonly string[] = RESELLER_TEMPLATE_DEFAULTS[key].placeholders;
  const names = [...value.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !known.includes(name)))];
}

/** A template's text with its placeholders filled in (the preview: plain text, to be shown or escaped as such). */
export function fillResellerTemplate(value: string, values: Readonly<Record<string, string>>): string {
  return value.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** `PUT users/profile/email-templates`: a template saved, or put back to its default with `reset`. */
export const resellerTemplateBodySchema = z
  .object({
    key: z.enum(RESELLER_TEMPLATE_KEYS),
    subject: text({ max: 200, min: 1 }).optional(),
    body: text({ max: 5000, min: 1, multiline: true }).optional(),
    reset: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reset) return;
    for (const field of ['subject', 'body'] as const) {
      const written = value[field];
      if (written === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
        continue;
      }
      const unknown = unknownTemplatePlaceholders(value.key, written);
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: PAGES_MESSAGES.templatePlaceholderUnknown.replace('{{name}}', `{{${unknown[0]!}}}`),
          params: { code: 'pages.templatePlaceholderUnknown', name: `{{${unknown[0]!}}}` },
        });
    }
  });
export type ResellerTemplateBody = z.input<typeof resellerTemplateBodySchema>;

export const resellerTemplateSchema = z.object({
  key: z.enum(RESELLER_TEMPLATE_KEYS),
  subject: z.string(),
  body: z.string(),
  /** Whether this is the default text (never saved, or reset). */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ResellerTemplate = z.infer<typeof resellerTemplateSchema>;

/** `GET users/profile/email-templates`: the caller's templates, one per kind, and whether they may edit them. */
export const resellerTemplatesResponseSchema = z.object({
  data: z.array(resellerTemplateSchema),
  /** Only a user on a reseller plan may change them. */
  editable: z.boolean(),
});
export type ResellerTemplatesResponse = z.infer<typeof resellerTemplatesResponseSchema>;
export const resellerTemplateResponseSchema = z.object({ data: resellerTemplateSchema, message: z.string() });
export type ResellerTemplateResponse = z.infer<typeof resellerTemplateResponseSchema>;

/** `GET users/profile/email-templates/list`: the kinds, their placeholders with sample values, and defaults. */
export const resellerTemplateKindsResponseSchema = z.object({
  data: z.array(
    z.object({
      key: z.enum(RESELLER_TEMPLATE_KEYS),
      subject: z.string(),
      body: z.string(),
      placeholders: z.array(z.object({ name: z.string(), sample: z.string() })),
    }),
  ),
});
export type ResellerTemplateKindsResponse = z.infer<typeof resellerTemplateKindsResponseSchema>;
export type ResellerTemplateKinds = z.infer<typeof resellerTemplateKindsResponseSchema>['data'];
