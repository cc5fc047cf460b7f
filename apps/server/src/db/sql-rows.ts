import { createHash } from 'node:crypto';
import {
  getTableColumns,
  type Column,
  sql,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/** Each table's columns as entries, read once: every statement of the hot paths reads or maps them. */
const entriesOf = new WeakMap<Table, [string, Column][]>();
function columnEntries(table: Table): [string, Column][] {
  let entries = entriesOf.get(table);
  if (!entries) entriesOf.set(table, (entries = Object.entries(getTableColumns(table))));
  return entries;
}

/** Column lists already written, by table and alias. */
const lists = new WeakMap<Table, Map<string, SQL>>();

/**
 * `"a", "b"` (or `v."a", v."b"` with an alias): the table's columns as this process knows them, for the
 * `returning` and `select` of prepared statements. Unlike `*`, an added column (a migration while this process
 * runs) does not change their result, which PostgreSQL would refuse for a prepared statement. Written once per
 * table and alias as one raw piece: rendering the payments' forty identifiers took about 0.1 ms per statement.
 */
export function columnList(table: Table, alias?: string): SQL {
  let byAlias = lists.get(table);
  if (!byAlias) lists.set(table, (byAlias = new Map()));
  const key = alias ?? '';
  let list = byAlias.get(key);
  if (!list) {
    const prefix = alias ? `${dialect.escapeName(alias)}.` : '';
    const names = columnEntries(table).map(([, column]) => `${prefix}${dialect.escapeName(column.name)}`);
    byAlias.set(key, (list = sql.raw(names.join(', '))));
  }
  return list;
}

/** A row as PostgreSQL answers it (`returning *`) typed and decoded as Drizzle's own queries answer it. */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnEntries(table)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Statement names by text: the fixed shapes are few, and hashing a text on every run cost more than a look-up. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs a template and answers its rows as PostgreSQL gives them, on either driver. `prepared`: as a named
 * statement, named after its text, so each connection parses and plans it once and then only binds it (the
 * ordering path's statements: planning cost about as much as running them). Only for statements of a fixed
 * shape: every distinct text stays prepared on each connection it ran on.
 */
export async function rowsOf<T = Record<string, unknown>>(
  db: Queryable,
  query: SQL,
  options: { prepared?: boolean } = {},
): Promise<T[]> {
  if (!options.prepared) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const built = dialect.sqlToQuery(query);
  const result = await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return (result as { rows: T[] }).rows;
}
