import type {
  ClientsReportRow,
  clientsReportExportQuerySchema,
  clientsReportQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pageMeta } from '../../lib/paging.js';
import { managerOf, reportClientsBefore, reportClientsPage, type ClientRow } from './sales.repo.js';

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

/** `GET clients-report` (staff-admin §3): every client (no staff account), id descending. */
export async function clientsReport(db: Db, query: z.output<typeof clientsReportQuerySchema>) {
  const { rows, total } = await reportClientsPage(db, query, query.page, query.limit);
  return { data: rows.map(view), meta: pageMeta(total, query.page, query.limit) };
}

/** The filtered clients in batches by id descending (keyset: each batch starts below the last id). */
export async function* clientsReportBatches(db: Db, query: Filters, size: number) {
  for (let before = 2_147_483_647; ;) {
    const rows = await reportClientsBefore(db, query, before, size);
    yield rows.map(view);
    if (rows.length < size) return;
    before = rows.at(-1)!.id;
  }
}
