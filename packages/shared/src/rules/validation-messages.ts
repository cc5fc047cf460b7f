import type { z } from 'zod';
import { fillMessage, MESSAGES } from './messages.js';

/**
 * The English texts of the generic validation rules (a number's range, a text's length, a choice): every
 * refused field names its rule. The zod error map (`validationMessage` below) writes them for any rule whose
 * schema gives no message of its own; the web app translates them under `validation.` of the messages
 * namespace. No zod at run time here: the web's entry carries this module.
 */
export const VALIDATION_MESSAGES = {
  numberExpected: 'Enter a number',
  wholeNumberExpected: 'Enter a whole number',
  numberMin: 'Must be at least {{min}}',
  numberAbove: 'Must be more than {{min}}',
  numberMax: 'Must be at most {{max}}',
  numberBelow: 'Must be less than {{max}}',
  numberRange: 'Must be from {{min}} to {{max}}',
  textMin: 'Must be at least {{min}} characters',
  textMax: 'Must be at most {{max}} characters',
  itemsMin: 'Choose at least {{min}}',
  itemsMax: 'Choose at most {{max}}',
  choiceInvalid: 'Choose one of the offered values',
  dateInvalid: 'Enter a valid date',
  linkInvalid: 'Enter a valid link',
  formatInvalid: 'The format is not valid',
  multipleOf: 'Must be a multiple of {{step}}',
  yesOrNo: 'Choose yes or no',
  textExpected: 'Enter a text',
  unknownField: 'This field is not accepted here',
  valueTooLarge: 'The value is too large',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
const V = VALIDATION_MESSAGES;

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

function bound(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
}

/** A generic rule's message key (`required`, `validation.textMax`) with the values of its template. */
export interface ValidationRule {
  code: 'required' | 'dataNotValid' | 'emailInvalid' | `validation.${ValidationMessageKey}`;
  params?: Record<string, string>;
}

/** The rule a zod issue broke, with its limit: the one switch behind `validationMessage` and the error codes. */
export function validationRule(issue: Issue): ValidationRule {
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return { code: 'required' };
      if (issue.expected === 'int') return { code: 'validation.wholeNumberExpected' };
      if (issue.expected === 'number' || issue.expected === 'bigint')
        return { code: 'validation.numberExpected' };
      if (issue.expected === 'date') return { code: 'validation.dateInvalid' };
      if (issue.expected === 'boolean') return { code: 'validation.yesOrNo' };
      if (issue.expected === 'string') return { code: 'validation.textExpected' };
      if (issue.expected === 'array') return { code: 'validation.choiceInvalid' };
      return { code: 'dataNotValid' };
    case 'too_small': {
      const params = { min: bound(issue.minimum) };
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? { code: 'required' } : { code: 'validation.textMin', params };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'validation.itemsMin', params };
      if (issue.origin === 'date') return { code: 'validation.dateInvalid' };
      return { code: issue.inclusive === false ? 'validation.numberAbove' : 'validation.numberMin', params };
    }
    case 'too_big': {
      const params = { max: bound(issue.maximum) };
      if (issue.origin === 'string') return { code: 'validation.textMax', params };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'validation.itemsMax', params };
      if (issue.origin === 'date') return { code: 'validation.dateInvalid' };
      return { code: issue.inclusive === false ? 'validation.numberBelow' : 'validation.numberMax', params };
    }
    case 'invalid_value':
      return { code: 'validation.choiceInvalid' };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'emailInvalid' };
      if (issue.format === 'url') return { code: 'validation.linkInvalid' };
      if (['date', 'datetime', 'time', 'duration'].includes(issue.format))
        return { code: 'validation.dateInvalid' };
      return { code: 'validation.formatInvalid' };
    case 'not_multiple_of':
      return { code: 'validation.multipleOf', params: { step: bound(issue.divisor) } };
    case 'unrecognized_keys':
      return { code: 'validation.unknownField' };
    default:
      return { code: 'dataNotValid' };
  }
}

/** The English text of a generic rule. */
export function ruleText({ code, params }: ValidationRule): string {
  const template = code.startsWith('validation.')
    ? V[code.slice('validation.'.length) as ValidationMessageKey]
    : MESSAGES[code as 'required' | 'dataNotValid' | 'emailInvalid'];
  return params ? fillMessage(template, params) : template;
}

/**
 * The message of a rule whose schema names none, instead of zod's own English ("Invalid input: expected
 * number, received NaN"): what the rule wants, with its limit.
 */
export function validationMessage(issue: Issue): string {
  if (issue.code === 'invalid_union') {
    // The rule of the branch the value came closest to; a union of fixed values is a choice.
    const specific = issue.errors
      .flat()
      .find((inner) => inner.code !== 'invalid_type' && inner.code !== 'invalid_value');
    return specific?.message ?? V.choiceInvalid;
  }
  return ruleText(validationRule(issue));
}
