import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, messageOf, templateOf } from '@storelift/shared';
import { DOC, renderErrorCodes, withErrorCodes } from '../../../../scripts/error-codes.mjs';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DUPLICATE_KEY_CODE } from '../lib/route-schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

describe('error answers carry codes', () => {
  it('a 422 from a schema: every field message with its code and values', async () => {
    const res = await t.call(
      'POST',
      'register',
      {},
      { email: 'not an e-mail', password: 'short', ref: 'r'.repeat(65) },
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ message: MESSAGES.dataNotValid, code: 'dataNotValid' });
    expect(body.error_codes.email).toEqual([{ code: 'emailInvalid' }]);
    expect(body.error_codes.ref).toEqual([{ code: 'validation.textMax', params: { max: '64' } }]);
    expect(Object.keys(body.error_codes)).toEqual(Object.keys(body.errors));
    for (const [field, codes] of Object.entries(body.error_codes as Record<string, { code: never }[]>))
      expect(
        codes.map(({ code, params }: { code: never; params?: never }) => messageOf(code, params)),
      ).toEqual(body.errors[field]);
  });

  it('a business error of a constant text (a template one: public-api.test.ts, out of credits)', async () => {
    const refused = await t.call(
      'POST',
      'login',
      {},
      { email: 'nobody@example.com', password: 'whatever-1' },
    );
    expect(refused.json()).toMatchObject({ message: MESSAGES.badCredentials, code: 'badCredentials' });
  });

  it('lists the catalog, and the spec’s duplicate-key code, in the OpenAPI error body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = Object.values(doc.paths as Record<string, Record<string, { responses: never }>>)[0]!;
    const responses = Object.values(operation)[0]!.responses as Record<string, { content: never }>;
    const schema = (responses['422']!.content as Record<string, { schema: { properties: never } }>)[
      'application/json'
    ]!.schema;
    const { code } = schema.properties as { code: { enum: string[] } };
    expect(code.enum.toSorted()).toEqual([...ERROR_CODES, DUPLICATE_KEY_CODE].toSorted());
  });

  it('are listed in docs/contract.md as scripts/error-codes.mjs writes them', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(withErrorCodes(doc, renderErrorCodes(ERROR_CODES, templateOf))).toBe(doc);
  });
});
