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

/**
 * The message of a rule whose schema names none, instead of zod's own English ("Invalid input: expected
 * number, received NaN"): what the rule wants, with its limit.
 */
export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(issue.input)) return MESSAGES.required;
      if (issue.expected === 'int') return V.wholeNumberExpected;
      if (issue.expected === 'number' || issue.expected === 'bigint') return V.numberExpected;
      if (issue.expected === 'date') return V.dateInvalid;
      if (issue.expected === 'boolean') return V.yesOrNo;
      if (issue.expected === 'string') return V.textExpected;
      if (issue.expected === 'array') return V.choiceInvalid;
      return MESSAGES.dataNotValid;
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? MESSAGES.required : fillMessage(V.textMin, { min });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(V.itemsMin, { min });
      if (issue.origin === 'date') return V.dateInvalid;
      return fillMessage(issue.inclusive === false ? V.numberAbove : V.numberMin, { min });
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return fillMessage(V.textMax, { max });
      if (issue.origin === 'array' || issue.origin === 'set') return fillMessage(V.itemsMax, { max });
      if (issue.origin === 'date') return V.dateInvalid;
      return fillMessage(issue.inclusive === false ? V.numberBelow : V.numberMax, { max });
    }
    case 'invalid_value':
      return V.choiceInvalid;
    case 'invalid_union': {
      // The rule of the branch the value came closest to; a union of fixed values is a choice.
      const specific = issue.errors
        .flat()
        .find((inner) => inner.code !== 'invalid_type' && inner.code !== 'invalid_value');
      return specific?.message ?? V.choiceInvalid;
    }
    case 'invalid_format':
      if (issue.format === 'email') return MESSAGES.emailInvalid;
      if (issue.format === 'url') return V.linkInvalid;
      if (['date', 'datetime', 'time', 'duration'].includes(issue.format)) return V.dateInvalid;
      return V.formatInvalid;
    case 'not_multiple_of':
      return fillMessage(V.multipleOf, { step: bound(issue.divisor) });
    case 'unrecognized_keys':
      return V.unknownField;
    default:
      return MESSAGES.dataNotValid;
  }
}
