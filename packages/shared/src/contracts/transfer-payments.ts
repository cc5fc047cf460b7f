import { z } from 'zod';
import { PAYMENT_SYSTEMS } from '../constants/domain.js';
import { text } from '../rules/text.js';
import { TRANSFER_PAYMENT_MESSAGES as M } from '../rules/transfer-payment-messages.js';
import { paymentSchema } from './billing.js';

// Paying by transfer (customer-area §3: bank transfer 3, Payoneer 19, Wise 36): the customer transfers the
// exact total to our account with a reference; statements reconcile it (docs/money.md, Paying by transfer).

/** The systems paid by a transfer with a reference, in the order the settings page shows them. */
export const TRANSFER_PAYSYSTEMS = [
  PAYMENT_SYSTEMS.bankTransfer,
  PAYMENT_SYSTEMS.wise,
  PAYMENT_SYSTEMS.payoneer,
] as const;
export type TransferPaysystemId = (typeof TRANSFER_PAYSYSTEMS)[number];
export const isTransferPaysystem = (id: number): id is TransferPaysystemId =>
  (TRANSFER_PAYSYSTEMS as readonly number[]).includes(id);

/** Days a transfer payment awaits the money before it is canceled, until staff set another number. */
export const TRANSFER_EXPIRY_DAYS_DEFAULT = 14;

/** Upper case without spaces: how an IBAN or a SWIFT/BIC is compared and checked. */
const squeeze = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: the IBAN with its first four characters moved to the end, letters as 10–35, is 1 mod 97. */
export function isValidIban(value: string): boolean {
  const iban = squeeze(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = [...(iban.slice(4) + iban.slice(0, 4))]
    .map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * Our receiving account for one system. `account` is an IBAN or an account number (Wise and Payoneer: the
 * account details they give for receiving); an empty beneficiary and account leave the system unoffered.
 */
export const receivingDetailsSchema = z.object({
  beneficiary: z.string(),
  bank_name: z.string(),
  account: z.string(),
  swift: z.string(),
  routing: z.string(),
  bank_address: z.string(),
});
export type ReceivingDetails = z.infer<typeof receivingDetailsSchema>;

/** The receiving details as staff enter them: trimmed, bounded, SWIFT/BIC upper case without spaces. */
const receivingDetailsInputSchema = z.object({
  beneficiary: text({ max: 140 }),
  bank_name: text({ max: 140 }),
  account: text({ max: 64 }),
  swift: text({ max: 11 })
    .transform(squeeze)
    .refine((value) => value === '' || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), M.swiftInvalid),
  routing: text({ max: 34 }),
  bank_address: text({ max: 300, multiline: true }),
});

/** Filled enough to send money to: a beneficiary and an account. */
export const hasReceivingDetails = (details: ReceivingDetails | null | undefined) =>
  Boolean(details?.beneficiary && details.account);

/** An account that starts like an IBAN (two letters, two digits) must pass its check digits. */
const systemDetailsSchema = receivingDetailsInputSchema
  .extend({ paysystem_id: z.union(TRANSFER_PAYSYSTEMS.map((id) => z.literal(id))) })
  .superRefine((details, ctx) => {
    const filled = Object.entries(details).some(([key, value]) => key !== 'paysystem_id' && value !== '');
    if (filled && !details.beneficiary)
      ctx.addIssue({ code: 'custom', path: ['beneficiary'], message: M.beneficiaryRequired });
    if (filled && !details.account)
      ctx.addIssue({ code: 'custom', path: ['account'], message: M.accountRequired });
    if (/^[A-Z]{2}\d{2}/i.test(details.account.replace(/\s+/g, '')) && !isValidIban(details.account)) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: M.ibanInvalid });
    }
  });

/** `PUT receiving-details` (core settings): the three systems' accounts and the days a payment waits. */
export const receivingSettingsBodySchema = z.object({
  expiry_days: z.coerce
    .number({ error: M.expiryDays })
    .int(M.expiryDays)
    .min(1, M.expiryDays)
    .max(90, M.expiryDays),
  systems: z
    .array(systemDetailsSchema)
    .refine(
      (systems) =>
        systems.length === TRANSFER_PAYSYSTEMS.length &&
        TRANSFER_PAYSYSTEMS.every((id) => systems.some((system) => system.paysystem_id === id)),
      M.systemsInvalid,
    ),
});
export type ReceivingSettingsBody = z.input<typeof receivingSettingsBodySchema>;

/** The settings as stored and shown. */
export const receivingSettingsSchema = z.object({
  expiry_days: z.number().int(),
  systems: z.array(receivingDetailsSchema.extend({ paysystem_id: z.number().int() })),
});
export type ReceivingSettings = z.infer<typeof receivingSettingsSchema>;
/** `GET`/`PUT receiving-details`. */
export const receivingSettingsResponseSchema = z.object({
  data: receivingSettingsSchema,
  message: z.string().optional(),
});
export type ReceivingSettingsResponse = z.infer<typeof receivingSettingsResponseSchema>;

/** `GET payments/{id}/transfer`: the payment awaiting a transfer and where to send it. */
export const transferPaymentResponseSchema = z.object({
  data: paymentSchema,
  /** Our account for its system (as staff set it now). */
  receiving: receivingDetailsSchema,
  currency: z.string(),
});
export type TransferPaymentResponse = z.infer<typeof transferPaymentResponseSchema>;

/** `POST payments/{id}/cancel`: the canceled payment. */
export const cancelPaymentResponseSchema = z.object({ data: paymentSchema, message: z.string() });
export type CancelPaymentResponse = z.infer<typeof cancelPaymentResponseSchema>;
