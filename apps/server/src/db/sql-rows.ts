import {
  getTableColumns,
  sql,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  type Table,
} from 'drizzle-orm';
import type { Queryable } from './client.js';

/*
 * Pieces for the statements of the ordering path, written as SQL templates: Drizzle's query builders cost
 * five to ten times the CPU of a template to build (docs/campaigns.md, Performance). The column names,
 * value encodings and row mapping are still the schema's.
 */

type Values<T extends Table> = Partial<InferInsertModel<T>>;

/** The given columns of `values` with their encoded parameters (undefined = left to the default). */
function columnsOf<T extends Table>(table: T, values: Values<T>) {
  const columns = getTableColumns(table);
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column`);
      return { name: sql.identifier(column.name), value: sql.param(value, column) };
    });
}

/** `("a", "b") values ($1, $2)`: an insert of the given columns into `table`. */
export function insertColumns<T extends Table>(table: T, values: Values<T>): SQL {
  const given = columnsOf(table, values);
  return sql`(${sql.join(
    given.map((column) => column.name),
    sql`, `,
  )}) values (${sql.join(
    given.map((column) => column.value),
    sql`, `,
  )})`;
}

/** `"a" = $1, "b" = $2`: an update of the given columns of `table`. */
export function setColumns<T extends Table>(table: T, values: Values<T>): SQL {
  return sql.join(
    columnsOf(table, values).map((column) => sql`${column.name} = ${column.value}`),
    sql`, `,
  );
}

/** A row as PostgreSQL answers it (`returning *`) typed and decoded as Drizzle's own queries answer it. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Runs a template and answers its rows as PostgreSQL gives them, on either driver. */
export async function rowsOf<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
