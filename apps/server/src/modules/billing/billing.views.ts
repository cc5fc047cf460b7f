import {
  ACCOUNT_IDS,
  COUNTRIES,
  type AdminPayment,
  type Payment,
  type Paysystem,
  type PaymentProviderName,
  type Transaction,
} from '@storelift/shared';
import type { TransactionRow } from '../ledger/ledger.js';
import type { PaymentRow, PaymentWithNames, PaysystemRow } from './payments.repo.js';

const EUROPE = new Set(
  COUNTRIES.filter((country) => country.geo === 'europe').map((country) => country.code),
);

/** Accounts in the europe GEO group pay VAT where a payment system charges it (docs/money.md). */
export const paysVat = (country: string) => EUROPE.has(country.toUpperCase());

export function toTransactionView(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    account: row.account,
    account_id: ACCOUNT_IDS[row.account],
    amount: row.amount,
    balance_after: row.balance_after,
    reference_type: row.reference_type,
    reference_id: row.reference_id,
    description: row.description,
    description_key: row.description_key,
    description_params: row.description_params,
    by_support: row.impersonator_id !== null,
    appstore: row.appstore,
    package: row.package,
    created_at: row.created_at.toISOString(),
  };
}

/** The invoice number of a credited payment. */
export function invoiceNumber(payment: PaymentRow): string | null {
  const at = payment.credited_at;
  return at ? `INV-${at.getUTCFullYear()}-${String(payment.id).padStart(6, '0')}` : null;
}

export function toPaymentView(payment: PaymentRow, paysystemName: string): Payment {
  const credited = payment.status === 'credited' || payment.status === 'refunded';
  return {
    id: payment.id,
    paysystem_id: payment.paysystem_id,
    paysystem: { id: payment.paysystem_id, name: paysystemName },
    amount: payment.amount,
    fee: payment.fee,
    vat: payment.vat,
    total: payment.total,
    requested_total: payment.requested_total,
    bonus: payment.bonus,
    type: payment.type,
    status: payment.status,
    confirmations: payment.confirmations,
    required_confirmations: payment.required_confirmations,
    details: payment.details,
    description: payment.description,
    invoice: credited || payment.invoice_file !== null,
    invoice_number: credited ? invoiceNumber(payment) : null,
    reference: payment.reference,
    expires_at: payment.expires_at?.toISOString() ?? null,
    date: payment.created_at.toISOString(),
    created_at: payment.created_at.toISOString(),
    credited_at: payment.credited_at?.toISOString() ?? null,
  };
}

/** A payment as staff see it: with its customer and whether staff uploaded its invoice. */
export function toAdminPaymentView(row: PaymentWithNames): AdminPayment {
  return {
    ...toPaymentView(row.payment, row.paysystem_name),
    user: row.user,
    invoice_uploaded: row.payment.invoice_file !== null,
    refund_id: row.payment.refund_ref,
  };
}

export function toPaysystemView(
  row: PaysystemRow,
  provider: PaymentProviderName,
  country: string | null,
): Paysystem {
  return {
    id: row.id,
    name: row.name,
    is_active: row.is_active,
    min_amount: row.min_amount,
    max_amount: row.max_amount,
    fee: row.fee_percent,
    vat: row.vat_percent,
    vat_applies: row.vat_percent !== null && country !== null && paysVat(country),
    bonus: row.bonus,
    bonus_max_amount: row.bonus_max_amount,
    confirmations: row.confirmations,
    auth: row.auth,
    provider,
    description: row.description,
  };
}
