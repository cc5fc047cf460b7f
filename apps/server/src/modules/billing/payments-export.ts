import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { adminPaymentExportQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import * as repo from './payments.repo.js';

/** Rows read per query while streaming: memory stays flat however many payments match. */
const BATCH = 500;

const COLUMNS = [
  'id',
  'date',
  'user_id',
  'email',
  'nickname',
  'paysystem',
  'type',
  'status',
  'amount',
  'fee',
  'vat',
  'total',
  'bonus',
  'details',
  'description',
  'credited_at',
] as const;

async function* rowsOf(db: Db, query: z.output<typeof adminPaymentExportQuerySchema>) {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await repo.selectPayments(db, query, BATCH, offset);
    for (const { payment, paysystem_name, user } of rows) {
      yield {
        id: payment.id,
        date: payment.created_at.toISOString(),
        user_id: user.id,
        email: user.email,
        nickname: user.nickname,
        paysystem: paysystem_name,
        type: payment.type,
        status: payment.status,
        amount: payment.amount,
        fee: payment.fee,
        vat: payment.vat,
        total: payment.total,
        bonus: payment.bonus,
        details: payment.details,
        description: payment.description,
        credited_at: payment.credited_at?.toISOString() ?? '',
      };
    }
    if (rows.length < BATCH) return;
  }
}

/**
 * `GET payments/export` (staff): the filtered payments as CSV, streamed in batches. Cells a spreadsheet
 * would run as a formula (a nickname starting with `=`) are escaped.
 */
export function exportPayments(db: Db, query: z.output<typeof adminPaymentExportQuerySchema>): Readable {
  const csv = stringify({ header: true, columns: [...COLUMNS], escape_formulas: true });
  const source = Readable.from(rowsOf(db, query));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
