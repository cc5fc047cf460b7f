import {
  MESSAGES,
  RECONCILIATION_MESSAGES,
  formatMoney,
  readMoneyInput,
  type assignLineBodySchema,
  type StatementLineState,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { creditManualPayment } from '../billing/admin-billing.service.js';
import * as payments from '../billing/payments.repo.js';
import { refuseSelfOrStaff } from '../users/staff-accounts.js';
import { findUser } from '../users/users.repo.js';
import * as repo from './reconciliation.repo.js';
import { PAYSYSTEM_OF, creditLineTo } from './reconciliation.service.js';
import { toLineView } from './reconciliation.views.js';

/** `GET reconciliation/lines` (staff): a statement's lines, or the lines in a state (the unmatched queue). */
export async function listLines(
  db: Db,
  query: {
    page: number;
    limit: number;
    statement_id?: number | undefined;
    state?: StatementLineState | undefined;
  },
) {
  const { rows, total } = await repo.pageLines(
    db,
    {
      ...(query.statement_id !== undefined && { statementId: query.statement_id }),
      ...(query.state !== undefined && { state: query.state }),
    },
    query.limit,
    (query.page - 1) * query.limit,
  );
  return { data: rows.map(toLineView), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET reconciliation/candidates` (staff): open transfer payments by reference, amount or e-mail; users by e-mail. */
export async function findCandidates(db: Db, search: string) {
  const amount = readMoneyInput(search.replace(/[$,\s]/g, ''), 4);
  const [found, users] = await Promise.all([
    repo.openTransferPayments(db, search, amount !== null && amount > 0n ? formatMoney(amount) : null),
    repo.usersByEmail(db, search),
  ]);
  return {
    payments: found.map(({ payment, user }) => ({
      id: payment.id,
      reference: payment.reference ?? '',
      paysystem_id: payment.paysystem_id,
      total: payment.total,
      currency: payment.currency,
      status: payment.status,
      created_at: payment.created_at.toISOString(),
      user,
    })),
    users,
  };
}

async function lineView(db: Db, id: number, message: string) {
  return { data: toLineView((await repo.findLine(db, id))!), message };
}

/** A line staff may resolve: unmatched (404 unknown, 409 resolved already). */
async function openLine(db: Db, id: number) {
  const line = await repo.findLine(db, id);
  if (!line) throw new NotFoundError();
  if (line.line.state !== 'unmatched') throw new ConflictError(RECONCILIATION_MESSAGES.lineResolved);
  return line.line;
}

/**
 * `POST reconciliation/lines/{id}/assign` (staff): credits an unmatched line's money to an open transfer payment
 * (as a match would), or to a user as a new payment of the statement's system with the line's entry id as its
 * unique payment id (the path of the staff balance change). The line is locked with the credit, so two staff
 * assigning at once credit once: the second gets a 409.
 */
export async function assignLine(
  db: Db,
  staffId: number,
  id: number,
  body: z.output<typeof assignLineBodySchema>,
) {
  const line = await openLine(db, id);
  if (body.payment_id !== undefined) {
    const payment = await payments.findPayment(db, body.payment_id);
    if (!payment || payment.provider !== 'transfer')
      throw ValidationError.field('payment_id', RECONCILIATION_MESSAGES.paymentNotOpen);
    if (payment.currency !== line.currency)
      throw ValidationError.field('payment_id', RECONCILIATION_MESSAGES.currencyDiffers);
    await refuseSelfOrStaff(db, staffId, payment.user_id);
    const done = await creditLineTo(
      db,
      id,
      payment.id,
      { by: staffId, state: 'assigned' },
      async (tx, credited) =>
        audit(tx, {
          action: 'reconciliation.assign',
          target: { type: 'statement_line', id, userId: credited.user_id },
          before: { state: 'unmatched' },
          after: { state: 'assigned', payment_id: credited.id, amount: line.amount, entry_id: line.entry_id },
        }),
    );
    if (!done) {
      const now = await repo.findLine(db, id);
      throw new ConflictError(
        now?.line.state === 'unmatched'
          ? RECONCILIATION_MESSAGES.paymentNotOpen
          : RECONCILIATION_MESSAGES.lineResolved,
      );
    }
    return lineView(db, id, RECONCILIATION_MESSAGES.lineAssigned);
  }
  const userId = body.user_id!;
  if (!(await findUser(db, userId))) throw ValidationError.field('user_id', MESSAGES.dataNotValid);
  await refuseSelfOrStaff(db, staffId, userId);
  const format = (await repo.statementFormatOf(db, line.statement_id))!;
  const paysystem = (await payments.findPaysystem(db, PAYSYSTEM_OF[format]))!;
  const credited = await db.transaction(async (tx) => {
    const locked = await repo.lockLine(tx, id);
    if (locked?.state !== 'unmatched') return undefined;
    const payment = await creditManualPayment(tx, {
      userId,
      paysystem,
      amount: locked.amount,
      type: 'regular',
      externalId: `statement:${locked.entry_id}`,
      description: locked.text.slice(0, 500) || null,
      staffId,
    });
    if (!payment) return undefined;
    await repo.updateLine(tx, id, {
      state: 'assigned',
      payment_id: payment.id,
      resolved_by: staffId,
      resolved_at: new Date(),
    });
    await audit(tx, {
      action: 'reconciliation.assign',
      target: { type: 'statement_line', id, userId },
      before: { state: 'unmatched' },
      after: { state: 'assigned', payment_id: payment.id, amount: locked.amount, entry_id: locked.entry_id },
    });
    return payment;
  });
  if (!credited) throw new ConflictError(RECONCILIATION_MESSAGES.lineResolved);
  return lineView(db, id, RECONCILIATION_MESSAGES.lineAssigned);
}

/** `POST reconciliation/lines/{id}/ignore` (staff): an unmatched line set aside with the reason; 409 once resolved. */
export async function ignoreLine(db: Db, staffId: number, id: number, reason: string) {
  await openLine(db, id);
  const ignored = await db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, id);
    if (line?.state !== 'unmatched') return false;
    await repo.updateLine(tx, id, {
      state: 'ignored',
      ignore_reason: reason,
      resolved_by: staffId,
      resolved_at: new Date(),
    });
    await audit(tx, {
      action: 'reconciliation.ignore',
      target: { type: 'statement_line', id },
      before: { state: 'unmatched' },
      after: { state: 'ignored', reason, amount: line.amount, entry_id: line.entry_id },
    });
    return true;
  });
  if (!ignored) throw new ConflictError(RECONCILIATION_MESSAGES.lineResolved);
  return lineView(db, id, RECONCILIATION_MESSAGES.lineIgnored);
}
