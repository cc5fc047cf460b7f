import { MESSAGES, VALIDATION_MESSAGES as V } from '@storelift/shared';
import type { ErrorMessage } from './errors.js';

/** The fields of a PostgreSQL error that node-postgres and PGlite both give. */
interface DatabaseError extends Error {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
}

/**
 * The database error inside an error: node-postgres and PGlite both put the SQLSTATE on `code`; Drizzle
 * wraps their error as the `cause` of its own.
 */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseError;
    current = current.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, or undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  return databaseErrorOf(error)?.code;
}

const INTEGER_MAX: Record<string, string> = {
  smallint: '32767',
  integer: '2147483647',
  bigint: '9223372036854775807',
};

/** The check constraints whose rule has its own message, by name. */
const CHECK_MESSAGES: Record<string, ErrorMessage> = {
  accounts_balance_check: MESSAGES.insufficientBalance,
  transactions_amount_check: MESSAGES.amountNotZero,
  payments_amount_check: MESSAGES.amountInvalid,
  bonus_grants_remaining_check: { code: 'validation.numberMin', params: { min: 0 } },
  billing_profiles_api_credits_check: { code: 'validation.numberMin', params: { min: 0 } },
};

/** The rule a value broke, read from the database's own words ("value too long for type character varying(5)"). */
function ruleOf({ code, message, detail = '' }: DatabaseError): ErrorMessage {
  if (code === '22001') {
    const max = /character varying\((\d+)\)|character\((\d+)\)/.exec(message);
    return max ? { code: 'validation.textMax', params: { max: max[1] ?? max[2]! } } : MESSAGES.dataNotValid;
  }
  if (code === '22003') {
    const type = /(smallint|integer|bigint) out of range|type (smallint|integer|bigint)/.exec(message);
    const integer = type && INTEGER_MAX[type[1] ?? type[2]!];
    if (integer) return { code: 'validation.numberMax', params: { max: integer } };
    const power = /less than 10\^(\d+)/.exec(detail);
    return power
      ? { code: 'validation.numberBelow', params: { max: `1${'0'.repeat(Number(power[1]))}` } }
      : V.valueTooLarge;
  }
  if (code === '22P02') {
    if (/type (smallint|integer|bigint)/.test(message)) return V.wholeNumberExpected;
    if (/type (numeric|real|double precision)/.test(message)) return V.numberExpected;
    return V.formatInvalid;
  }
  if (code === '22007' || code === '22008') return V.dateInvalid;
  // Invalid byte sequence (a NUL) or a character the encoding cannot hold.
  if (code === '22021' || code === '22P05') return MESSAGES.textInvalid;
  if (code.startsWith('54')) return V.valueTooLarge;
  return MESSAGES.dataNotValid;
}

/** The column a check constraint named `<table>_<column>_check` guards. */
function checkedColumn({ constraint, table }: DatabaseError): string | undefined {
  if (!constraint || !table || !constraint.startsWith(`${table}_`) || !constraint.endsWith('_check'))
    return undefined;
  return constraint.slice(table.length + 1, -'_check'.length) || undefined;
}

export interface DatabaseErrorAnswer {
  statusCode: 409 | 422;
  message: ErrorMessage;
  errors?: Record<string, ErrorMessage[]>;
}

/**
 * What a database error the checks let through means to the client, or null when it is the server's own
 * fault. Bad data (class 22: invalid text, numeric overflow, invalid byte sequence, …; class 54: a value
 * too large to handle) and a broken check constraint are the input's: 422 naming the rule the value broke
 * (read from the database's message), on the column's field when the database names it. A unique or
 * foreign-key violation is a race with another request (two sign-ups with one e-mail, a row deleted
 * meanwhile): 409.
 */
export function answerOfDatabaseError(error: unknown): DatabaseErrorAnswer | null {
  const found = databaseErrorOf(error);
  if (!found) return null;
  const state = found.code;
  if (state === '23505' || state === '23503') return { statusCode: 409, message: MESSAGES.conflict };
  let rule: ErrorMessage;
  let field = found.column;
  if (state === '23514') {
    rule = CHECK_MESSAGES[found.constraint ?? ''] ?? MESSAGES.dataNotValid;
    field ??= checkedColumn(found);
  } else if (state.startsWith('22') || state.startsWith('54')) rule = ruleOf(found);
  else return null;
  return field
    ? { statusCode: 422, message: rule, errors: { [field]: [rule] } }
    : { statusCode: 422, message: rule };
}
