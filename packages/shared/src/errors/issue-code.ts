import type { z } from 'zod';
import { validationRule, ruleText } from '../rules/validation-messages.js';
import {
  codeOfText,
  ERROR_CODES,
  isErrorCode,
  messageOf,
  type CodedMessage,
  type ErrorParams,
} from './codes.js';

/** The values a generic rule could have filled a schema's own template with (`.max(20, tooLong)`). */
function limitsOf(issue: z.core.$ZodIssue): ErrorParams | undefined {
  const bound = (value: unknown) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  if (issue.code === 'too_small') return { min: bound(issue.minimum) };
  if (issue.code === 'too_big') return { max: bound(issue.maximum) };
  if (issue.code === 'not_multiple_of') return { step: bound(issue.divisor) };
  return undefined;
}

/**
 * The code and values of a failed zod rule, read from the issue itself, never from its text: a custom issue
 * names its code (`params: { code, ...values }`); a schema's constant message is a catalog text; a template
 * a schema filled with the rule's own limit is found by filling; any other rule is one of the generic rules.
 */
export function issueCode(issue: z.core.$ZodIssue): CodedMessage {
  if (issue.code === 'custom' && isErrorCode(issue.params?.code)) {
    const { code, ...params } = issue.params as ErrorParams & { code: CodedMessage['code'] };
    return Object.keys(params).length ? { code, params } : { code };
  }
  const constant = codeOfText(issue.message);
  if (constant) return { code: constant };
  if (issue.code === 'invalid_union') {
    // The message is the rule of the branch the value came closest to (validationMessage).
    const specific = issue.errors
      .flat()
      .find((inner) => inner.code !== 'invalid_type' && inner.code !== 'invalid_value');
    return specific ? issueCode(specific) : { code: 'validation.choiceInvalid' };
  }
  const params = limitsOf(issue);
  if (params) {
    // The final issue keeps no input, so an empty value's "required" was found above by its text.
    const rule = validationRule({ ...issue, input: 0 } as never);
    if (rule.params && ruleText(rule) === issue.message) return { code: rule.code, params: rule.params };
    const code = ERROR_CODES.find((candidate) => messageOf(candidate, params) === issue.message);
    if (code) return { code, params };
  }
  return { code: 'dataNotValid' };
}
