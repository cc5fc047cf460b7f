import { z } from 'zod';
import { PRODUCT_TYPES } from '../constants/domain.js';
import { LOCALES } from '../constants/locales.js';
import { MESSAGES, fillMessage } from '../rules/messages.js';
import { units } from '../rules/money.js';
import { SETTINGS_MESSAGES } from '../rules/settings-messages.js';
import { text } from '../rules/text.js';
import { appstoreQueryRule } from './apps.js';
import { moneyInputRule, moneySchema, positiveAmount } from './billing.js';

// Core settings (staff-admin §3 Payment systems and Admin products, §7 paysystems, products, email-templates).

// ---------------------------------------------------------------- payment systems

const percentRule = moneyInputRule(2).refine(
  (value) => value >= 0n && value <= units(100),
  SETTINGS_MESSAGES.percentRange,
);

/** `PUT paysystems/{id}` (admin): a system's bonus and options; money and percents as decimal strings. */
export const paysystemBodySchema = z
  .object({
    description: text({ max: 200 }),
    min_amount: positiveAmount(2),
    max_amount: positiveAmount(2),
    /** Percent of the amount added on top. */
    fee: percentRule,
    /** Percent VAT on the fee for accounts in Europe; null = none. */
    vat: percentRule.nullable(),
    /** The marketing payment bonus applies. */
    bonus: z.boolean({ error: MESSAGES.dataNotValid }),
    /** No payment bonus above this amount; null = no cap. */
    bonus_max_amount: positiveAmount(2).nullable(),
    /** Confirmations before crediting (crypto); 0 for the others. */
    confirmations: z
      .number({ error: SETTINGS_MESSAGES.confirmationsRange })
      .int(SETTINGS_MESSAGES.confirmationsRange)
      .min(0, SETTINGS_MESSAGES.confirmationsRange)
      .max(100, SETTINGS_MESSAGES.confirmationsRange),
  })
  .refine((body) => body.min_amount <= body.max_amount, {
    path: ['max_amount'],
    message: SETTINGS_MESSAGES.maxBelowMin,
  });
export type PaysystemBody = z.input<typeof paysystemBodySchema>;

// ---------------------------------------------------------------- products

/** The product types with a price (every numbered type but "undefined"). */
export const PRICED_PRODUCT_TYPES = Object.values(PRODUCT_TYPES).filter(
  (type) => type !== PRODUCT_TYPES.undefined,
);

const priceRule = moneyInputRule(4).refine(
  (value) => value > 0n && value <= units(10_000),
  SETTINGS_MESSAGES.priceRange,
);

/** `GET products`: one store's price list (Google Play by default). */
export const productsQuerySchema = z.object({ appstore: appstoreQueryRule.default(1) });

export const productPricetagSchema = z.object({
  priceplan_id: z.number().int(),
  name: z.string(),
  price: moneySchema,
});
/** A product type's base price on a store and the pricetag of each price plan. */
export const productSchema = z.object({
  appstore: z.number().int(),
  type: z.number().int(),
  price: moneySchema,
  pricetags: z.array(productPricetagSchema),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.object({
  data: z.array(productSchema),
  meta: z.object({ total: z.number().int() }),
  appstore: z.number().int(),
  message: z.string().optional(),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

const idRule = z
  .number({ error: SETTINGS_MESSAGES.planUnknown })
  .int(SETTINGS_MESSAGES.planUnknown)
  .positive(SETTINGS_MESSAGES.planUnknown)
  .max(2_147_483_647, SETTINGS_MESSAGES.planUnknown);

/**
 * `PUT products` (admin, no id): base prices and plan pricetags of one store. Listed types and plans are
 * replaced; the others keep their prices. A change prices the next quote, never a charged campaign.
 */
export const productsBodySchema = z.object({
  appstore: z.union([z.literal(1), z.literal(2)]),
  products: z
    .array(
      z.object({
        type: z
          .number({ error: SETTINGS_MESSAGES.productUnknown })
          .refine((type) => PRICED_PRODUCT_TYPES.includes(type as 1), {
            message: SETTINGS_MESSAGES.productUnknown,
          }),
        price: priceRule,
        pricetags: z
          .array(z.object({ priceplan_id: idRule, price: priceRule }))
          .max(50, SETTINGS_MESSAGES.planTwice)
          .refine(
            (tags) => new Set(tags.map((tag) => tag.priceplan_id)).size === tags.length,
            SETTINGS_MESSAGES.planTwice,
          ),
      }),
    )
    .min(1, MESSAGES.required)
    .max(PRICED_PRODUCT_TYPES.length, SETTINGS_MESSAGES.productTwice)
    .refine(
      (rows) => new Set(rows.map((row) => row.type)).size === rows.length,
      SETTINGS_MESSAGES.productTwice,
    ),
});
export type ProductsBody = z.input<typeof productsBodySchema>;

// ---------------------------------------------------------------- e-mail templates

/** Every mail the system sends and the placeholders its texts may use (`{{name}}`). */
export const EMAIL_TEMPLATES = {
  verify: ['name', 'email', 'link'],
  reset: ['name', 'email', 'link'],
  /** A top-up credited to the main balance (and its payment bonus); the link opens My transactions. */
  'payment-credited': ['name', 'email', 'link', 'amount', 'bonus', 'paysystem'],
  /** The password was changed on My profile; the link opens forgot-password, for an owner who did not. */
  'password-changed': ['name', 'email', 'link'],
  /** A notice of a type the customer chose to receive by e-mail too; the link opens the dashboard. */
  notice: ['name', 'email', 'link', 'text'],
  /** Money sent, received or reversed between two accounts (always mailed); the link opens Transfers. */
  transfer: ['name', 'email', 'link', 'text'],
} as const satisfies Record<string, readonly string[]>;
export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TEMPLATE_NAMES = Object.keys(EMAIL_TEMPLATES) as EmailTemplateName[];

/** A placeholder in a template's text: `{{ name }}`. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that its template does not know, in order of appearance. */
export function unknownPlaceholders(name: EmailTemplateName, value: string): string[] {
  const known: readonly string[] = EMAIL_TEMPLATES[name];
  const unknown = [...value.matchAll(PLACEHOLDER_PATTERN)]
    .map((match) => match[1]!)
    .filter((placeholder) => !known.includes(placeholder));
  return [...new Set(unknown)];
}

/** The texts of a mail: the subject, the body before the link, the link's label and the text after it. */
const templateTexts = {
  subject: text({ min: 1, max: 200 }),
  body: text({ min: 1, max: 5000, multiline: true }),
  action: text({ min: 1, max: 100 }),
  footer: text({ max: 2000, multiline: true }),
};
const TEXT_FIELDS = ['subject', 'body', 'action', 'footer'] as const;

/** `PUT email-templates` and `POST email-templates/preview` (admin): one template in one language. */
export const emailTemplateBodySchema = z
  .object({
    name: z.enum(EMAIL_TEMPLATE_NAMES as [EmailTemplateName, ...EmailTemplateName[]], {
      error: SETTINGS_MESSAGES.templateUnknown,
    }),
    locale: z.enum(LOCALES, { error: MESSAGES.localeInvalid }),
    ...templateTexts,
  })
  .superRefine((body, ctx) => {
    for (const field of TEXT_FIELDS) {
      for (const placeholder of unknownPlaceholders(body.name, body[field])) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: fillMessage(SETTINGS_MESSAGES.placeholderUnknown, { placeholder }),
          params: { code: 'settings.placeholderUnknown', placeholder },
        });
      }
    }
  });
export type EmailTemplateBody = z.input<typeof emailTemplateBodySchema>;

export const emailTemplateSchema = z.object({
  name: z.string(),
  locale: z.string(),
  subject: z.string(),
  body: z.string(),
  action: z.string(),
  footer: z.string(),
  placeholders: z.array(z.string()),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListResponseSchema = z.object({ data: z.array(emailTemplateSchema) });
export type EmailTemplateListResponse = z.infer<typeof emailTemplateListResponseSchema>;
export const emailTemplateResponseSchema = z.object({ data: emailTemplateSchema, message: z.string() });
export type EmailTemplateResponse = z.infer<typeof emailTemplateResponseSchema>;

/** A rendered mail: what the recipient gets. */
export const renderedMailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;
export const emailPreviewResponseSchema = z.object({ data: renderedMailSchema });
export type EmailPreviewResponse = z.infer<typeof emailPreviewResponseSchema>;

// ---------------------------------------------------------------- maintenance

/** Maintenance mode: while enabled, everyone but admins is answered 503 "Maintenance is in progress". */
export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  /** Staff's note on why and until when; not shown to customers. */
  message: z.string().nullable(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** `PUT maintenance` (admin): switch it; a blank or absent message clears the note. */
export const maintenanceBodySchema = z.object({
  enabled: z.boolean(),
  message: text({ max: 500, multiline: true }).nullish(),
});
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;

export const maintenanceResponseSchema = z.object({
  data: maintenanceSchema,
  message: z.string().optional(),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;
