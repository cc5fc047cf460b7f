import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MESSAGES, VALIDATION_MESSAGES } from '@storelift/shared';
import { openDatabase, type Database } from '../db/client.js';
import { registerErrorHandling } from './errors.js';

/*
 * A database error a check of ours let through is the input's fault or a race, never a 500: class 22
 * (bad data) and 54 (too large) and a check violation answer 422 naming the rule the value broke (on the
 * column's field when the database ties it to one), a unique or foreign-key violation 409.
 * Each is raised for real by PostgreSQL (node-postgres, when TEST_DATABASE_URL names a server) and by
 * PGlite, through Drizzle, and answered through HTTP.
 */

const V = VALIDATION_MESSAGES;
const conflict = { message: MESSAGES.conflict };

/** One statement (or a few, in one transaction) per case, with the answer it must get. */
const CASES: [name: string, status: number, body: object, run: (db: Database['db']) => Promise<unknown>][] = [
  [
    'invalid text representation',
    422,
    { message: V.wholeNumberExpected },
    (db) => db.execute(sql`select ${'abc'}::int`),
  ],
  [
    'integer out of range',
    422,
    { message: 'Must be at most 2147483647' },
    (db) => db.execute(sql`select ${'2147483648'}::int4`),
  ],
  [
    'numeric field overflow',
    422,
    { message: 'Must be less than 10000' },
    (db) => db.execute(sql`select ${'123456'}::numeric(6,2)`),
  ],
  [
    'text too long',
    422,
    { message: 'Must be at most 5 characters' },
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table s (name varchar(5)) on commit drop`);
        await tx.execute(sql`insert into s values (${'abcdefgh'})`);
      }),
  ],
  [
    'NUL in a text',
    422,
    { message: MESSAGES.textInvalid },
    (db) => db.execute(sql`select ${'a\u0000b'}::text`),
  ],
  [
    'program limit exceeded',
    422,
    { message: V.valueTooLarge },
    (db) => db.execute(sql.raw(`do $$ begin raise exception 'too large' using errcode = '54000'; end $$`)),
  ],
  [
    'unique violation',
    409,
    conflict,
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table u (id int primary key) on commit drop`);
        await tx.execute(sql`insert into u values (1), (1)`);
      }),
  ],
  [
    'foreign-key violation',
    409,
    conflict,
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table p (id int primary key) on commit drop`);
        await tx.execute(sql`create temp table c (p int references p) on commit drop`);
        await tx.execute(sql`insert into c values (1)`);
      }),
  ],
  [
    'check violation',
    422,
    { message: MESSAGES.dataNotValid, errors: { n: [MESSAGES.dataNotValid] } },
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table k (n int check (n > 0)) on commit drop`);
        await tx.execute(sql`insert into k values (0)`);
      }),
  ],
  [
    'check violation with its own message',
    422,
    { message: MESSAGES.insufficientBalance, errors: { balance: [MESSAGES.insufficientBalance] } },
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`create temp table accounts (balance int, constraint accounts_balance_check check (balance >= 0)) on commit drop`,
        );
        await tx.execute(sql`insert into accounts values (-1)`);
      }),
  ],
  // Our own mistake stays a 500 (and is logged as such).
  [
    'undefined table',
    500,
    { message: MESSAGES.somethingWrong },
    (db) => db.execute(sql`select * from no_such_table`),
  ],
];

const DRIVERS = [
  ['PGlite', undefined],
  ['node-postgres', process.env.TEST_DATABASE_URL],
] as const;

describe.each(DRIVERS)('database errors through HTTP on %s', (driver, databaseUrl) => {
  let database: Database;
  let app: FastifyInstance;
  const skip = driver === 'node-postgres' && !databaseUrl;

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.skipIf(skip).each(CASES)('%s answers %i', async (name, status, body) => {
    if (!app) {
      database = await openDatabase({ databaseUrl });
      app = Fastify();
      registerErrorHandling(app);
      app.get<{ Params: { index: string } }>('/case/:index', async (request) => {
        await CASES[Number(request.params.index)]![3](database.db);
        return { ok: true };
      });
    }
    const index = CASES.findIndex((entry) => entry[0] === name);
    const res = await app.inject({ method: 'GET', url: `/case/${index}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual(body);
  });
});
