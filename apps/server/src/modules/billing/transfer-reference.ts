import { randomInt } from 'node:crypto';

/*
 * The reference a customer writes on a bank transfer, Wise or Payoneer payment (docs/money.md, Paying by
 * transfer): `SL` and nine characters of an alphabet without look-alikes (no 0/O, 1/I/L, U), the last a check
 * character (Luhn mod 30), so a mistyped or swapped character is caught instead of matching someone else's.
 */

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX = 'SL';
const BODY = 8;

/** The Luhn mod N check character of `body` (every character of ALPHABET). */
function checkCharacter(body: string): string {
  const n = ALPHABET.length;
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let value = ALPHABET.indexOf(body[i]!) * (double ? 2 : 1);
    value = Math.floor(value / n) + (value % n);
    sum += value;
  }
  return ALPHABET[(n - (sum % n)) % n]!;
}

/** A new random reference, e.g. `SL7KX9T2MQ4`. */
export function newTransferReference(): string {
  let body = '';
  for (let i = 0; i < BODY; i += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return `${PREFIX}${body}${checkCharacter(body)}`;
}

/** Whether `text` (already normalized: upper case, no spaces) is a reference with the right check character. */
export function isTransferReference(text: string): boolean {
  if (text.length !== PREFIX.length + BODY + 1 || !text.startsWith(PREFIX)) return false;
  const body = text.slice(PREFIX.length, -1);
  if ([...text.slice(PREFIX.length)].some((c) => !ALPHABET.includes(c))) return false;
  return checkCharacter(body) === text.at(-1);
}

/**
 * The references inside free text (a remittance line, a Wise description): case, spaces, dashes and dots
 * between its characters do not matter ("sl 7kx9-t2mq4"). Only candidates whose check character is right count.
 */
export function referencesIn(text: string): string[] {
  const squeezed = text.toUpperCase().replace(/[\s\-./]+/g, '');
  const found = new Set<string>();
  for (let at = squeezed.indexOf(PREFIX); at !== -1; at = squeezed.indexOf(PREFIX, at + 1)) {
    const candidate = squeezed.slice(at, at + PREFIX.length + BODY + 1);
    if (isTransferReference(candidate)) found.add(candidate);
  }
  return [...found];
}
