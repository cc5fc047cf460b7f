import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from '../rules/text.js';
import { installValidationMessages } from '../rules/validation.js';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { codeOfText, ERROR_CODES, messageOf } from './codes.js';
import { issueCode } from './issue-code.js';

installValidationMessages();
const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues;

describe('error codes', () => {
  it('names every text of the catalog once, and fills templates', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(codeOfText(MESSAGES.notFound)).toBe('notFound');
    expect(codeOfText('Must be at most {{max}} characters')).toBeUndefined();
    expect(messageOf('validation.textMax', { max: 5 })).toBe('Must be at most 5 characters');
  });

  it('reads a zod issue’s code and values, never parsing its text', () => {
    const [tooLong] = issuesOf(text({ max: 5 }), 'x'.repeat(6));
    expect(issueCode(tooLong!)).toEqual({ code: 'validation.textMax', params: { max: '5' } });
    const [empty] = issuesOf(z.object({ name: z.string() }), {});
    expect(issueCode(empty!)).toEqual({ code: 'required' });
    const [own] = issuesOf(z.string().max(3, MESSAGES.passwordMax), 'abcd');
    expect(issueCode(own!)).toEqual({ code: 'passwordMax' });
    const [filled] = issuesOf(z.string().max(3, messageOf('access.tooLong', { max: 3 })), 'abcd');
    expect(issueCode(filled!)).toEqual({ code: 'access.tooLong', params: { max: '3' } });
    const custom = z.string().superRefine((value, ctx) => {
      ctx.addIssue({
        code: 'custom',
        message: ACCESS_MESSAGES.roleInUse,
        params: { code: 'access.roleInUse', count: 2 },
      });
    });
    expect(issueCode(issuesOf(custom, 'x')[0]!)).toEqual({ code: 'access.roleInUse', params: { count: 2 } });
  });
});
