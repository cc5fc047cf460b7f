import { aliasedTable, and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { StatementFormat, StatementLineState } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { payments, statementLines, statements, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';
import type { StatementLine } from './statement-line.js';

export type StatementRow = typeof statements.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;

export async function insertStatement(
  db: Queryable,
  values: { format: StatementFormat; file_name: string; uploaded_by: number; lines: number },
): Promise<StatementRow> {
  const [row] = await db.insert(statements).values(values).returning();
  return row!;
}

export async function setNewLines(db: Queryable, id: number, newLines: number) {
  await db.update(statements).set({ new_lines: newLines }).where(eq(statements.id, id));
}

/**
 * Inserts the lines no upload brought before (the entry id decides, so two uploads at once insert each line
 * once) and returns those it inserted.
 */
export function insertNewLines(
  db: Queryable,
  statementId: number,
  lines: (StatementLine & { state: StatementLineState })[],
) {
  return db
    .insert(statementLines)
    .values(
      lines.map((line) => ({
        statement_id: statementId,
        entry_id: line.entryId,
        booked_on: line.bookedOn,
        direction: line.direction,
        amount: line.amount,
        currency: line.currency,
        text: line.text,
        counterparty: line.counterparty,
        state: line.state,
      })),
    )
    .onConflictDoNothing({ target: statementLines.entry_id })
    .returning({ id: statementLines.id, entry_id: statementLines.entry_id });
}

/** Transfer payments by reference (the open and the settled: a settled one makes a second line unmatched). */
export function transferPaymentsByReference(db: Queryable, references: string[]) {
  if (!references.length) return Promise.resolve([]);
  return db
    .select({ id: payments.id, reference: payments.reference, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.provider, 'transfer'), inArray(payments.reference, references)));
}

/** The line, locked for the rest of the transaction (an assign, an ignore and a match serialize on it). */
export async function lockLine(db: Queryable, id: number): Promise<StatementLineRow | undefined> {
  const [row] = await db.select().from(statementLines).where(eq(statementLines.id, id)).for('update');
  return row;
}

export async function updateLine(db: Queryable, id: number, values: Partial<StatementLineRow>) {
  await db.update(statementLines).set(values).where(eq(statementLines.id, id));
}

export async function statementFormatOf(db: Queryable, id: number): Promise<StatementFormat | undefined> {
  const [row] = await db.select({ format: statements.format }).from(statements).where(eq(statements.id, id));
  return row?.format;
}

const uploader = aliasedTable(users, 'uploader');

const selectStatements = (db: Queryable) =>
  db
    .select({ statement: statements, uploader: { id: uploader.id, email: uploader.email } })
    .from(statements)
    .leftJoin(uploader, eq(uploader.id, statements.uploaded_by));
export type StatementWithUploader = Awaited<
  ReturnType<ReturnType<typeof selectStatements>['execute']>
>[number];

export async function findStatement(db: Queryable, id: number): Promise<StatementWithUploader | undefined> {
  const [row] = await selectStatements(db).where(eq(statements.id, id));
  return row;
}

/** A page of statements, newest first, with who uploaded each. */
export async function pageStatements(db: Queryable, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    selectStatements(db)
      .orderBy(desc(statements.created_at), desc(statements.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(statements),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const payer = aliasedTable(users, 'payer');
const resolver = aliasedTable(users, 'resolver');

function selectLines(db: Queryable) {
  return db
    .select({
      line: statementLines,
      payment: { id: payments.id, reference: payments.reference },
      payer: { id: payer.id, email: payer.email },
      resolver: { id: resolver.id, email: resolver.email },
    })
    .from(statementLines)
    .leftJoin(payments, eq(payments.id, statementLines.payment_id))
    .leftJoin(payer, eq(payer.id, payments.user_id))
    .leftJoin(resolver, eq(resolver.id, statementLines.resolved_by));
}
export type LineWithNames = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

export async function findLine(db: Queryable, id: number): Promise<LineWithNames | undefined> {
  const [row] = await selectLines(db).where(eq(statementLines.id, id));
  return row;
}

/**
 * A page of lines: a statement's in its order, or those in one state oldest first (the unmatched queue reads
 * the partial index on created_at).
 */
export async function pageLines(
  db: Queryable,
  filter: { statementId?: number; state?: StatementLineState },
  limit: number,
  offset: number,
) {
  const where = and(
    filter.statementId === undefined ? undefined : eq(statementLines.statement_id, filter.statementId),
    filter.state === undefined ? undefined : eq(statementLines.state, filter.state),
  );
  const order =
    filter.statementId === undefined ? [statementLines.created_at, statementLines.id] : [statementLines.id];
  const [rows, [total]] = await Promise.all([
    selectLines(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(statementLines).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Open transfer payments (awaiting or received) whose reference, total or payer's e-mail is like `search`. */
export function openTransferPayments(db: Queryable, search: string, amount: string | null) {
  const like = `%${escapeLike(search)}%`;
  const squeezed = search.toUpperCase().replace(/[\s\-./]+/g, '');
  const matches: SQL[] = [ilike(payments.reference, `%${escapeLike(squeezed)}%`), ilike(payer.email, like)];
  if (amount !== null) matches.push(eq(payments.total, amount));
  return db
    .select({ payment: payments, user: { id: payer.id, email: payer.email } })
    .from(payments)
    .innerJoin(payer, eq(payer.id, payments.user_id))
    .where(
      and(
        eq(payments.provider, 'transfer'),
        inArray(payments.status, ['pending', 'received']),
        or(...matches),
      ),
    )
    .orderBy(desc(payments.created_at))
    .limit(10);
}

/** Customers (not deleted) whose e-mail is like `search`. */
export function usersByEmail(db: Queryable, search: string) {
  return db
    .select({ id: users.id, email: users.email, nickname: users.nickname })
    .from(users)
    .where(and(ilike(users.email, `%${escapeLike(search)}%`), isNull(users.deleted_at)))
    .orderBy(users.email)
    .limit(10);
}
