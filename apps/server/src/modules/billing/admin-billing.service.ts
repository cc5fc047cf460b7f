import { eq } from 'drizzle-orm';
import {
  ACCOUNT_IDS,
  MESSAGES,
  formatMoney,
  type AccountType,
  type changeUserBalanceBodySchema,
  type updatePaymentBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { paymentProviders } from '../../providers/payments/payment-provider.js';
import { toPaymentView, toPaysystemView, toTransactionView } from './billing.views.js';
import { balancesOf, credit, debit } from './ledger.js';
import { creditLocked, refundPayment } from './payment-events.js';
import * as repo from './payments.repo.js';
import { rowsOfPayment } from './transactions.repo.js';

const accountOf = (id: number): AccountType => (id === ACCOUNT_IDS.bonus ? 'bonus' : 'main');

async function userExists(db: Db, id: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw new NotFoundError();
}

/**
 * `PUT payments/change-user-balance` (staff-admin §3): with a payment system a positive amount is recorded
 * as a credited manual payment (it counts for plans and the referrer, without a payment bonus); otherwise
 * the amount is an admin adjustment of the account, up or down (never below zero).
 */
export async function changeUserBalance(
  db: Db,
  staffId: number,
  body: z.output<typeof changeUserBalanceBodySchema>,
) {
  await userExists(db, body.id);
  const account = accountOf(body.account_id);
  const description = body.description || body.reason || body.type || null;
  if (body.paysystem_id && body.amount > 0n) {
    const system = await repo.findPaysystem(db, body.paysystem_id);
    if (!system) throw ValidationError.field('paysystem_id', MESSAGES.paysystemUnavailable);
    if (body.payment_id && (await repo.findPaymentByExternalId(db, body.payment_id))) {
      throw ValidationError.field('payment_id', MESSAGES.paymentIdTaken);
    }
    const amount = formatMoney(body.amount);
    const payment = await db.transaction(async (tx) => {
      const created = await repo.insertPayment(tx, {
        user_id: body.id,
        paysystem_id: system.id,
        amount,
        total: amount,
        type: account === 'bonus' ? 'bonus' : 'regular',
        status: 'received',
        provider: 'manual',
        external_id: body.payment_id ?? null,
        details: `${system.name} (entered by staff)`,
        description,
        created_by: staffId,
      });
      return (await creditLocked(tx, created))!;
    });
    const [row] = await rowsOfPayment(db, payment.id);
    return {
      message: MESSAGES.actionSaved,
      data: {
        balances: await balancesOf(db, body.id),
        transaction: toTransactionView(row!),
        payment: toPaymentView(payment, system.name),
      },
    };
  }
  const posting = {
    type: 'admin_adjustment' as const,
    reference: { type: 'admin' as const, id: staffId },
    description,
    createdBy: staffId,
  };
  const row = await db.transaction((tx) =>
    body.amount > 0n
      ? credit(tx, body.id, account, body.amount, posting)
      : debit(tx, body.id, account, -body.amount, posting),
  );
  return {
    message: MESSAGES.actionSaved,
    data: { balances: await balancesOf(db, body.id), transaction: toTransactionView(row), payment: null },
  };
}

async function adminView(db: Db, id: number, message: string) {
  const row = await repo.findPaymentWithNames(db, id);
  if (!row) throw new NotFoundError();
  return { data: { ...toPaymentView(row.payment, row.paysystem_name), user: row.user }, message };
}

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
  if (Object.keys(changes).length) await repo.updatePayment(db, id, changes);
  return adminView(db, id, MESSAGES.actionSaved);
}

/** `DELETE payments/{id}` (staff): only a payment that never moved money (pending or canceled). */
export async function deletePayment(db: Db, id: number) {
  const row = await repo.findPayment(db, id);
  if (!row) throw new NotFoundError();
  if (row.status !== 'pending' && row.status !== 'canceled')
    throw new ConflictError(MESSAGES.paymentCredited);
  await repo.deletePayment(db, id);
  return { message: MESSAGES.actionDeleted, count: 1 };
}

/** `POST payments/{id}/refund` (staff). */
export async function refund(db: Db, id: number, staffId: number, description: string | null) {
  const row = await refundPayment(db, id, staffId, description);
  if (!row) throw new NotFoundError();
  return adminView(db, id, MESSAGES.actionSaved);
}

/** `GET paysystems` (staff): every system, active or not. */
export async function listAllPaysystems(deps: Deps) {
  const providers = paymentProviders(deps.config);
  const rows = await repo.listPaysystems(deps.db, { activeOnly: false });
  return {
    data: rows.map((row) => toPaysystemView(row, providers.forPaysystem(row.id)?.name ?? 'sandbox', null)),
  };
}

/** `PUT paysystems/change-is-active-paysystem` (admin). */
export async function changePaysystemActive(deps: Deps, id: number, isActive: boolean) {
  const row = await repo.setPaysystemActive(deps.db, id, isActive);
  if (!row) throw new NotFoundError();
  const provider = paymentProviders(deps.config).forPaysystem(row.id)?.name ?? 'sandbox';
  return { data: toPaysystemView(row, provider, null), message: MESSAGES.actionSaved };
}
