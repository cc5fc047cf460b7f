import {
  MARKETING_MESSAGES,
  MONEY_SCALE,
  formatMoney,
  parseMoney,
  roundMoney,
  type AdsReportRow,
  type Money,
  type adsReportListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { readSpendFile } from './ads-report.csv.js';
import {
  deleteSpend,
  lockSpend,
  reflinkIdsByCode,
  setSpendAmount,
  spendPage,
  spendWithFigures,
  upsertSpend,
  type SpendWithFigures,
} from './ads-report.repo.js';

type Query = z.output<typeof adsReportListQuerySchema>;

/** ROAS: revenue per unit of spend, to 2 places, or null with no spend. */
function roasOf(revenue: Money, amount: Money): string | null {
  if (amount === 0n) return null;
  return formatMoney(roundMoney((revenue * MONEY_SCALE) / amount, 2));
}

function view(found: SpendWithFigures): AdsReportRow {
  const { row } = found;
  const amount = parseMoney(row.amount);
  const revenue = parseMoney(found.revenue);
  return {
    id: row.id,
    type: row.type,
    code: found.code,
    reflink_id: row.reflink_id,
    reflink_name: found.reflink_name,
    from: row.date_from,
    to: row.date_to,
    amount: row.amount,
    registrations: Number(found.registrations),
    payments: Number(found.payments),
    revenue: found.revenue,
    roas: roasOf(revenue, amount),
  };
}

/** `GET google-ads-report`: spend rows beside what their reflink brought, default date descending. */
export async function listReport(db: Db, query: Query) {
  const { rows, sums } = await spendPage(db, query);
  return {
    data: rows.map(view),
    meta: pageMeta(sums?.total ?? 0, query.page, query.limit),
    totals: {
      amount: sums?.amount ?? '0.0000',
      revenue: sums?.revenue ?? '0.0000',
      roas: sums ? roasOf(parseMoney(sums.revenue), parseMoney(sums.amount)) : null,
    },
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const found = await spendWithFigures(db, id);
  if (!found) throw new NotFoundError();
  return { data: view(found), message };
}

/**
 * `POST google-ads-report`: loads a spend file. Lines whose code is no reflink are left out and answered as
 * `dontExistsRefCodes`; the others are added, a line for a reflink, type and dates already loaded replacing
 * its amount, all in one transaction.
 */
export async function uploadReport(db: Db, content: Buffer) {
  const lines = readSpendFile(content);
  const codes = [...new Set(lines.map((line) => line.code.toUpperCase()))];
  const idOf = await reflinkIdsByCode(db, codes);
  const missing = [
    ...new Set(lines.filter((line) => !idOf.has(line.code.toUpperCase())).map((line) => line.code)),
  ];
  const rows = lines.flatMap((line) => {
    const reflinkId = idOf.get(line.code.toUpperCase());
    return reflinkId === undefined
      ? []
      : [
          {
            type: line.type,
            reflink_id: reflinkId,
            date_from: line.from,
            date_to: line.to,
            amount: formatMoney(line.amount),
          },
        ];
  });
  if (rows.length) {
    await db.transaction(async (tx) => {
      await upsertSpend(tx, rows);
      await audit(tx, {
        action: 'ads-report.upload',
        target: { type: 'ads_spend', id: null },
        after: { rows: rows.length, dontExistsRefCodes: missing },
      });
    });
  }
  return {
    message: missing.length ? MARKETING_MESSAGES.reportFormSent : MARKETING_MESSAGES.reportRowsAdded,
    added: rows.length,
    dontExistsRefCodes: missing,
  };
}

/** `PUT google-ads-report/{id}`: a row's amount. */
export async function updateRow(db: Db, id: number, amount: Money) {
  await db.transaction(async (tx) => {
    const before = await lockSpend(tx, id);
    if (!before) throw new NotFoundError();
    await setSpendAmount(tx, id, formatMoney(amount));
    await audit(tx, {
      action: 'ads-report.update',
      target: { type: 'ads_spend', id },
      before: { amount: before.amount },
      after: { amount: formatMoney(amount) },
    });
  });
  return oneView(db, id, MARKETING_MESSAGES.reportRowSaved);
}

/** `DELETE google-ads-report/{id}`. */
export async function deleteRow(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await deleteSpend(tx, id);
    if (!row) throw new NotFoundError();
    await audit(tx, {
      action: 'ads-report.delete',
      target: { type: 'ads_spend', id },
      before: {
        reflink_id: row.reflink_id,
        type: row.type,
        from: row.date_from,
        to: row.date_to,
        amount: row.amount,
      },
    });
  });
  return { message: MARKETING_MESSAGES.reportRowDeleted, count: 1 };
}
