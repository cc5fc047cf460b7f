import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** Rows read per query while streaming: memory stays flat however many rows match. */
export const EXPORT_BATCH = 500;

/**
 * Streams batches of rows as CSV with the given columns. Cells a spreadsheet would run as a formula (a
 * nickname starting with `=`) are escaped.
 */
export function csvOf<T>(
  batches: AsyncIterable<T[]>,
  columns: readonly string[],
  cells: (row: T) => Record<string, unknown>,
): Readable {
  const csv = stringify({ header: true, columns: [...columns], escape_formulas: true });
  const source = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const row of batch) yield cells(row);
    })(),
  );
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
