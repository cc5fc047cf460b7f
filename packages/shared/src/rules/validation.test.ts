import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { text } from './text.js';
import { installValidationMessages } from './validation.js';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('validation messages', () => {
  beforeAll(() => installValidationMessages());

  it('names the rule a value breaks instead of zod’s English', () => {
    expect(firstMessage(z.coerce.number(), 'abc')).toBe('Enter a number');
    expect(firstMessage(z.number().int(), 1.5)).toBe('Enter a whole number');
    expect(firstMessage(z.number().min(1), 0)).toBe('Must be at least 1');
    expect(firstMessage(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(firstMessage(z.number().max(100), 150)).toBe('Must be at most 100');
    expect(firstMessage(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(firstMessage(z.string().max(5), 'abcdef')).toBe('Must be at most 5 characters');
    expect(firstMessage(z.array(z.number()).max(2), [1, 2, 3])).toBe('Choose at most 2');
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Choose one of the offered values');
    expect(firstMessage(z.email(), 'nope')).toBe(MESSAGES.emailInvalid);
    expect(firstMessage(z.boolean(), 'yes')).toBe('Choose yes or no');
  });

  it('asks for a missing value and keeps a schema’s own message', () => {
    expect(firstMessage(z.object({ n: z.number() }), {})).toBe(MESSAGES.required);
    expect(firstMessage(z.number().max(100, 'Share is at most 100'), 150)).toBe('Share is at most 100');
  });

  it('gives free text over its limit the limit', () => {
    expect(firstMessage(text({ max: 10 }), 'x'.repeat(11))).toBe('Must be at most 10 characters');
  });
});

describe('every request body schema', () => {
  beforeAll(() => installValidationMessages());

  /** Zod's own English, which a form must never show. */
  const LIBRARY_TEXT =
    /Invalid input|Invalid option|Too (big|small)|expected (string|number|int|array|object|boolean)|Unrecognized key/;
  const HOSTILE = [NaN, 'abc', '', -1, 10 ** 12, 1.5, [], {}, null, true, 'x'.repeat(6000)];

  it('names a rule for any bad value instead of zod’s English', async () => {
    const shared = await import('../index.js');
    const schemas = Object.entries(shared).filter(
      (entry): entry is [string, z.ZodObject] =>
        /BodySchema$/.test(entry[0]) && entry[1] instanceof z.ZodObject,
    );
    expect(schemas.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const [name, schema] of schemas) {
      for (const key of Object.keys(schema.shape)) {
        for (const value of HOSTILE) {
          for (const issue of schema.safeParse({ [key]: value }).error?.issues ?? []) {
            if (LIBRARY_TEXT.test(issue.message))
              found.push(`${name}.${issue.path.join('.')}: ${issue.message}`);
          }
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('gives the staff forms of notices, balance change, marketing actions and products a rule, not "Data is not valid"', async () => {
    const {
      changeUserBalanceBodySchema,
      marketingActionBodySchema,
      productsBodySchema,
      sendNoticeBodySchema,
    } = await import('../index.js');
    const forms = {
      changeUserBalanceBodySchema,
      marketingActionBodySchema,
      productsBodySchema,
      sendNoticeBodySchema,
    };
    const vague: string[] = [];
    for (const [name, schema] of Object.entries(forms)) {
      const shape = (
        schema instanceof z.ZodObject ? schema : (schema as unknown as { def: { in: z.ZodObject } }).def.in
      ).shape as Record<string, unknown>;
      for (const key of Object.keys(shape))
        for (const value of HOSTILE)
          for (const issue of schema.safeParse({ [key]: value }).error?.issues ?? [])
            if (issue.path[0] === key && issue.message === MESSAGES.dataNotValid)
              vague.push(`${name}.${key}`);
    }
    expect([...new Set(vague)]).toEqual([]);
  });
});
