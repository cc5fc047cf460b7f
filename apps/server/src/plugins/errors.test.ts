import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@storelift/shared';
import { openDatabase, type Database } from '../db/client.js';
import { registerErrorHandling } from './errors.js';

/*
 * A database error a check of ours let through is the input's fault or a race, never a 500: class 22
 * (bad data) and 54 (too large) and a check violation answer 422, a unique or foreign-key violation 409.
 * Each is raised for real by PostgreSQL (node-postgres, when TEST_DATABASE_URL names a server) and by
 * PGlite, through Drizzle, and answered through HTTP.
 */

/** One statement (or a few, in one transaction) per case, with the answer it must get. */
const CASES: [name: string, status: number, run: (db: Database['db']) => Promise<unknown>][] = [
  ['invalid text representation', 422, (db) => db.execute(sql`select ${'abc'}::int`)],
  ['numeric value out of range', 422, (db) => db.execute(sql`select ${'2147483648'}::int4`)],
  ['NUL in a text', 422, (db) => db.execute(sql`select ${'a\u0000b'}::text`)],
  [
    'program limit exceeded',
    422,
    (db) => db.execute(sql.raw(`do $$ begin raise exception 'too large' using errcode = '54000'; end $$`)),
  ],
  [
    'unique violation',
    409,
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table u (id int primary key) on commit drop`);
        await tx.execute(sql`insert into u values (1), (1)`);
      }),
  ],
  [
    'foreign-key violation',
    409,
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
    (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table k (n int check (n > 0)) on commit drop`);
        await tx.execute(sql`insert into k values (0)`);
      }),
  ],
  // Our own mistake stays a 500 (and is logged as such).
  ['undefined table', 500, (db) => db.execute(sql`select * from no_such_table`)],
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

  it.skipIf(skip).each(CASES)('%s answers %i', async (name, status) => {
    if (!app) {
      database = await openDatabase({ databaseUrl });
      app = Fastify();
      registerErrorHandling(app);
      app.get<{ Params: { index: string } }>('/case/:index', async (request) => {
        await CASES[Number(request.params.index)]![2](database.db);
        return { ok: true };
      });
    }
    const index = CASES.findIndex((entry) => entry[0] === name);
    const res = await app.inject({ method: 'GET', url: `/case/${index}` });
    expect(res.statusCode, res.body).toBe(status);
    const message = { 422: MESSAGES.dataNotValid, 409: MESSAGES.conflict, 500: MESSAGES.somethingWrong };
    expect(res.json()).toEqual({ message: message[status as 422] });
  });
});
