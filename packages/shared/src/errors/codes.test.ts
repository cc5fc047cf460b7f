import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from '../rules/text.js';
import { installValidationMessages } from '../rules/validation.js';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { codeOfText, ERROR_CODES, messageOf } from './codes.js';
import { issueCode } from './issue-code.js';
import { emailTemplateBodySchema } from '../contracts/core-settings.js';
import { marketingActionBodySchema } from '../contracts/marketing.js';
import { resellerTemplateBodySchema } from '../contracts/reseller-templates.js';

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

  it('gives the rules that fill their own template their code and values, not the generic one', () => {
    const codesOf = (schema: z.ZodType, value: unknown) => issuesOf(schema, value).map(issueCode);
    const template = {
      name: 'verify',
      locale: 'en-US',
      subject: 'Hi {{nope}}',
      body: 'Hello',
      action: 'Go',
      footer: '',
    };
    expect(codesOf(emailTemplateBodySchema, template)).toEqual([
      { code: 'settings.placeholderUnknown', params: { placeholder: 'nope' } },
    ]);
    const reseller = { key: 'order_confirmation', subject: 'Order', body: '{{installs_delivered}}' };
    expect(codesOf(resellerTemplateBodySchema, reseller)).toEqual([
      { code: 'pages.templatePlaceholderUnknown', params: { name: '{{installs_delivered}}' } },
    ]);
    const [percent] = issuesOf(marketingActionBodySchema, { tiers: [{ from: '1', percent: '150' }] }).filter(
      (issue) => issue.path.join('.') === 'tiers.0.percent',
    );
    expect(issueCode(percent!)).toEqual({
      code: 'validation.numberRange',
      params: { min: '0.01', max: 100 },
    });
  });
});
