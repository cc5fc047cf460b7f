import { parseMoney, type PayoutBody, type PayoutMethod } from '@storelift/shared';

/** The payout form as typed. */
export type PayoutValues = { amount: string; method: PayoutMethod; details: string };

/**
 * What "Max" puts in the amount field: the referral balance exactly as the server wrote it ("123.4600"),
 * never a float's reading of it, so the request asks for all of it to the last place.
 */
export const maxPayoutAmount = (balance: string): string => balance;

/** A payout can be asked for while the referral balance holds money. */
export const canRequestPayout = (balance: string): boolean => parseMoney(balance) > 0n;

/** The request of the payout form: the amount as text (a decimal comma read as a point), never a number. */
export function payoutBody(values: PayoutValues): PayoutBody {
  return {
    amount: values.amount.trim().replace(',', '.'),
    method: values.method,
    details: values.method === 'balance' ? undefined : values.details.trim(),
  };
}
