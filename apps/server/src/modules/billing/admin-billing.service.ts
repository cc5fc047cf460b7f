import {
  ACCOUNT_IDS,
  MESSAGES,
  PAYMENT_SYSTEMS,
  RECONCILIATION_MESSAGES,
  SETTINGS_MESSAGES,
  USER_MESSAGES,
  formatMoney,
  parseMoney,
  type AccountType,
  type AdminPaysystem,
  type adminPaymentListQuerySchema,
  type changeUserBalanceBodySchema,
  type paysystemBodySchema,
  type updatePaymentBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { fileStorage } from '../../lib/file-storage.js';
import { audit } from '../audit/audit.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import { providerFailure } from '../../providers/payments/payment-provider.js';
import { toAdminPaymentView, toPaymentView, toPaysystemView, toTransactionView } from './billing.views.js';
import { listPayments as pagePayments } from './payments.service.js';
import { balancesOf, credit, debit, type Tx } from '../ledger/ledger.js';
import { applyPaymentEventIn, creditLocked, refundPayment } from './payment-events.js';
import { isTransferReference } from './transfer-reference.js';
import * as repo from './payments.repo.js';
import { receivableSystems } from './receiving-details.js';
import { refuseSelfOrStaff } from '../users/staff-accounts.js';
import { findUser } from '../users/users.repo.js';
import { rowsOfPayment } from './transactions.repo.js';

const accountOf = (id: number): AccountType => (id === ACCOUNT_IDS.bonus ? 'bonus' : 'main');

/** The audit row of a balance change, written after it in its transaction: the account's balance before and after. */
async function auditBalanceChange(
  tx: Tx,
  body: z.output<typeof changeUserBalanceBodySchema>,
  account: AccountType,
  details: { description: string | null; payment_id?: number },
) {
  const after = parseMoney((await balancesOf(tx, body.id))[account]);
  await audit(tx, {
    action: 'users.change-balance',
    target: { type: 'user', id: body.id, userId: body.id },
    before: { account, balance: formatMoney(after - body.amount) },
    after: { account, balance: formatMoney(after), amount: formatMoney(body.amount), ...details },
  });
}

async function userExists(db: Db, id: number) {
  if (!(await findUser(db, id))) throw new NotFoundError();
}

/** What staff record of a payment they enter by hand. */
export interface ManualPayment {
  userId: number;
  paysystem: { id: number; name: string };
  amount: string;
  type: 'regular' | 'bonus';
  /** The unique payment id (the bank's reference, a statement line's entry id). */
  externalId: string | null;
  description: string | null;
  staffId: number;
}

/**
 * Records a payment staff entered and credits it, in the caller's transaction; undefined when its unique
 * payment id is taken. The id decides between two calls at once: the second waits on the first's row and then
 * inserts nothing, so the money is credited once.
 */
export async function creditManualPayment(tx: Tx, payment: ManualPayment) {
  const created = await repo.insertPaymentOnce(tx, {
    user_id: payment.userId,
    paysystem_id: payment.paysystem.id,
    amount: payment.amount,
    total: payment.amount,
    type: payment.type,
    status: 'received',
    provider: 'manual',
    external_id: payment.externalId,
    details: `${payment.paysystem.name} (entered by staff)`,
    description: payment.description,
    created_by: payment.staffId,
  });
  return created && (await creditLocked(tx, created));
}

/** The transfer payment a payment id names by its reference ("sl7k x9t2 mq4" too), if any. */
async function transferPaymentOf(db: Db, paymentId: string) {
  const reference = paymentId.toUpperCase().replace(/[\s\-./]+/g, '');
  return isTransferReference(reference) ? repo.findTransferPayment(db, reference) : undefined;
}

/**
 * Marks a transfer payment received by hand (the bank's reference as the payment id): that payment is credited
 * with the amount staff saw arrive, as a statement line naming it would be. Only the payer's own open transfer,
 * to the main balance.
 */
async function creditTransferPayment(
  tx: Tx,
  transfer: repo.PaymentRow,
  body: z.output<typeof changeUserBalanceBodySchema>,
  account: AccountType,
) {
  if (transfer.user_id !== body.id || account !== 'main')
    throw ValidationError.field('payment_id', RECONCILIATION_MESSAGES.paymentNotOpen);
  const outcome = await applyPaymentEventIn(tx, 'transfer', {
    kind: 'paid',
    payment: { id: transfer.id },
    confirmed: true,
    receivedTotal: body.amount,
  });
  if (outcome !== 'credited') throw new ConflictError(RECONCILIATION_MESSAGES.paymentNotOpen);
  return repo.findPayment(tx, transfer.id);
}

/**
 * `PUT payments/change-user-balance` (staff-admin §3): with a payment system a positive amount is recorded
 * as a credited manual payment (it counts for plans and the referrer, without a payment bonus), or, when the
 * payment id is an open transfer payment's reference, credits that payment; otherwise the amount is an admin
 * adjustment of the account, up or down (never below zero).
 */
export async function changeUserBalance(
  db: Db,
  staffId: number,
  body: z.output<typeof changeUserBalanceBodySchema>,
) {
  await userExists(db, body.id);
  await refuseSelfOrStaff(db, staffId, body.id);
  const account = accountOf(body.account_id);
  const description = body.description || body.reason || body.type || null;
  if (body.paysystem_id && body.amount > 0n) {
    const system = await repo.findPaysystem(db, body.paysystem_id);
    if (!system) throw ValidationError.field('paysystem_id', MESSAGES.paysystemUnavailable);
    const transfer = body.payment_id ? await transferPaymentOf(db, body.payment_id) : undefined;
    if (!transfer && body.payment_id && (await repo.findPaymentByExternalId(db, body.payment_id))) {
      throw new ConflictError(MESSAGES.paymentIdTaken);
    }
    const payment = await db.transaction(async (tx) => {
      const credited = transfer
        ? await creditTransferPayment(tx, transfer, body, account)
        : await creditManualPayment(tx, {
            userId: body.id,
            paysystem: system,
            amount: formatMoney(body.amount),
            type: account === 'bonus' ? 'bonus' : 'regular',
            externalId: body.payment_id ?? null,
            description,
            staffId,
          });
      if (!credited) throw new ConflictError(MESSAGES.paymentIdTaken);
      await auditBalanceChange(tx, body, account, { description, payment_id: credited.id });
      return credited;
    });
    const [row] = await rowsOfPayment(db, payment.id);
    return {
      message: MESSAGES.actionSaved,
      data: {
        balances: await balancesOf(db, body.id),
        transaction: toTransactionView(row!),
        payment: toPaymentView(payment, (await repo.findPaysystem(db, payment.paysystem_id))!.name),
      },
    };
  }
  const posting = {
    type: 'admin_adjustment' as const,
    reference: { type: 'admin' as const, id: staffId },
    description,
    createdBy: staffId,
  };
  const row = await db.transaction(async (tx) => {
    const posted =
      body.amount > 0n
        ? await credit(tx, body.id, account, body.amount, posting)
        : await debit(tx, body.id, account, -body.amount, posting);
    await auditBalanceChange(tx, body, account, { description });
    return posted;
  });
  return {
    message: MESSAGES.actionSaved,
    data: { balances: await balancesOf(db, body.id), transaction: toTransactionView(row), payment: null },
  };
}

export async function adminView(db: Db, id: number, message: string) {
  const row = await repo.findPaymentWithNames(db, id);
  if (!row) throw new NotFoundError();
  return { data: toAdminPaymentView(row), message };
}

/** `GET payments` (staff): a page of the query with the sums of everything it matches. */
export async function listPayments(db: Db, query: z.output<typeof adminPaymentListQuerySchema>) {
  const [{ rows, meta }, totals] = await Promise.all([pagePayments(db, query), repo.sumPayments(db, query)]);
  return { data: rows, meta, totals };
}

/** What the audit log keeps of a payment. */
export const paymentAuditView = (row: repo.PaymentRow) => ({
  status: row.status,
  amount: row.amount,
  type: row.type,
  paysystem_id: row.paysystem_id,
  description: row.description,
});

/** `PUT payments/{id}` (staff): the description and the payment system. */
export async function updatePayment(db: Db, id: number, body: z.output<typeof updatePaymentBodySchema>) {
  const row = await repo.findPayment(db, id);
  if (!row) throw new NotFoundError();
  if (body.paysystem_id !== undefined && !(await repo.findPaysystem(db, body.paysystem_id))) {
    throw ValidationError.field('paysystem_id', MESSAGES.paysystemUnavailable);
  }
  const changes = {
    ...(body.description !== undefined && { description: body.description }),
    ...(body.paysystem_id !== undefined && { paysystem_id: body.paysystem_id }),
  };
  if (Object.keys(changes).length)
    await db.transaction(async (tx) => {
      await repo.updatePayment(tx, id, changes);
      await audit(tx, {
        action: 'payments.update',
        target: { type: 'payment', id, userId: row.user_id },
        before: { description: row.description, paysystem_id: row.paysystem_id },
        after: { description: row.description, paysystem_id: row.paysystem_id, ...changes },
      });
    });
  return adminView(db, id, MESSAGES.actionSaved);
}

/**
 * `DELETE payments/{id}` (staff): only a payment that never moved money (pending or canceled). The
 * payment is locked as a callback locks it, so the two never overlap: a callback that credited it first
 * makes this a 409; one that comes after finds no payment and credits nothing.
 */
export async function deletePayment(deps: Deps, id: number) {
  const invoice = await deps.db.transaction(async (tx) => {
    const row = await repo.lockPayment(tx, { id });
    if (!row) throw new NotFoundError();
    if (row.status !== 'pending' && row.status !== 'canceled') {
      throw new ConflictError(MESSAGES.paymentCredited);
    }
    await repo.deletePayment(tx, id);
    await audit(tx, {
      action: 'payments.delete',
      target: { type: 'payment', id, userId: row.user_id },
      before: paymentAuditView(row),
    });
    return row.invoice_file;
  });
  if (invoice) await fileStorage(deps.config).remove(invoice);
  return { message: MESSAGES.actionDeleted, count: 1 };
}

/**
 * `POST payments/{id}/refund` (staff). Where the payment's provider refunds (Stripe, PayPal) the money goes back
 * to the original method first, then the ledger follows with the provider's refund id; a provider refusal
 * leaves the ledger as it was (409). Elsewhere the refund is the ledger's alone, and the answer says so.
 */
export async function refund(deps: Deps, id: number, staffId: number, description: string | null) {
  const { db } = deps;
  const payment = await repo.findPayment(db, id);
  if (!payment) throw new NotFoundError();
  // Nobody refunds their own payment (docs/permissions.md, Own and staff accounts).
  if (payment.user_id === staffId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
  if (payment.status !== 'credited' || payment.type !== 'regular') {
    throw new ConflictError(MESSAGES.paymentNotRefundable);
  }
  const provider =
    payment.provider === 'manual' ? null : paymentProviders(deps.config).byName(payment.provider);
  if (!provider?.refund || !payment.provider_ref) {
    const row = await refundPayment(db, id, { staffId, description, refundId: null });
    if (!row) throw new NotFoundError();
    return adminView(db, id, MESSAGES.refundedFromBalance);
  }
  let refundId: string;
  try {
    // The provider's idempotency key is the payment's: a second click refunds nothing twice.
    ({ refundId } = await provider.refund({
      providerRef: payment.provider_ref,
      uuid: payment.uuid,
      total: payment.total,
    }));
  } catch (error) {
    providerFailure(error, { call: 'refund', provider: provider.name, paymentId: id });
    throw new ConflictError(MESSAGES.providerRefundRefused);
  }
  try {
    await refundPayment(db, id, { staffId, description, refundId });
  } catch (error) {
    // The provider's refund webhook may have refunded the ledger in between: the refund stands, its id is kept.
    if (!(error instanceof ConflictError) || (await repo.findPayment(db, id))?.status !== 'refunded')
      throw error;
    await repo.updatePayment(db, id, { refund_ref: refundId });
  }
  return adminView(db, id, MESSAGES.refundedToMethod);
}

/**
 * A system as staff see it: who serves it now, its hosted provider, whether that one is configured, and
 * live or sandbox (nothing serving it: not offered). A transfer system is configured by its receiving details.
 * Transfers between accounts (34) are no checkout (`forPaysystem` never serves them): the Transfers page serves
 * them, in every environment, while the system is on.
 */
async function staffPaysystemView(deps: Deps, row: repo.PaysystemRow): Promise<AdminPaysystem> {
  if (row.id === PAYMENT_SYSTEMS.transfer)
    return {
      ...toPaysystemView(row, 'sandbox', null),
      provider_status: { hosted: null, configured: true, mode: 'live' },
    };
  const providers = paymentProviders(deps.config);
  const serving = providers.forPaysystem(row.id);
  const hosted = providers.hostedNameOf(row.id);
  const configured =
    hosted === 'transfer'
      ? (await receivableSystems(deps.db)).has(row.id)
      : hosted !== null && providers.byName(hosted) !== null;
  return {
    ...toPaysystemView(row, serving?.name ?? 'sandbox', null),
    provider_status: {
      hosted,
      configured,
      mode: hosted === 'transfer' && !configured ? null : (serving?.mode ?? null),
    },
  };
}

/** `GET paysystems` (staff): every system, active or not. */
export async function listAllPaysystems(deps: Deps) {
  const rows = await repo.listPaysystems(deps.db, { activeOnly: false });
  return { data: await Promise.all(rows.map((row) => staffPaysystemView(deps, row))) };
}

/** `PUT paysystems/change-is-active-paysystem` (admin). */
export async function changePaysystemActive(deps: Deps, id: number, isActive: boolean) {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findPaysystem(tx, id);
    if (!before) throw new NotFoundError();
    const changed = (await repo.setPaysystemActive(tx, id, isActive))!;
    await audit(tx, {
      action: 'paysystems.change-active',
      target: { type: 'paysystem', id },
      before: { is_active: before.is_active },
      after: { is_active: changed.is_active },
    });
    return changed;
  });
  return { data: await staffPaysystemView(deps, row), message: MESSAGES.actionSaved };
}

/** What an audit row keeps of a system's options. */
const optionsView = (row: repo.PaysystemRow) => ({
  description: row.description,
  min_amount: row.min_amount,
  max_amount: row.max_amount,
  fee: row.fee_percent,
  vat: row.vat_percent,
  bonus: row.bonus,
  bonus_max_amount: row.bonus_max_amount,
  confirmations: row.confirmations,
});

/** `PUT paysystems/{id}` (admin): a system's bonus and options; the next quote and checkout follow them. */
export async function updatePaysystem(deps: Deps, id: number, body: z.output<typeof paysystemBodySchema>) {
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.lockPaysystem(tx, id);
    if (!before) throw new NotFoundError();
    const changed = (await repo.updatePaysystem(tx, id, {
      description: body.description,
      min_amount: formatMoney(body.min_amount),
      max_amount: formatMoney(body.max_amount),
      fee_percent: formatMoney(body.fee),
      vat_percent: body.vat === null ? null : formatMoney(body.vat),
      bonus: body.bonus,
      bonus_max_amount: body.bonus_max_amount === null ? null : formatMoney(body.bonus_max_amount),
      confirmations: body.confirmations,
    }))!;
    const [was, is] = [optionsView(before), optionsView(changed)];
    if (JSON.stringify(was) !== JSON.stringify(is)) {
      await audit(tx, {
        action: 'paysystems.update',
        target: { type: 'paysystem', id },
        before: was,
        after: is,
      });
    }
    return changed;
  });
  return { data: await staffPaysystemView(deps, row), message: SETTINGS_MESSAGES.paysystemSaved };
}
