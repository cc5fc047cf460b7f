import {
  DEFAULT_LOCALE,
  MESSAGES,
  PAYMENT_SYSTEMS,
  formatMoney,
  parseMoney,
  percentOf,
  roundMoney,
  type BonusTier,
  type AdminPayment,
  type Locale,
  type MarketingAction,
  type Money,
  type Payment,
  type adminPaymentListQuerySchema,
  type paymentListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db, Queryable } from '../../db/client.js';
import { runningAction, type MarketingActionRow } from '../marketing/marketing-actions.repo.js';
import { tierFor } from '../marketing/marketing-actions.service.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import { providerFailure } from '../../providers/payments/payment-provider.js';
import type { UserRow } from '../users/users.repo.js';
import { paysVat, toAdminPaymentView, toPaymentView, toPaysystemView } from './billing.views.js';
import { refuseBlocked } from '../access-lists/access-lists.service.js';
import { localizeText } from '../reference/reference-texts.js';
import * as repo from './payments.repo.js';
import { receivableSystems } from './receiving-details.js';
import { transferFields } from './transfer-payments.js';

/** The web app's page the browser returns to after a checkout (docs/money.md). */
export const resultUrl = (publicUrl: string, paymentId: number) =>
  `${publicUrl}/top-up-balance/result?payment=${paymentId}`;

export function toMarketingActionView(row: MarketingActionRow): MarketingAction {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    text: row.text,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    tiers: row.tiers,
  };
}

/** The payment bonus action running now for the user (their country and price plan). */
export const paymentActionFor = (db: Queryable, user: Pick<UserRow, 'id' | 'country'>) =>
  runningAction(db, 'payment', { userId: user.id, country: user.country });

/** `GET marketing-actions`: the payment bonus action running for the caller; 404 when none runs. */
export async function currentPaymentAction(db: Db, user: UserRow, locale: Locale = DEFAULT_LOCALE) {
  const row = await paymentActionFor(db, user);
  if (!row) throw new NotFoundError(MESSAGES.marketingActionNone);
  const view = toMarketingActionView(row);
  return { data: { ...view, name: localizeText(locale, view.name), text: localizeText(locale, view.text) } };
}

/** The tier's percent of the amount for the highest tier reached (thresholds inclusive), in cents. */
export function bonusFor(tiers: readonly BonusTier[], amount: Money): Money {
  const tier = tierFor(tiers, amount);
  return tier ? roundMoney(percentOf(amount, parseMoney(tier.percent)), 2) : 0n;
}

/** What a payment of `amount` through the system costs (fee, VAT on the fee in Europe) and brings (bonus). */
export function quoteOf(
  system: repo.PaysystemRow,
  amount: Money,
  country: string,
  action: MarketingActionRow | undefined,
) {
  const fee = roundMoney(percentOf(amount, parseMoney(system.fee_percent)), 2);
  const vat =
    system.vat_percent !== null && paysVat(country)
      ? roundMoney(percentOf(fee, parseMoney(system.vat_percent)), 2)
      : 0n;
  const bonusAllowed =
    system.bonus && (system.bonus_max_amount === null || amount <= parseMoney(system.bonus_max_amount));
  const bonus = bonusAllowed && action ? bonusFor(action.tiers, amount) : 0n;
  return { amount, fee, vat, total: amount + fee + vat, bonus };
}

/**
 * The systems a provider serves now: a transfer system (bank transfer, Wise, Payoneer) only once core settings
 * hold our receiving details for it.
 */
async function servedSystems(deps: Deps, rows: repo.PaysystemRow[]) {
  const providers = paymentProviders(deps.config);
  const receivable = await receivableSystems(deps.db);
  return rows.filter((row) => {
    const provider = providers.forPaysystem(row.id);
    return provider && (provider.name !== 'transfer' || receivable.has(row.id));
  });
}

/** `GET paysystems`: the active systems with the caller's VAT flag. */
export async function listPaysystems(deps: Deps, user: UserRow, locale: Locale = DEFAULT_LOCALE) {
  const providers = paymentProviders(deps.config);
  const rows = await servedSystems(deps, await repo.listPaysystems(deps.db, { activeOnly: true }));
  return {
    data: rows
      .map((row) => toPaysystemView(row, providers.forPaysystem(row.id)!.name, user.country))
      .map((view) => ({
        ...view,
        name: localizeText(locale, view.name),
        description: view.description && localizeText(locale, view.description),
      })),
  };
}

/** A system a customer may pay with now, with the amount inside its limits; 422 otherwise. */
async function payableSystem(deps: Deps, paysystemId: number, amount: Money) {
  const found = await repo.findPaysystem(deps.db, paysystemId);
  const [system] = found ? await servedSystems(deps, [found]) : [];
  const provider = system && paymentProviders(deps.config).forPaysystem(system.id);
  if (!system || !system.is_active || !provider || system.id === PAYMENT_SYSTEMS.transfer) {
    throw ValidationError.field('paysystem_id', MESSAGES.paysystemUnavailable);
  }
  if (amount < parseMoney(system.min_amount)) throw ValidationError.field('amount', MESSAGES.amountBelowMin);
  if (amount > parseMoney(system.max_amount)) throw ValidationError.field('amount', MESSAGES.amountAboveMax);
  return { system, provider };
}

/** `GET checkout/quote`. */
export async function quote(deps: Deps, user: UserRow, paysystemId: number, amount: Money) {
  const { system } = await payableSystem(deps, paysystemId, amount);
  const q = quoteOf(system, amount, user.country, await paymentActionFor(deps.db, user));
  return {
    data: {
      amount: formatMoney(q.amount),
      fee: formatMoney(q.fee),
      vat: formatMoney(q.vat),
      total: formatMoney(q.total),
      bonus: formatMoney(q.bonus),
    },
  };
}

/**
 * `POST checkout` and `POST checkout/{paysystem_id}/auth`: records a pending payment (amount, fee, VAT,
 * the bonus the current action promises) and opens the provider's checkout for it.
 */
export async function checkout(deps: Deps, user: UserRow, paysystemId: number, amount: Money) {
  await refuseBlocked(deps.db, { email: user.email, country: user.country });
  const { system, provider } = await payableSystem(deps, paysystemId, amount);
  const q = quoteOf(system, amount, user.country, await paymentActionFor(deps.db, user));
  const payment = await repo.insertPayment(deps.db, {
    user_id: user.id,
    paysystem_id: system.id,
    amount: formatMoney(q.amount),
    fee: formatMoney(q.fee),
    vat: formatMoney(q.vat),
    total: formatMoney(q.total),
    bonus: formatMoney(q.bonus),
    required_confirmations: system.confirmations,
    provider: provider.name,
    details: `${system.name} (${provider.name})`,
    ...(provider.name === 'transfer' && (await transferFields(deps.db))),
  });
  let opened: { url: string; providerRef: string | null };
  try {
    opened = await provider.createCheckout({
      id: payment.id,
      uuid: payment.uuid,
      total: formatMoney(q.total),
      amount: formatMoney(q.amount),
      paysystemId: system.id,
      paysystemName: system.name,
      email: user.email,
      resultUrl: resultUrl(deps.config.publicUrl, payment.id),
      callbackUrl: `${deps.config.publicUrl}/api/public/v1/payments/callback/${provider.name}`,
      returnUrl: `${deps.config.publicUrl}/api/public/v1/payments/return/${payment.uuid}`,
    });
  } catch (error) {
    providerFailure(error, { call: 'createCheckout', provider: provider.name, paymentId: payment.id });
    await repo.updatePayment(deps.db, payment.id, { status: 'canceled', canceled_at: new Date() });
    throw ValidationError.field('paysystem_id', MESSAGES.paysystemUnavailable);
  }
  const saved = opened.providerRef
    ? await repo.updatePayment(deps.db, payment.id, { provider_ref: opened.providerRef })
    : payment;
  return { url: opened.url, data: toPaymentView(saved ?? payment, system.name) };
}

/** The user's payment with its system's name, or 404 (also for another user's payment). */
export async function ownPayment(db: Db, userId: number, id: number): Promise<repo.PaymentWithNames> {
  const row = await repo.findPaymentWithNames(db, id);
  if (!row || row.payment.user_id !== userId) throw new NotFoundError();
  return row;
}

/** `GET payments/{id}/get-configuration`: the payment as the result page shows it. */
export async function paymentConfiguration(db: Db, userId: number, id: number) {
  const { payment, paysystem_name } = await ownPayment(db, userId, id);
  return {
    amount: payment.amount,
    data: toPaymentView(payment, paysystem_name),
    ...(payment.status === 'canceled' && { message: MESSAGES.paymentCanceled }),
  };
}

type AdminListQuery = z.output<typeof adminPaymentListQuerySchema>;

/** `GET payments` of one user (customers) or of everyone (staff, `user_id` optional). */
export async function listPayments(
  db: Db,
  query: AdminListQuery,
): Promise<{ rows: AdminPayment[]; meta: ReturnType<typeof pageMeta> }> {
  const { rows, total } = await repo.pagePayments(db, query);
  return { rows: rows.map(toAdminPaymentView), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET payments` for the signed-in user. */
export async function listOwnPayments(
  db: Db,
  userId: number,
  query: z.output<typeof paymentListQuerySchema>,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { rows, meta } = await listPayments(db, { ...query, user_id: userId });
  const data = rows.map(
    ({ user: _user, invoice_uploaded: _uploaded, refund_id: _refund, ...payment }): Payment => ({
      ...payment,
      paysystem: { ...payment.paysystem, name: localizeText(locale, payment.paysystem.name) },
    }),
  );
  return { data, meta };
}

/** `GET payments/total`. */
export async function paymentTotal(db: Db, userId: number) {
  const totals = await repo.paymentTotals(db, userId);
  return {
    data: {
      total: totals.total,
      count: totals.count,
      latest: totals.latest
        ? {
            id: totals.latest.id,
            amount: totals.latest.amount,
            created_at: totals.latest.created_at.toISOString(),
          }
        : null,
    },
  };
}
