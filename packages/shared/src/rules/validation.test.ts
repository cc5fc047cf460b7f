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
