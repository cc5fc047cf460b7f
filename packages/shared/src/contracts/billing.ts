import { z } from 'zod';
import { BALANCE_FILTERS, DATE_SHORTCUTS } from '../constants/domain.js';
import {
  ACCOUNT_IDS,
  ACCOUNT_TYPES,
  MONEY_INPUT_MAX,
  PAYMENT_ORDER_COLUMNS,
  PAYMENT_SEARCH_COLUMNS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFERENCE_TYPES,
  TRANSACTION_TYPES,
} from '../constants/money.js';
import { MESSAGES } from '../rules/messages.js';
import { VALIDATION_MESSAGES } from '../rules/validation-messages.js';
import { text } from '../rules/text.js';
import { MONEY_SCALE, parseMoney, readMoneyInput, type Money } from '../rules/money.js';
import { appstoreQueryRule, queryFlagRule, searchTextRule } from './apps.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/** Money in an answer: a decimal string with 4 places ("500.0000"). */
export const moneySchema = z.string();

const MONEY_MAX = parseMoney(MONEY_INPUT_MAX);

/**
 * Money in a request: a number or a decimal string with at most `decimals` places ("12.3500" has 2),
 * read into exact ten-thousandths (never a float), at most `MONEY_INPUT_MAX` either way ("The amount is
 * too large": what the numeric(14,4) columns hold, with room). Sign and a narrower range are checked
 * by the caller's refinements.
 */
export function moneyInputRule(decimals = 2) {
  return z
    .union([z.string(), z.number()], { error: MESSAGES.amountInvalid })
    .transform((value, ctx): Money => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
      const money = readMoneyInput(text, decimals);
      if (money === null || money > MONEY_MAX || money < -MONEY_MAX) {
        const message = money === null ? MESSAGES.amountInvalid : MESSAGES.amountTooLarge;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return money;
    });
}

/** A positive amount with at most `decimals` places, up to 1,000,000 (customer amounts). */
export const positiveAmount = (decimals = 2) =>
  moneyInputRule(decimals).refine(
    (value) => value > 0n && value <= 1_000_000n * MONEY_SCALE,
    MESSAGES.amountInvalid,
  );

/** A positive amount with at most 2 decimals, up to 1,000,000 (top-ups). */
export const positiveAmountRule = positiveAmount(2);

/** A day (YYYY-MM-DD, UTC) or an ISO time in a query. */
export const dateQueryRule = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, VALIDATION_MESSAGES.dateInvalid)
  .refine((text) => !Number.isNaN(Date.parse(text)), VALIDATION_MESSAGES.dateInvalid);

/** A body that may be left out altogether (read as `{}`). */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** A list of ids in a query: "1,30" or one id. */
const idCsvRule = z
  .string()
  .trim()
  .regex(/^\d{1,9}(,\d{1,9})*$/, MESSAGES.dataNotValid)
  .transform((text) => text.split(',').map(Number));

// ---------------------------------------------------------------- transactions

export const accountIdRule = z.preprocess(
  (value) => (typeof value === 'string' && value in ACCOUNT_IDS ? ACCOUNT_IDS[value as 'main'] : value),
  z.coerce.number({ error: MESSAGES.accountInvalid }).pipe(
    z.union([z.literal(ACCOUNT_IDS.main), z.literal(ACCOUNT_IDS.bonus)], {
      error: MESSAGES.accountInvalid,
    }),
  ),
);

/** One ledger row (customer-area §3 transactions). `amount` is signed: + credit, − debit. */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  account: z.enum(ACCOUNT_TYPES),
  account_id: z.number().int(),
  amount: moneySchema,
  balance_after: moneySchema,
  reference_type: z.enum(REFERENCE_TYPES).nullable(),
  reference_id: z.string().nullable(),
  /** In English; the web shows `description_key` in the reader's language when a row has one. */
  description: z.string().nullable(),
  /** A key of `LEDGER_TEXTS` and its parameters (null on rows written before keys, and on staff's own texts). */
  description_key: z.string().nullable(),
  description_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** Made by staff signed in as the customer (log in as a user): shown as "by support". */
  by_support: z.boolean(),
  appstore: z.number().int().nullable(),
  package: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_SORTS = ['date', 'created_at', 'amount', 'type'] as const;

/**
 * `GET transactions`: `balance` 0 all accounts, 1 main (PAYMENTS), 2 bonus (BONUS_PAYMENTS); `date` a
 * shortcut (week, month, three_months) or custom/absent (then `from` and `to`, days inclusive, UTC).
 */
export const transactionListQuerySchema = z.object({
  type: z.enum([...TRANSACTION_TYPES, 'all']).optional(),
  balance: z.coerce
    .number()
    .pipe(
      z.union([
        z.literal(BALANCE_FILTERS.ALL),
        z.literal(BALANCE_FILTERS.PAYMENTS),
        z.literal(BALANCE_FILTERS.BONUS_PAYMENTS),
      ]),
    )
    .default(BALANCE_FILTERS.ALL),
  appstore: appstoreQueryRule.optional(),
  package: text({ max: 255 }).optional(),
  date: z.enum([...DATE_SHORTCUTS, 'all']).optional(),
  from: dateQueryRule.optional(),
  to: dateQueryRule.optional(),
  search: searchTextRule.max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(TRANSACTION_SORTS).default('date'),
  sortType: sortDirectionSchema.default('desc'),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;
export const transactionListResponseSchema = z.object({
  data: z.array(transactionSchema),
  meta: pageMetaSchema,
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/**
 * Staff: one user's transactions (user details), with the names staff-admin §7 lists: `orderBy` the column
 * and `sortBy` the direction (created_at desc by default), `is_admin` 1 only the rows staff made (a balance
 * change by hand, or a change made while signed in as the user), `billingOnly` 1 only the rows of payments
 * (top-ups, payment bonuses and refunds, commissions) and of staff balance changes.
 */
export const adminTransactionListQuerySchema = transactionListQuerySchema
  .omit({ sortBy: true, sortType: true })
  .extend({
    user_id: z.coerce.number().int().positive().max(2_147_483_647),
    orderBy: z.enum(TRANSACTION_SORTS, { error: MESSAGES.dataNotValid }).default('created_at'),
    sortBy: sortDirectionSchema.default('desc'),
    is_admin: queryFlagRule.default(false),
    billingOnly: queryFlagRule.default(false),
  });

// ---------------------------------------------------------------- payment systems

/** The provider that serves a payment system (docs/money.md, Providers). */
export const PAYMENT_PROVIDERS = [
  'sandbox',
  'stripe',
  'paypal',
  'nowpayments',
  'binance-pay',
  'gate-pay',
  'liqpay',
  'fondy',
  /** Bank transfer, Wise and Payoneer: the customer transfers with a reference, statements reconcile it. */
  'transfer',
] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

export const paysystemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  min_amount: moneySchema,
  max_amount: moneySchema,
  /** Fee in percent of the amount ("6.0000"), added on top. */
  fee: moneySchema,
  /** VAT in percent of the fee for accounts in Europe, or null. */
  vat: moneySchema.nullable(),
  /** The caller pays VAT with this system (set for customers only). */
  vat_applies: z.boolean(),
  /** The marketing payment bonus applies to payments of this system. */
  bonus: z.boolean(),
  /** No payment bonus above this amount, or null. */
  bonus_max_amount: moneySchema.nullable(),
  /** Confirmations needed before crediting (crypto); 0 for the others. */
  confirmations: z.number().int(),
  /** Call `checkout/{id}/auth` (the customer signs in at the provider) instead of `checkout`. */
  auth: z.boolean(),
  provider: paymentProviderSchema,
  description: z.string(),
});
export type Paysystem = z.infer<typeof paysystemSchema>;
export const paysystemListSchema = z.object({ data: z.array(paysystemSchema) });
export type PaysystemList = z.infer<typeof paysystemListSchema>;

/** Who serves a payment system, as staff see it on the core settings page (docs/money.md, Payment providers). */
export const paysystemProviderStatusSchema = z.object({
  /** The system's hosted provider (PayPal for 1, Stripe for 30 and 31…), or null where it has none. */
  hosted: paymentProviderSchema.nullable(),
  /** The hosted provider's credentials are set: it serves the system. */
  configured: z.boolean(),
  /** Real money or a sandbox (the provider's own, or the embedded one); null when nothing serves it (not offered). */
  mode: z.enum(['live', 'sandbox']).nullable(),
});
export type PaysystemProviderStatus = z.infer<typeof paysystemProviderStatusSchema>;
/** A payment system as staff see it (`GET paysystems` and the changes of the admin API). */
export const adminPaysystemSchema = paysystemSchema.extend({
  provider_status: paysystemProviderStatusSchema,
});
export type AdminPaysystem = z.infer<typeof adminPaysystemSchema>;
export const adminPaysystemListSchema = z.object({ data: z.array(adminPaysystemSchema) });
export type AdminPaysystemList = z.infer<typeof adminPaysystemListSchema>;
export const adminPaysystemResponseSchema = z.object({ data: adminPaysystemSchema, message: z.string() });
export type AdminPaysystemResponse = z.infer<typeof adminPaysystemResponseSchema>;

export const changePaysystemActiveBodySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  is_active: queryFlagRule,
});
export const paysystemResponseSchema = z.object({ data: paysystemSchema, message: z.string() });
export type PaysystemResponse = z.infer<typeof paysystemResponseSchema>;

// ---------------------------------------------------------------- marketing actions

export const bonusTierSchema = z.object({
  /** Payments of at least this amount get `percent`. */
  from: moneySchema,
  percent: moneySchema,
});
export type BonusTier = z.infer<typeof bonusTierSchema>;
export const marketingActionSchema = z.object({
  id: z.number().int(),
  type: z.enum(['payment', 'campaign']),
  name: z.string(),
  text: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  tiers: z.array(bonusTierSchema),
});
export type MarketingAction = z.infer<typeof marketingActionSchema>;
export const marketingActionResponseSchema = z.object({ data: marketingActionSchema });
export type MarketingActionResponse = z.infer<typeof marketingActionResponseSchema>;

// ---------------------------------------------------------------- payments

export const paymentSchema = z.object({
  id: z.number().int(),
  paysystem_id: z.number().int(),
  paysystem: z.object({ id: z.number().int(), name: z.string() }),
  /** What goes on the main balance. */
  amount: moneySchema,
  fee: moneySchema,
  vat: moneySchema,
  /** What the customer pays: amount + fee + vat. */
  total: moneySchema,
  /**
   * What the checkout asked for, when a crypto provider reported another total arriving (amount, fee, VAT and
   * bonus are then what arrived); null otherwise. The difference is `requested_total - total`.
   */
  requested_total: moneySchema.nullable(),
  /** Payment bonus credited to the bonus balance (or expected, before crediting). */
  bonus: moneySchema,
  type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  details: z.string().nullable(),
  description: z.string().nullable(),
  /** An invoice can be downloaded: one staff uploaded, or the generated one of a credited payment. */
  invoice: z.boolean(),
  invoice_number: z.string().nullable(),
  /** A transfer's reference (bank transfer, Wise, Payoneer): what the customer writes on it; null otherwise. */
  reference: z.string().nullable(),
  /** When a transfer still awaited is canceled; null for other payments. */
  expires_at: z.string().nullable(),
  date: z.string(),
  created_at: z.string(),
  credited_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const checkoutBodySchema = z.object({
  amount: positiveAmountRule,
  paysystem_id: z.coerce.number({ error: MESSAGES.paysystemUnavailable }).int().positive().max(2_147_483_647),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export const checkoutAuthBodySchema = checkoutBodySchema.omit({ paysystem_id: true });
export const paysystemParamsSchema = z.object({
  paysystem_id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** `POST checkout`: where to send the browser. */
export const checkoutResponseSchema = z.object({ link: z.string(), data: paymentSchema });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
/** `POST checkout/{paysystem_id}/auth`: the provider's sign-in and pay page. */
export const checkoutAuthResponseSchema = z.object({ url: z.string(), data: paymentSchema });
export type CheckoutAuthResponse = z.infer<typeof checkoutAuthResponseSchema>;

/** `GET checkout/quote`: what a payment of `amount` through the system costs and brings. */
export const checkoutQuoteQuerySchema = z.object({
  amount: positiveAmountRule,
  paysystem_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const checkoutQuoteResponseSchema = z.object({
  data: z.object({
    amount: moneySchema,
    fee: moneySchema,
    vat: moneySchema,
    total: moneySchema,
    bonus: moneySchema,
  }),
});
export type CheckoutQuoteResponse = z.infer<typeof checkoutQuoteResponseSchema>;

/** `GET payments/{id}/get-configuration`: the payment (result page); `message` when it was canceled. */
export const paymentConfigurationResponseSchema = z.object({
  amount: moneySchema,
  data: paymentSchema,
  message: z.string().optional(),
});
export type PaymentConfigurationResponse = z.infer<typeof paymentConfigurationResponseSchema>;

/**
 * `GET payments` (customer-area §3): `orderBy` is the column and `sortBy` the direction (as the admin lists
 * read them); `pay_systems` "30,1"; `successOnly` credited (and refunded) only; `from`/`to` days, UTC.
 */
export const paymentListQuerySchema = z.object({
  successOnly: queryFlagRule.optional(),
  search: searchTextRule.max(100).optional(),
  searchColumn: z.enum(PAYMENT_SEARCH_COLUMNS).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  priceplan_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  orderBy: z.enum(PAYMENT_ORDER_COLUMNS).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
  pay_systems: idCsvRule.optional(),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  from: dateQueryRule.optional(),
  to: dateQueryRule.optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentListResponseSchema = z.object({ data: z.array(paymentSchema), meta: pageMetaSchema });
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

/** `GET payments/total`: credited payments in all, and the latest one. */
export const paymentTotalResponseSchema = z.object({
  data: z.object({
    total: moneySchema,
    count: z.number().int(),
    latest: z.object({ id: z.number().int(), amount: moneySchema, created_at: z.string() }).nullable(),
  }),
});
export type PaymentTotalResponse = z.infer<typeof paymentTotalResponseSchema>;

/** `GET payments/download-invoice/{id}/bridge`: a signed link valid 5 minutes. */
export const invoiceBridgeResponseSchema = z.object({ ts: z.number().int(), h: z.string(), url: z.string() });
export type InvoiceBridgeResponse = z.infer<typeof invoiceBridgeResponseSchema>;
export const invoiceDownloadQuerySchema = z.object({
  ts: z.coerce.number().int().nonnegative().max(99_999_999_999),
  h: text({ max: 128 }),
});

// ---------------------------------------------------------------- staff

const userRefSchema = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });

export const adminPaymentSchema = paymentSchema.extend({
  user: userRefSchema,
  /** Staff uploaded a PDF for this payment: the customer downloads it instead of the generated one. */
  invoice_uploaded: z.boolean(),
  /** The provider's id of the refund to the original method (PayPal, Stripe); null for a refund from the balance. */
  refund_id: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListQuerySchema = paymentListQuerySchema.extend({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminPaymentListQuery = z.input<typeof adminPaymentListQuerySchema>;
/** `GET payments/export` (staff): the same filters and order as the list, every row (CSV). */
export const adminPaymentExportQuerySchema = adminPaymentListQuerySchema.omit({ page: true, limit: true });
/** The sums of the filtered set (every page), decimal strings. */
export const paymentTotalsSchema = z.object({
  count: z.number().int(),
  amount: moneySchema,
  fee: moneySchema,
  vat: moneySchema,
  total: moneySchema,
  bonus: moneySchema,
});
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;
export const adminPaymentListResponseSchema = z.object({
  data: z.array(adminPaymentSchema),
  meta: pageMetaSchema,
  totals: paymentTotalsSchema,
});
export type AdminPaymentListResponse = z.infer<typeof adminPaymentListResponseSchema>;

/** `PUT payments/{id}` (staff): the description and the payment system. */
export const updatePaymentBodySchema = z.object({
  description: text({ max: 500, multiline: true }).nullable().optional(),
  paysystem_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type UpdatePaymentBody = z.input<typeof updatePaymentBodySchema>;
export const adminPaymentResponseSchema = z.object({ data: adminPaymentSchema, message: z.string() });
export type AdminPaymentResponse = z.infer<typeof adminPaymentResponseSchema>;
/** `POST payments/{id}/refund` (staff): an optional description for the ledger row. */
export const refundPaymentBodySchema = optionalBody(
  z.object({ description: text({ max: 500, multiline: true }).optional() }),
);

/**
 * `PUT payments/change-user-balance` (staff-admin §3 Balance change): `id` the user, `amount` signed,
 * `account_id` 1 main / 2 bonus. With `paysystem_id` a positive amount is recorded as a credited payment
 * (regular on main, bonus on bonus) with the unique `payment_id`; otherwise an admin adjustment.
 */
export const changeUserBalanceBodySchema = z
  .object({
    id: z.coerce.number().int().positive().max(2_147_483_647),
    amount: moneyInputRule(4).refine((value) => value !== 0n, MESSAGES.amountNotZero),
    account_id: accountIdRule,
    paysystem_id: z.coerce.number().int().positive().max(2_147_483_647).nullable().optional(),
    payment_id: text({ min: 1, max: 100 }).nullable().optional(),
    type: text({ max: 50 }).nullable().optional(),
    reason: text({ max: 500 }).nullable().optional(),
    description: text({ max: 500 }).nullable().optional(),
  })
  .refine((body) => !body.payment_id || body.paysystem_id, {
    // The unique payment id belongs to a recorded payment, which needs its payment system.
    path: ['paysystem_id'],
    message: MESSAGES.paysystemForPaymentId,
  });
export type ChangeUserBalanceBody = z.input<typeof changeUserBalanceBodySchema>;

export const balancesSchema = z.object({ main: moneySchema, bonus: moneySchema, referral: moneySchema });
export type Balances = z.infer<typeof balancesSchema>;
export const changeUserBalanceResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    balances: balancesSchema,
    transaction: transactionSchema,
    payment: paymentSchema.nullable(),
  }),
});
export type ChangeUserBalanceResponse = z.infer<typeof changeUserBalanceResponseSchema>;
