import {
  STAFF_MONEY_MESSAGES,
  formatMoney,
  type Reflink,
  type reflinkBodySchema,
  type reflinkListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { audit } from '../audit/audit.js';
import * as repo from './reflinks.repo.js';
import type { ReflinkRow } from './reflinks.repo.js';

type Body = z.output<typeof reflinkBodySchema>;
type Query = z.output<typeof reflinkListQuerySchema>;

function view(
  row: ReflinkRow,
  figures: { registrations: number; paying_users: number; revenue: string },
): Reflink {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    category: row.category,
    bonus: row.bonus,
    email: row.email,
    created_at: row.created_at.toISOString(),
    registrations: Number(figures.registrations),
    paying_users: Number(figures.paying_users),
    revenue: figures.revenue,
  };
}

/** `GET reflinks`: a page with each reflink's registrations, paying users and revenue. */
export async function listReflinks(db: Db, query: Query) {
  const { rows, total } = await repo.pageReflinks(db, query);
  return {
    data: rows.map(({ row, ...figures }) => view(row, figures)),
    meta: pageMeta(total, query.page, query.limit),
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const found = await repo.reflinkWithStats(db, id);
  if (!found) throw new NotFoundError();
  const { row, ...figures } = found;
  return { data: view(row, figures), message };
}

const auditView = (row: ReflinkRow) => ({
  name: row.name,
  code: row.code,
  category: row.category,
  bonus: row.bonus,
  email: row.email,
});

/** A code must not be another reflink's, nor a customer's referral code (the sign-up `ref` names either). */
async function refuseTakenCode(db: Queryable, code: string, exceptId?: number) {
  const { reflinkId, isReferralCode } = await repo.codeOwners(db, code);
  if ((reflinkId !== undefined && reflinkId !== exceptId) || isReferralCode) {
    throw ValidationError.field('code', STAFF_MONEY_MESSAGES.reflinkCodeTaken);
  }
}

const valuesOf = (body: Body) => ({
  name: body.name,
  code: body.code,
  category: body.category,
  bonus: formatMoney(body.bonus),
  email: body.email ?? null,
});

/** Two saves of one code at once: the unique index refuses the second, as the check would have. */
async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'reflinks_code_unique')) {
      throw ValidationError.field('code', STAFF_MONEY_MESSAGES.reflinkCodeTaken);
    }
    throw error;
  }
}

/** `POST reflinks`. */
export async function createReflink(db: Db, body: Body) {
  await refuseTakenCode(db, body.code);
  const row = await saving(() =>
    db.transaction(async (tx) => {
      const created = await repo.insertReflink(tx, valuesOf(body));
      await audit(tx, {
        action: 'reflinks.create',
        target: { type: 'reflink', id: created.id },
        after: auditView(created),
      });
      return created;
    }),
  );
  return oneView(db, row.id, STAFF_MONEY_MESSAGES.reflinkSaved);
}

/** `PUT reflinks/{id}`: a new bonus applies to first payments from now on. */
export async function updateReflink(db: Db, id: number, body: Body) {
  await refuseTakenCode(db, body.code, id);
  await saving(() =>
    db.transaction(async (tx) => {
      const before = await repo.lockReflink(tx, id);
      if (!before) throw new NotFoundError();
      const after = await repo.updateReflink(tx, id, valuesOf(body));
      await audit(tx, {
        action: 'reflinks.update',
        target: { type: 'reflink', id },
        before: auditView(before),
        after: auditView(after),
      });
    }),
  );
  return oneView(db, id, STAFF_MONEY_MESSAGES.reflinkSaved);
}

/** `DELETE reflinks/{id}`: its users stay, no longer attributed. */
export async function deleteReflink(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteReflink(tx, id);
    if (!row) throw new NotFoundError();
    await audit(tx, { action: 'reflinks.delete', target: { type: 'reflink', id }, before: auditView(row) });
  });
  return { message: STAFF_MONEY_MESSAGES.reflinkDeleted, count: 1 };
}
