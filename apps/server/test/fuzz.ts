import fc from 'fast-check';

/*
 * Hostile values for fuzz tests: full Unicode with NUL and the other C0 controls, lone surrogates,
 * numbers past every column's range, and values of the wrong JSON type.
 */

/** One character a text rule must cope with. */
const hostileChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    '\u007f',
    '\ud800',
    '\udfff',
    '\ufffe',
    '\uffff',
    '\u202e',
    '\u00a0',
    '😀',
    '%',
    "'",
    '"',
    '\\',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

/** Texts: a plain text with a NUL or another hostile character in it, hostile characters, any Unicode, and values that look like numbers or attacks. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.oneof(fc.constant('\u0000'), hostileChar),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: hostileChar, minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'null',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e308',
    '2147483648',
    '-2147483649',
    '9223372036854775808',
    '99999999999999999999999999',
    '0x10',
    '1.5',
    "' or 1=1 --",
    '../../etc/passwd',
    'a'.repeat(3000),
    'US',
    '2025-02-30',
    '9999-12-31T23:59:59Z',
  ),
);

/** Numbers at and past the edges of int4, int8, safe integers and floats. */
export const hugeNumber: fc.Arbitrary<number> = fc.constantFrom(
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  0.1,
  -1,
  0,
);

/**
 * Random JSON without `__proto__` / `constructor` keys: Fastify's JSON parser refuses those (prototype
 * poisoning) with 400 before any route runs.
 */
export const json = (maxDepth: number) =>
  fc.jsonValue({ maxDepth }).filter((value) => !/"(__proto__|constructor)"/.test(JSON.stringify(value)));

/** A value of any JSON kind, hostile where it can be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hugeNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: json(2) },
);
