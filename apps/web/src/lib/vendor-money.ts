import { formatMoney as moneyText, toMoney, type Money } from '@storelift/shared';

/*
 * Vendors' amounts (rates per 1000, balances, thresholds) come with up to 5 decimals, as panels quote them; the
 * staff pages compare and subtract them as Money (docs/money.md), never as floats.
 */

const DECIMAL = /^(-)?(\d{1,10})(?:\.(\d+))?$/;

/** A vendor's decimal string as Money, rounded half away from zero to Money's 4 places; null when not a decimal. */
export function vendorAmount(text: string | null): Money | null {
  const match = text === null ? null : DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole, fraction = ''] = match;
  const kept = toMoney(`${sign}${whole}.${fraction.slice(0, 4) || '0'}`);
  if (kept === null) return null;
  const up = Number(fraction[4] ?? '0') >= 5 ? 1n : 0n;
  return sign ? kept - up : kept + up;
}

/** An amount per 1000 as shown: 2 decimals, or up to 4 where it has them ("0.0125", "1.50"). */
export function perThousandText(value: Money): string {
  const text = moneyText(value);
  return text.replace(/0{1,2}$/, '');
}
