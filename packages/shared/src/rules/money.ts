/**
 * Money in code is a bigint of ten-thousandths (the scale of `numeric(14,4)` in the database); JSON
 * carries it as a decimal string ("500.0000"). No float ever holds an amount.
 */
export type Money = bigint;

/** Ten-thousandths per unit. */
export const MONEY_SCALE = 10_000n;
const MONEY_TEXT = /^(-)?(\d{1,10})(?:\.(\d{1,4}))?$/;

/** The amount a decimal string ("12", "-0.5", "1000.2500") stands for, or null when it is not one. */
export function toMoney(text: string): Money | null {
  const match = MONEY_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, units, fraction = ''] = match;
  const value = BigInt(units!) * MONEY_SCALE + BigInt(fraction.padEnd(4, '0'));
  return sign ? -value : value;
}

/** Like {@link toMoney} for values known to be valid (database columns); throws otherwise. */
export function parseMoney(text: string): Money {
  const value = toMoney(text);
  if (value === null) throw new Error(`Not a money value: ${text}`);
  return value;
}

/** A money value as a decimal string with 4 decimals ("500.0000"), as the database writes it. */
export function formatMoney(value: Money): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / MONEY_SCALE}.${(abs % MONEY_SCALE).toString().padStart(4, '0')}`;
}

/** An amount as the shortest decimal text a form field shows and a request takes ("150", "99.5"). */
export function moneyInputText(value: Money): string {
  return formatMoney(value).replace(/\.?0+$/, '');
}

/** An amount rounded to cents with 2 decimals ("99.50"), as notices and mails quote it. */
export function centsText(value: Money): string {
  return formatMoney(roundMoney(value, 2)).slice(0, -2);
}

/** Whole units (e.g. 500n from 500), for constants. */
export function units(amount: number | bigint): Money {
  return BigInt(amount) * MONEY_SCALE;
}

/** Rounds to `decimals` places (0-4), half away from zero (2 = cents). */
export function roundMoney(value: Money, decimals: number): Money {
  const step = 10n ** BigInt(4 - decimals);
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  return value < 0n ? -rounded : rounded;
}

/** `percent` % of `value` (percent is itself money-scaled: 6 % = 6.0000), rounded half up to 4 places. */
export function percentOf(value: Money, percent: Money): Money {
  const product = value * percent;
  const divisor = 100n * MONEY_SCALE;
  const abs = product < 0n ? -product : product;
  const rounded = (abs + divisor / 2n) / divisor;
  return product < 0n ? -rounded : rounded;
}

/** The smaller of two amounts. */
export const minMoney = (a: Money, b: Money): Money => (a < b ? a : b);
/** The larger of two amounts. */
export const maxMoney = (a: Money, b: Money): Money => (a > b ? a : b);

const INPUT_TEXT = /^(-)?(\d{1,30})(?:\.(\d{1,30}))?$/;

/**
 * A typed amount ("12", "-0.5", "12.3500") read exactly, or null when it is not a plain decimal or has
 * more than `decimals` places once trailing zeros are dropped ("12.3500" has 2). Not bounded: the
 * caller checks the range (see `MONEY_INPUT_MAX`).
 */
export function readMoneyInput(text: string, decimals: number): Money | null {
  const match = INPUT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const places = fraction.replace(/0+$/, '');
  if (places.length > Math.min(decimals, 4)) return null;
  const value = BigInt(whole!) * MONEY_SCALE + BigInt(places.padEnd(4, '0'));
  return sign ? -value : value;
}
