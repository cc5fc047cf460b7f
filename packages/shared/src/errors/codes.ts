import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MARKETING_MESSAGES } from '../rules/marketing-messages.js';
import { fillMessage, MESSAGES } from '../rules/messages.js';
import { NOTICE_MESSAGES } from '../rules/notices-messages.js';
import { OPERATIONS_MESSAGES } from '../rules/operations-messages.js';
import { PAGES_MESSAGES } from '../rules/pages-messages.js';
import { SALES_MESSAGES } from '../rules/sales-messages.js';
import { SECURITY_MESSAGES } from '../rules/security-messages.js';
import { SETTINGS_MESSAGES } from '../rules/settings-messages.js';
import { STAFF_MONEY_MESSAGES } from '../rules/staff-money-messages.js';
import { TRANSFER_MESSAGES } from '../rules/transfer-messages.js';
import { TRANSFER_PAYMENT_MESSAGES } from '../rules/transfer-payment-messages.js';
import { RECONCILIATION_MESSAGES } from '../rules/reconciliation-messages.js';
import { STORE_LINK_MESSAGES } from '../rules/store-links.js';
import { USER_MESSAGES } from '../rules/user-messages.js';
import { VALIDATION_MESSAGES } from '../rules/validation-messages.js';
import { WEBHOOK_MESSAGES } from '../rules/webhook-messages.js';
import { PUBLIC_API_MESSAGES } from '../contracts/public-api.js';

/**
 * Every message set once, under the prefix of its keys in the web's `messages` namespace. An error's code is
 * that key (`required`, `validation.textMax`, `campaign.campaignMinInstalls`): the client translates by it.
 */
const MESSAGE_SETS = {
  '': MESSAGES,
  validation: VALIDATION_MESSAGES,
  access: ACCESS_MESSAGES,
  campaign: CAMPAIGN_MESSAGES,
  marketing: MARKETING_MESSAGES,
  notices: NOTICE_MESSAGES,
  operations: OPERATIONS_MESSAGES,
  pages: PAGES_MESSAGES,
  publicApi: PUBLIC_API_MESSAGES,
  reconciliation: RECONCILIATION_MESSAGES,
  sales: SALES_MESSAGES,
  security: SECURITY_MESSAGES,
  settings: SETTINGS_MESSAGES,
  staffMoney: STAFF_MONEY_MESSAGES,
  storeLink: STORE_LINK_MESSAGES,
  transfers: TRANSFER_MESSAGES,
  transferPayments: TRANSFER_PAYMENT_MESSAGES,
  users: USER_MESSAGES,
  webhook: WEBHOOK_MESSAGES,
} as const;
type Sets = typeof MESSAGE_SETS;
type CodeOf<P extends keyof Sets> = P extends '' ? keyof Sets[P] : `${P}.${keyof Sets[P] & string}`;

/** A stable error code: the key of its message in the catalog. */
export type ErrorCode = { [P in keyof Sets]: CodeOf<P> }[keyof Sets];
/** The values a code's template is filled with (`{ max: 500 }` for `validation.textMax`). */
export type ErrorParams = Record<string, string | number>;
/** A code with its values: what a client needs to write the message in its own language. */
export interface CodedMessage {
  code: ErrorCode;
  params?: ErrorParams;
}

/** English template by code. */
const TEMPLATES = new Map<string, string>(
  Object.entries(MESSAGE_SETS).flatMap(([prefix, set]) =>
    Object.entries(set).map(([key, text]) => [prefix ? `${prefix}.${key}` : key, text as string]),
  ),
);

/** Every error code, in catalog order (the OpenAPI enum and docs/contract.md list them). */
export const ERROR_CODES = [...TEMPLATES.keys()] as readonly ErrorCode[];

/** Codes of constant texts by text (templates with `{{name}}` are never looked up by text); first set wins. */
const CODE_BY_TEXT = new Map<string, ErrorCode>();
for (const [code, text] of TEMPLATES) {
  if (!text.includes('{{') && !CODE_BY_TEXT.has(text)) CODE_BY_TEXT.set(text, code as ErrorCode);
}

/** The English template of a code. */
export function templateOf(code: ErrorCode): string {
  return TEMPLATES.get(code)!;
}

/** The English message of a code with its values filled in. */
export function messageOf(code: ErrorCode, params?: ErrorParams): string {
  const template = templateOf(code);
  return params ? fillMessage(template, params) : template;
}

/** The code of a constant catalog text (`MESSAGES.notFound` → `notFound`); undefined for any other text. */
export function codeOfText(text: string): ErrorCode | undefined {
  return CODE_BY_TEXT.get(text);
}

/** Whether a value is a catalog code (a custom zod issue names its code in `params.code`). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && TEMPLATES.has(value);
}
