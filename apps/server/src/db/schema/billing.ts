import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import {
  ACCOUNT_TYPES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  REFERENCE_TYPES,
  TRANSACTION_TYPES,
  type BonusTier,
} from '@storelift/shared';
import { pricePlans } from './plans.js';
import { reflinks } from './reflinks.js';
import { ownerId, users } from './users.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });

/**
 * The money side of a user, one row each, created with the account (or on first use): plan, referral
 * code and referrer, running totals, API token and credits.
 */
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    price_plan_id: integer('price_plan_id')
      .notNull()
      .references(() => pricePlans.id),
    referral_code: text('referral_code').notNull(),
    referrer_id: integer('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reflink the user signed up with (its code as `ref`). */
    reflink_id: integer('reflink_id').references(() => reflinks.id, { onDelete: 'set null' }),
    /** When the reflink's bonus was credited (with the first credited payment): once per user. */
    reflink_bonus_at: timestamp('reflink_bonus_at', { withTimezone: true }),
    /** Credited regular payments in all (price plans, referral lists). */
    total_payments: money('total_payments').notNull().default('0'),
    /** Charges less refunds (the referral list's spendings). */
    total_spent: money('total_spent').notNull().default('0'),
    /** Commissions the referrer earned from this user. */
    referral_earned: money('referral_earned').notNull().default('0'),
    api_token_hash: text('api_token_hash'),
    /** The last characters of the token, to show it masked. */
    api_token_hint: text('api_token_hint'),
    /** The test token (`sl_test_…`): same API, no credits spent, orders answered as dry runs. */
    api_test_token_hash: text('api_test_token_hash'),
    api_test_token_hint: text('api_test_token_hint'),
    api_credits: integer('api_credits').notNull().default(500),
    api_paid_credits: integer('api_paid_credits').notNull().default(0),
    api_auto_refresh: boolean('api_auto_refresh').notNull().default(false),
    api_credits_reset_at: timestamp('api_credits_reset_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_profiles_referral_code_unique').on(sql`upper(${t.referral_code})`),
    uniqueIndex('billing_profiles_api_token_unique').on(t.api_token_hash),
    uniqueIndex('billing_profiles_api_test_token_unique').on(t.api_test_token_hash),
    index('billing_profiles_referrer_spent_idx').on(t.referrer_id, t.total_spent),
    index('billing_profiles_reflink_idx').on(t.reflink_id, t.total_payments),
    index('billing_profiles_price_plan_idx').on(t.price_plan_id),
    check('billing_profiles_api_credits_check', sql`${t.api_credits} >= 0 and ${t.api_paid_credits} >= 0`),
  ],
);

/** A user's balances: main, bonus and referral. The balance is the cached sum of its transactions. */
export const accounts = pgTable(
  'accounts',
  {
    id: identityId(),
    user_id: ownerId(),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
    balance: money('balance').notNull().default('0'),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_user_type_unique').on(t.user_id, t.type),
    check('accounts_balance_check', sql`${t.balance} >= 0`),
  ],
);

/**
 * The ledger: append-only, one row per change of one account. The legs of one posting (a charge split
 * over bonus and main, a transfer) share `entry_id`; a refund names the charge in `related_entry_id`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: ownerId(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    account: text('account', { enum: ACCOUNT_TYPES }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    /** + credit, − debit. */
    amount: money('amount').notNull(),
    balance_after: money('balance_after').notNull(),
    entry_id: uuid('entry_id').notNull(),
    related_entry_id: uuid('related_entry_id'),
    reference_type: text('reference_type', { enum: REFERENCE_TYPES }),
    reference_id: text('reference_id'),
    /** The description in English (API users, staff, rows written before keys). */
    description: text('description'),
    /** The description as a key of `LEDGER_TEXTS` with its parameters, rendered in the reader's language. */
    description_key: text('description_key'),
    description_params: jsonb('description_params').$type<Record<string, string | number>>(),
    appstore: smallint('appstore'),
    package: text('package'),
    /** The staff member behind an admin adjustment. */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who was signed in as the user when the row was written (log in as a user). */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    // The list: newest first per user, by account (balance filter) and by type.
    index('transactions_user_created_idx').on(t.user_id, t.created_at, t.id),
    index('transactions_user_account_created_idx').on(t.user_id, t.account, t.created_at, t.id),
    index('transactions_user_type_created_idx').on(t.user_id, t.type, t.created_at, t.id),
    index('transactions_account_idx').on(t.account_id),
    index('transactions_entry_idx').on(t.entry_id),
    index('transactions_related_entry_idx').on(t.related_entry_id),
    // A payment is credited, and its bonus and commission paid, once.
    uniqueIndex('transactions_payment_once_unique')
      .on(t.type, t.reference_id)
      .where(
        sql`${t.reference_type} = 'payment' and ${t.type} in ('top_up', 'payment_bonus', 'referral_commission')`,
      ),
    // A bonus program submission is rewarded once (it never goes back to pending once approved).
    uniqueIndex('transactions_bonus_reward_once_unique')
      .on(t.reference_id)
      .where(sql`${t.reference_type} = 'bonus_submission' and ${t.type} = 'bonus_program_reward'`),
    check('transactions_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Credits to the bonus balance and what is left of each. Bonus spending takes the soonest-expiring
 * first; the expiry job writes off what is left when `expires_at` passes. Sum of `remaining` = bonus balance.
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: identityId(),
    user_id: ownerId(),
    transaction_id: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'cascade',
    }),
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    expired_at: timestamp('expired_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('bonus_grants_user_open_idx')
      .on(t.user_id, t.expires_at)
      .where(sql`${t.remaining} > 0`),
    index('bonus_grants_expiring_idx')
      .on(t.expires_at)
      .where(sql`${t.remaining} > 0 and ${t.expires_at} is not null`),
    check('bonus_grants_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/** Which grants a bonus debit drew on, so a refund puts the money back where it came from. */
export const bonusGrantUses = pgTable(
  'bonus_grant_uses',
  {
    id: identityId(),
    grant_id: integer('grant_id')
      .notNull()
      .references(() => bonusGrants.id, { onDelete: 'cascade' }),
    entry_id: uuid('entry_id').notNull(),
    amount: money('amount').notNull(),
    restored: money('restored').notNull().default('0'),
  },
  (t) => [index('bonus_grant_uses_entry_idx').on(t.entry_id)],
);

/** The payment systems of customer-area §3 with their spec ids. */
export const paymentSystems = pgTable('payment_systems', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  is_active: boolean('is_active').notNull().default(true),
  min_amount: money('min_amount').notNull(),
  max_amount: money('max_amount').notNull(),
  /** Percent of the amount added as a fee. */
  fee_percent: money('fee_percent').notNull().default('0'),
  /** Percent VAT on the fee for accounts in Europe; null = none. */
  vat_percent: money('vat_percent'),
  /** The marketing payment bonus applies. */
  bonus: boolean('bonus').notNull().default(true),
  /** No payment bonus above this amount. */
  bonus_max_amount: money('bonus_max_amount'),
  /** Confirmations before crediting (crypto). */
  confirmations: smallint('confirmations').notNull().default(0),
  /** The customer signs in at the provider (`checkout/{id}/auth`). */
  auth: boolean('auth').notNull().default(false),
  sort: smallint('sort').notNull().default(0),
  updated_at: updatedAt(),
});

/** Top-ups: pending → received → credited (→ refunded), or canceled. */
export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    /** Unguessable id for the provider's pages and return links. */
    uuid: uuid('uuid').notNull().defaultRandom(),
    user_id: ownerId(),
    paysystem_id: integer('paysystem_id')
      .notNull()
      .references(() => paymentSystems.id),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    vat: money('vat').notNull().default('0'),
    total: money('total').notNull(),
    bonus: money('bonus').notNull().default('0'),
    type: text('type', { enum: PAYMENT_TYPES }).notNull().default('regular'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    confirmations: smallint('confirmations').notNull().default(0),
    required_confirmations: smallint('required_confirmations').notNull().default(0),
    /** sandbox, stripe, or manual (entered by staff). */
    provider: text('provider', { enum: [...PAYMENT_PROVIDERS, 'manual'] }).notNull(),
    /** The provider's id (Stripe Checkout Session). */
    provider_ref: text('provider_ref'),
    /** The provider's id of its refund to the original method (PayPal, Stripe), when refunded there. */
    refund_ref: text('refund_ref'),
    /**
     * What the checkout asked for, when a crypto provider reported another amount arriving: the payment's
     * amount, fee, VAT, total and bonus are then what arrived, and the difference shows (docs/money.md).
     */
    requested_total: money('requested_total'),
    /** The unique payment id staff give a manual payment. */
    external_id: text('external_id'),
    /** A transfer's reference (bank transfer, Wise, Payoneer): what the customer writes on it and statements match. */
    reference: text('reference'),
    /** When a transfer awaited this long unpaid, it is canceled. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    details: text('details'),
    description: text('description'),
    currency: text('currency').notNull().default('USD'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    received_at: timestamp('received_at', { withTimezone: true }),
    credited_at: timestamp('credited_at', { withTimezone: true }),
    /** When the payer was mailed that it was credited (the mail job's outbox: null = still to mail). */
    credited_mail_at: timestamp('credited_mail_at', { withTimezone: true }),
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /** The key of the invoice PDF staff uploaded (lib/file-storage.ts); null = the generated invoice. */
    invoice_file: text('invoice_file'),
    invoice_uploaded_at: timestamp('invoice_uploaded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_uuid_unique').on(t.uuid),
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.provider_ref),
    uniqueIndex('payments_external_id_unique').on(t.external_id),
    uniqueIndex('payments_reference_unique').on(t.reference),
    index('payments_expiring_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'pending' and ${t.expires_at} is not null`),
    index('payments_user_created_idx').on(t.user_id, t.created_at),
    index('payments_user_status_created_idx').on(t.user_id, t.status, t.created_at),
    index('payments_created_idx').on(t.created_at),
    // The staff home's payments awaiting action: received, not yet credited.
    index('payments_received_idx')
      .on(t.created_at)
      .where(sql`${t.status} = 'received'`),
    // Sales report statistics: credited payments by time.
    index('payments_credited_idx')
      .on(t.credited_at)
      .where(sql`${t.status} = 'credited'`),
    // The credited top-ups whose mail the mail job has still to send.
    index('payments_credited_mail_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'credited' and ${t.type} = 'regular' and ${t.credited_mail_at} is null`),
    check('payments_amount_check', sql`${t.amount} > 0 and ${t.total} >= ${t.amount}`),
  ],
);

/**
 * Marketing actions (staff-admin §3, docs/marketing.md): a `payment` action's tiers are the payment bonus, a
 * `campaign` action's the campaign discount, for its audience (an empty list or a null store: everyone).
 */
export const marketingActions = pgTable(
  'marketing_actions',
  {
    id: identityId(),
    type: text('type', { enum: ['payment', 'campaign'] }).notNull(),
    name: text('name').notNull(),
    text: text('text').notNull().default(''),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    tiers: jsonb('tiers').$type<BonusTier[]>().notNull().default([]),
    is_active: boolean('is_active').notNull().default(true),
    /** App store (1 Google Play, 2 App Store) or null for both. */
    store: smallint('store'),
    /** Country codes: the payer's country (bonus) or the campaign's (discount). */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Product types of the discounted campaigns. */
    products: smallint('products')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** The customer's price plan. */
    price_plans: integer('price_plans')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('marketing_actions_type_start_idx').on(t.type, t.starts_at),
    index('marketing_actions_start_idx').on(t.starts_at, t.id),
    index('marketing_actions_countries_idx').using('gin', t.countries),
  ],
);

/** API token packs bought from the balance. */
export const apiPurchases = pgTable(
  'api_purchases',
  {
    id: identityId(),
    user_id: ownerId(),
    credits: integer('credits').notNull(),
    price: money('price').notNull(),
    /** Bought by auto-refresh rather than by hand. */
    automatic: boolean('automatic').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('api_purchases_user_idx').on(t.user_id)],
);
