import {
  PAYMENT_SYSTEMS,
  formatMoney,
  parseMoney,
  type MessageKey,
  type Payment,
  type Paysystem,
} from '@storelift/shared';

/** The amount as the API takes it ("500", "12.5"), or null when it is not a positive amount with ≤ 2 decimals. */
export function normalizeAmount(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  if (parseMoney(trimmed) <= 0n) return null;
  return trimmed.replace(/^0+(?=\d)/, '');
}

/** Why the amount cannot be paid with the method (a MESSAGES key, as the server would say), or null. */
export function amountProblem(text: string, system: Paysystem | undefined): MessageKey | null {
  const amount = normalizeAmount(text);
  if (!amount) return text.trim() === '' ? 'required' : 'amountInvalid';
  if (!system) return null;
  const value = parseMoney(amount);
  if (value < parseMoney(system.min_amount)) return 'amountBelowMin';
  if (value > parseMoney(system.max_amount)) return 'amountAboveMax';
  return null;
}

/** The method picked before the customer chooses: the card when it is offered, else the first. */
export function defaultPaysystem(systems: readonly Paysystem[]): Paysystem | undefined {
  return systems.find((system) => system.id === PAYMENT_SYSTEMS.card) ?? systems[0];
}

/** A figure of the top-up result page: its label (`result.<key>` of the money texts) and amount. */
export interface ResultFigure {
  key: 'amount' | 'total' | 'due' | 'arrived' | 'bonus' | 'requested' | 'difference';
  value: string;
}

/** What the total is called in each state: "Paid" only once credited (or refunded after). */
const TOTAL_KEYS: Record<Payment['status'], ResultFigure['key']> = {
  pending: 'due',
  received: 'arrived',
  credited: 'total',
  refunded: 'total',
  canceled: 'due',
};

/**
 * The figures that are true in the payment's state: nothing of a canceled payment was paid, a pending one
 * is still due, and a bonus is only on the way while the payment is not canceled or refunded. A payment that
 * arrived short (or over) shows what was asked and the difference (positive: missing).
 */
export function resultFigures(
  payment: Pick<Payment, 'status' | 'amount' | 'total' | 'bonus'> & Partial<Pick<Payment, 'requested_total'>>,
): ResultFigure[] {
  if (payment.status === 'canceled') return [];
  const figures: ResultFigure[] = [
    { key: 'amount', value: payment.amount },
    { key: TOTAL_KEYS[payment.status], value: payment.total },
  ];
  // A crypto payment of another amount than asked: what arrived is credited, and the difference shows.
  if (payment.requested_total) {
    const difference = parseMoney(payment.requested_total) - parseMoney(payment.total);
    figures.push(
      { key: 'requested', value: payment.requested_total },
      { key: 'difference', value: formatMoney(difference) },
    );
  }
  if (payment.status !== 'refunded' && parseMoney(payment.bonus) > 0n) {
    figures.push({ key: 'bonus', value: payment.bonus });
  }
  return figures;
}
