import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  ClientsReportRow,
  clientsReportExportQuerySchema,
  clientsReportQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { pageMeta } from '../../lib/paging.js';
import { clientCount, clientRows, isCustomer, managerOf, planIdOf, type ClientRow } from './sales.repo.js';

type Filters = z.output<typeof clientsReportExportQuerySchema>;

function view(row: ClientRow): ClientsReportRow {
  return {
    id: row.id,
    nickname: row.nickname,
    email: row.email,
    country: row.country,
    manager: managerOf(row),
    priceplan: row.priceplan,
    created_at: row.created_at.toISOString(),
    total_payments: row.total_payments,
    total_spent: row.total_spent,
  };
}

const filtersOf = (db: Db, query: Filters) =>
  and(
    isNull(users.deleted_at),
    isCustomer(db),
    query.country ? eq(users.country, query.country) : undefined,
    query.manager_id ? eq(users.manager_id, query.manager_id) : undefined,
    query.priceplan_id ? eq(planIdOf, query.priceplan_id) : undefined,
  );

/** `GET clients-report` (staff-admin §3): every client (no staff account), id descending. */
export async function clientsReport(db: Db, query: z.output<typeof clientsReportQuerySchema>) {
  const where = filtersOf(db, query);
  const [rows, [total]] = await Promise.all([
    clientRows(db)
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    clientCount(db).where(where),
  ]);
  return { data: rows.map(view), meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
}

/** The filtered clients in batches by id descending (keyset: each batch starts below the last id). */
export async function* clientsReportBatches(db: Db, query: Filters, size: number) {
  for (let before = 2_147_483_647; ;) {
    const rows = await clientRows(db)
      .where(and(filtersOf(db, query), sql`${users.id} < ${before}`))
      .orderBy(desc(users.id))
      .limit(size);
    yield rows.map(view);
    if (rows.length < size) return;
    before = rows.at(-1)!.id;
  }
}
