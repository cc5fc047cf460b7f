import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type {} from '@fastify/swagger';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeApp, makeTopUp, makeUser } from './factories.js';
import { hostileString, hostileValue, hugeNumber } from './fuzz.js';
import { DEMO_APPS } from '../src/providers/store/offline/demo-apps.js';
import { billingProfiles } from '../src/db/schema/index.js';
import { changeApiToken } from '../src/modules/api-credits/api-credits.service.js';

/*
 * Every operation of the OpenAPI document (customer, staff, public routes and the public API with the
 * customer's API token), called as a customer and as an admin with path parameters, query strings and bodies drawn from its own schema with hostile
 * values mixed in (full Unicode, NUL and C0 controls, lone surrogates, raw invalid UTF-8, huge numbers,
 * wrong types), never answers 5xx. FUZZ_RUNS sets the runs per operation.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** Values the rules accept for fields many routes share, so a call gets past its first check. */
const KNOWN: Record<string, unknown[]> = {
  packageId: [DEMO_APPS.googlePlay.fitness],
  package: [DEMO_APPS.googlePlay.fitness],
  toPackageId: [DEMO_APPS.googlePlay.puzzle],
  country: ['US', 'de'],
  toCountry: ['DE'],
  appstore: [1, 2, 'android'],
  keyword: ['fitness'],
  id: [1, 2, 3],
  user_id: [1, 2],
  paysystem_id: [1, 30],
  amount: ['10', 10],
  from: ['2025-01-01'],
  to: ['2025-12-31'],
};

/**
 * A value that fits the schema as far as its type, range and known values go: texts random, or (calm) a
 * plain one and the first known value.
 */
function fitting(schema: JsonSchema, name = '', depth = 0, calm = false): fc.Arbitrary<unknown> {
  const known = KNOWN[name];
  if (known && calm) return fc.constant(known[0]);
  if (known) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, fitting(schema, '', depth));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => fitting(item, '', depth, calm)));
  if (schema.allOf?.length) return fitting(schema.allOf[0]!, '', depth, calm);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.ceil(Math.max(schema.minimum ?? -5, -5));
      return fc.integer({ min, max: Math.max(min, Math.floor(Math.min(schema.maximum ?? 1000, 1000))) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fitting(schema.items ?? {}, '', depth + 1, calm), { maxLength: 4 });
    case 'object': {
      if (depth > 3 || !schema.properties) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties).map(([key, property]) => {
        const field = fitting(property, key, depth + 1, calm);
        return [key, required.has(key) ? field : fc.option(field, { nil: undefined, freq: 2 })] as const;
      });
      return fc
        .record(Object.fromEntries(entries))
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, item]) => item !== undefined)));
    }
    case 'string':
      if (calm) return fc.constant('a'.repeat(Math.min(schema.maxLength ?? 5, 5)));
      return fc.oneof(
        {
          weight: 2,
          arbitrary: fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 20, 20) }),
        },
        { weight: 1, arbitrary: hostileString },
      );
    default:
      return hostileValue;
  }
}

/** Raw bytes in a URL: invalid UTF-8, an encoded NUL, an overlong NUL, a lone surrogate, a broken escape. */
class Raw {
  constructor(readonly text: string) {}
}
const raw = fc
  .constantFrom('%ff', '%00', '%c0%80', '%ed%a0%80', '%', '%zz', '%e2%82')
  .map((text) => new Raw(text));

/** A hostile path or query value. */
const hostileParameter = fc.oneof(hostileString, hostileString, hugeNumber, raw);

/** UTF-8 percent-encoding of any text (a lone surrogate goes as U+FFFD, as a browser sends it). */
function encode(item: unknown): string {
  if (item instanceof Raw) return item.text;
  const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function urlOf(operation: Operation, values: Record<string, unknown>): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encode(values[name] ?? ''));
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query' && values[parameter.name] !== undefined)
    .flatMap((parameter) => {
      const item = values[parameter.name];
      const items = Array.isArray(item) ? item : [item];
      return items.map((one) => `${encodeURIComponent(parameter.name)}=${encode(one)}`);
    });
  return query.length ? `${path}?${query.join('&')}` : path;
}

/**
 * One call: path, query and body values that fit their schema, then up to two of them replaced by hostile
 * ones (so a call gets past the other checks), or a body of the wrong kind altogether.
 */
function callOf(operation: Operation) {
  const parameters = operation.parameters.filter((parameter) => parameter.in !== 'header');
  const values = fc.record(
    Object.fromEntries(
      parameters.map((parameter) => {
        const good = fitting(parameter.schema, parameter.name);
        const must = parameter.required || parameter.in === 'path';
        return [parameter.name, must ? good : fc.option(good, { nil: undefined, freq: 2 })];
      }),
    ),
  );
  const body = operation.body
    ? fc.oneof(
        { weight: 8, arbitrary: fitting(operation.body) },
        { weight: 1, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constantFrom('{"a":', 'not json', '\u0000').map((text) => new Raw(text)) },
      )
    : fc.option(hostileValue, { nil: undefined, freq: 6 });
  const targets = [
    ...parameters.map((parameter) => ({ in: 'values' as const, name: parameter.name })),
    ...Object.keys(operation.body?.properties ?? {}).map((name) => ({ in: 'body' as const, name })),
  ];
  const mutations = targets.length
    ? fc.array(
        fc
          .constantFrom(...targets)
          .chain((target) =>
            (target.in === 'body' ? hostileValue : hostileParameter).map((item) => ({ ...target, item })),
          ),
        { maxLength: 3 },
      )
    : fc.constant([]);
  const admin = operation.path.startsWith('/api/admin/');
  return fc
    .record({
      as: fc.oneof(
        { weight: admin ? 1 : 3, arbitrary: fc.constant('customer' as const) },
        { weight: admin ? 3 : 1, arbitrary: fc.constant('admin' as const) },
      ),
      values,
      body,
      mutations,
    })
    .map(({ as, values, body, mutations }) => {
      const changed = { values: { ...values }, body };
      for (const mutation of mutations) {
        if (mutation.in === 'values') changed.values[mutation.name] = mutation.item;
        else if (typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof Raw))
          changed.body = { ...(changed.body as object), [mutation.name]: mutation.item };
      }
      return { as, ...changed };
    });
}

/** The operations of the document; the ones that sign the caller out go last, so they end no run early. */
function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }) {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> })
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Calls that end the caller's session or may take the admin's rights away: sessions are renewed after them. */
const SIGNS_OUT = /\/logout$|\/roles\/\{id\}(\/grants)?$|\/change-api-token$/;

type As = 'customer' | 'admin';
interface Call {
  as: As;
  values: Record<string, unknown>;
  body: unknown;
}

let t: TestApp;
const auth: Record<As, Record<string, string>> = { customer: {}, admin: {} };
/** The public API (`/api/v1`) takes the customer's API token, with credits for every call. */
let apiAuth: Record<string, string> = {};
/** A new customer (with two apps, money and an API token) and a new admin, each signed in. */
async function signIn() {
  const customer = await makeUser(t.deps.db);
  await makeApp(t.deps, customer.user.id);
  await makeApp(t.deps, customer.user.id, { package: DEMO_APPS.googlePlay.puzzle });
  await makeTopUp(t.deps.db, customer.user.id, '1000');
  auth.customer = customer.auth;
  apiAuth = { authorization: `Bearer ${(await changeApiToken(t.deps.db, customer.user.id)).api_token}` };
  await t.deps.db
    .update(billingProfiles)
    .set({ api_paid_credits: 1_000_000 })
    .where(eq(billingProfiles.user_id, customer.user.id));
  auth.admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false, config: { publicApiRateLimit: 1_000_000 } });
  await signIn();
}, 120_000);
afterAll(() => t.close());

const failures: string[] = [];

/** Makes the call; records a 5xx; puts back what a call may have switched off for the next ones. */
async function send(operation: Operation, { as, values, body }: Call) {
  const headers: Record<string, string> = { ...(operation.path.startsWith('/api/v1/') ? apiAuth : auth[as]) };
  const payload = body instanceof Raw ? body.text : body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const url = urlOf(operation, values);
  const res = await t.app.inject({ method: operation.method as 'GET', url, headers, payload });
  if (res.statusCode >= 500)
    failures.push(`${operation.method} ${url} ${payload ?? ''} → ${res.statusCode} ${res.body}`);
  if (operation.method === 'PUT' && operation.path.endsWith('/maintenance')) {
    await t.app.inject({
      method: 'PUT',
      url: operation.path,
      headers: auth.admin,
      payload: { enabled: false },
    });
  }
  if (operation.method !== 'GET' && SIGNS_OUT.test(operation.path)) await signIn();
}

/** The fields of a call: its path and query parameters, and the top-level fields of its body. */
function fieldsOf(operation: Operation) {
  return [
    ...operation.parameters
      .filter((parameter) => parameter.in !== 'header')
      .map((parameter) => ({ in: 'values' as const, name: parameter.name, schema: parameter.schema })),
    ...Object.entries(operation.body?.properties ?? {}).map(([name, schema]) => ({
      in: 'body' as const,
      name,
      schema,
    })),
  ];
}

/** A plain value that fits the schema (the same on every run). */
const calmValue = (schema: JsonSchema, name = '') =>
  fc.sample(fitting(schema, name, 0, true), { numRuns: 1, seed: 11 })[0];

/** What each field is sure to meet once: a NUL in a text, and int4 overflow in a number. */
function probesOf(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return [2 ** 31, '99999999999999999999'];
  if (type === 'string' || type === undefined) return ['a\u0000b', 'a\ud800'];
  return ['a\u0000b'];
}

describe('no operation of the OpenAPI document answers 5xx', () => {
  let operations: Operation[];
  beforeAll(async () => {
    await t.app.ready();
    operations = operationsOf(t.app.swagger() as never);
    operations.sort((a, b) => Number(SIGNS_OUT.test(a.path)) - Number(SIGNS_OUT.test(b.path)));
  });

  it('reads every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.some((operation) => operation.path.startsWith('/api/admin/'))).toBe(true);
    expect(operations.some((operation) => operation.path.startsWith('/api/v1/'))).toBe(true);
  });

  it('every field of every operation meets a NUL, a lone surrogate and an overflowing number', async () => {
    failures.length = 0;
    for (const operation of operations) {
      const as: As = operation.path.startsWith('/api/admin/') ? 'admin' : 'customer';
      const values = Object.fromEntries(
        operation.parameters.map((parameter) => [
          parameter.name,
          calmValue(parameter.schema, parameter.name),
        ]),
      );
      const body = operation.body ? calmValue(operation.body) : undefined;
      for (const field of fieldsOf(operation)) {
        for (const probe of probesOf(field.schema)) {
          const call: Call = { as, values: { ...values }, body };
          if (field.in === 'values') call.values[field.name] = probe;
          else if (typeof call.body === 'object' && call.body !== null && !(call.body instanceof Raw))
            call.body = { ...call.body, [field.name]: probe };
          else call.body = { [field.name]: probe };
          await send(operation, call);
        }
      }
    }
    if (failures.length) console.error(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 300_000);

  it('random calls as a customer and as an admin', async () => {
    failures.length = 0;
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(callOf(operation), (call) => send(operation, call)),
        { numRuns: RUNS },
      );
    }
    if (failures.length) console.error(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 300_000);
});
