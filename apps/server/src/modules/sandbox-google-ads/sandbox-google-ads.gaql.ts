import { badRequest } from './sandbox-google-ads.errors.js';

/*
 * A small reader of the Google Ads Query Language, enough for what the Google Ads network asks:
 * `SELECT f, … FROM resource [WHERE cond AND …] [LIMIT n]` with conditions `f = v`, `f != v`, `f > v` (and >=, <,
 * <=), `f IN (v, …)`, `f NOT IN (…)` and `f BETWEEN v AND v`; values are quoted strings or numbers. Rows are flat
 * maps of field name → value, filtered here and shaped into Google's nested camelCase JSON.
 */

export type GaqlValue = string | number;
export type GaqlOperator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT IN' | 'BETWEEN';

export interface GaqlCondition {
  field: string;
  operator: GaqlOperator;
  values: GaqlValue[];
}

export interface GaqlQuery {
  fields: string[];
  resource: string;
  conditions: GaqlCondition[];
  limit: number | null;
}

/** A row: GAQL field name → its value (int64 as a decimal string, as Google's JSON writes it). */
export type GaqlRow = Record<string, unknown>;

const queryError = (code: string, message: string) => badRequest('queryError', code, message);

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'symbol'; text: string };

const SPACE = /\s*/y;
const TOKEN =
  /(?:(?<word>[A-Za-z_][\w.]*)|'(?<single>(?:[^'\\]|\\.)*)'|"(?<double>(?:[^"\\]|\\.)*)"|(?<number>-?\d+(?:\.\d+)?)|(?<symbol>!=|>=|<=|[=<>(),]))/y;

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.exec(query);
    at = SPACE.lastIndex;
    if (at >= query.length) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(query);
    if (!match?.groups)
      throw queryError('BAD_SYMBOL', `Error in query: unexpected input ${query.slice(at, at + 20)}.`);
    const { word, single, double, number, symbol } = match.groups;
    if (word !== undefined) tokens.push({ kind: 'word', text: word });
    else if (single !== undefined || double !== undefined)
      tokens.push({ kind: 'string', text: (single ?? double)!.replace(/\\(.)/g, '$1') });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else tokens.push({ kind: 'symbol', text: symbol! });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

/** Reads a GAQL query into its parts; a query it cannot read is Google's `queryError`. */
export function parseGaql(query: string): GaqlQuery {
  const tokens = tokenize(query);
  let at = 0;
  const peek = () => tokens[at];
  const keyword = (text: string) => {
    const token = peek();
    if (token?.kind === 'word' && token.text.toUpperCase() === text) {
      at++;
      return true;
    }
    return false;
  };
  const field = () => {
    const token = tokens[at++];
    if (token?.kind !== 'word') throw queryError('BAD_FIELD_NAME', 'Error in query: expected a field name.');
    return token.text;
  };
  const value = (): GaqlValue => {
    const token = tokens[at++];
    if (token?.kind === 'string') return token.text;
    if (token?.kind === 'number') return Number(token.text);
    throw queryError('BAD_VALUE', 'Error in query: expected a value.');
  };
  const symbol = (text: string) => {
    if (peek()?.kind === 'symbol' && peek()!.text === text) {
      at++;
      return true;
    }
    return false;
  };

  if (!keyword('SELECT')) throw queryError('EXPECTED_SELECT', "Error in query: expected 'SELECT'.");
  const fields = [field()];
  while (symbol(',')) fields.push(field());
  if (!keyword('FROM')) throw queryError('EXPECTED_FROM', "Error in query: expected 'FROM'.");
  const resource = field();
  const conditions: GaqlCondition[] = [];
  if (keyword('WHERE')) {
    do {
      const name = field();
      let operator: GaqlOperator;
      const token = peek();
      if (token?.kind === 'symbol' && ['=', '!=', '>', '>=', '<', '<='].includes(token.text)) {
        at++;
        conditions.push({ field: name, operator: token.text as GaqlOperator, values: [value()] });
        continue;
      }
      if (keyword('BETWEEN')) {
        const from = value();
        if (!keyword('AND')) throw queryError('EXPECTED_AND', "Error in query: expected 'AND' in BETWEEN.");
        conditions.push({ field: name, operator: 'BETWEEN', values: [from, value()] });
        continue;
      }
      if (keyword('NOT')) {
        if (!keyword('IN')) throw queryError('BAD_OPERATOR', 'Error in query: unsupported operator.');
        operator = 'NOT IN';
      } else if (keyword('IN')) operator = 'IN';
      else throw queryError('BAD_OPERATOR', 'Error in query: unsupported operator.');
      if (!symbol('(')) throw queryError('EXPECTED_LIST', 'Error in query: expected a list after IN.');
      const values = [value()];
      while (symbol(',')) values.push(value());
      if (!symbol(')')) throw queryError('EXPECTED_LIST', "Error in query: expected ')'.");
      conditions.push({ field: name, operator, values });
    } while (keyword('AND'));
  }
  let limit: number | null = null;
  if (keyword('LIMIT')) {
    const token = tokens[at++];
    if (token?.kind !== 'number' || !/^\d{1,9}$/.test(token.text) || Number(token.text) < 1)
      throw queryError('BAD_LIMIT_VALUE', 'Error in query: the LIMIT must be a positive integer.');
    limit = Number(token.text);
  }
  if (at < tokens.length)
    throw queryError('UNEXPECTED_INPUT', `Error in query: unexpected input ${tokens[at]!.text}.`);
  return { fields, resource, conditions, limit };
}

const sameValue = (a: unknown, b: GaqlValue) => a !== undefined && a !== null && String(a) === String(b);

/** Orders two values: numerically when both read as numbers, else as text (dates compare as text). */
function compare(a: unknown, b: GaqlValue): number {
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && a !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Whether a row meets every condition. */
export function matches(row: GaqlRow, conditions: GaqlCondition[]): boolean {
  return conditions.every(({ field, operator, values }) => {
    const actual = row[field];
    switch (operator) {
      case '=':
        return sameValue(actual, values[0]!);
      case '!=':
        return !sameValue(actual, values[0]!);
      case 'IN':
        return values.some((each) => sameValue(actual, each));
      case 'NOT IN':
        return !values.some((each) => sameValue(actual, each));
      case 'BETWEEN':
        return compare(actual, values[0]!) >= 0 && compare(actual, values[1]!) <= 0;
      case '>':
        return compare(actual, values[0]!) > 0;
      case '>=':
        return compare(actual, values[0]!) >= 0;
      case '<':
        return compare(actual, values[0]!) < 0;
      case '<=':
        return compare(actual, values[0]!) <= 0;
    }
  });
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A row as Google's JSON answers it: the selected fields nested by their dotted names in camelCase, with each
 * selected resource's `resourceName` (segments and metrics have none); a field without a value is left out.
 */
export function shapeRow(row: GaqlRow, fields: string[]): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  const put = (path: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const parts = path.split('.').map(camel);
    let node = shaped;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = value;
  };
  for (const field of fields) {
    const [resource] = field.split('.');
    if (resource !== 'segments' && resource !== 'metrics')
      put(`${resource}.resource_name`, row[`${resource}.resource_name`]);
    put(field, row[field]);
  }
  return shaped;
}

/** The response's `fieldMask`: the selected fields in camelCase, comma-separated. */
export const fieldMaskOf = (fields: string[]) =>
  fields.map((field) => field.split('.').map(camel).join('.')).join(',');
