import { z } from 'zod';
import { MESSAGES } from '../rules/messages.js';
import { text } from '../rules/text.js';
import { moneySchema } from './billing.js';
import { pageMetaSchema, pageQuerySchema } from './common.js';

// Reconciliation (staff): statements uploaded from the bank (camt.053), Wise and Payoneer, their lines matched
// to transfer payments by reference, the rest assigned or ignored by hand (docs/money.md, Reconciliation).

export const STATEMENT_FORMATS = ['camt053', 'wise', 'payoneer'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_LINE_STATES = [
  'credited',
  'unmatched',
  'assigned',
  'ignored',
  'debit',
  'foreign',
] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];
/** The largest statement accepted (a month of a busy account's camt.053 is a few MB). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** `POST reconciliation/statements?format=`: the format, or detected from the file when left out. */
export const uploadStatementQuerySchema = z.object({ format: z.enum(STATEMENT_FORMATS).optional() });

const personSchema = z.object({ id: z.number().int(), email: z.string() });

export const statementSchema = z.object({
  id: z.number().int(),
  format: z.enum(STATEMENT_FORMATS),
  file_name: z.string(),
  /** Lines the file had, and of them those never uploaded before. */
  lines: z.number().int(),
  new_lines: z.number().int(),
  uploaded_by: personSchema.nullable(),
  created_at: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

/** What an upload did with the new lines. */
export const statementSummarySchema = z.object({
  credited: z.number().int(),
  unmatched: z.number().int(),
  debit: z.number().int(),
  foreign: z.number().int(),
  /** Lines uploaded before (nothing done with them again). */
  known: z.number().int(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const uploadStatementResponseSchema = z.object({
  data: statementSchema,
  summary: statementSummarySchema,
  message: z.string(),
});
export type UploadStatementResponse = z.infer<typeof uploadStatementResponseSchema>;

export const statementListQuerySchema = pageQuerySchema;
export const statementListResponseSchema = z.object({ data: z.array(statementSchema), meta: pageMetaSchema });
export type StatementListResponse = z.infer<typeof statementListResponseSchema>;

export const statementLineSchema = z.object({
  id: z.number().int(),
  statement_id: z.number().int(),
  entry_id: z.string(),
  booked_on: z.string().nullable(),
  direction: z.enum(['credit', 'debit']),
  amount: moneySchema,
  currency: z.string(),
  text: z.string(),
  counterparty: z.string().nullable(),
  state: z.enum(STATEMENT_LINE_STATES),
  /** The payment it credited, with its payer. */
  payment: z
    .object({ id: z.number().int(), reference: z.string().nullable(), user: personSchema })
    .nullable(),
  /** What arrived less what the payment asked for, when they differ. */
  difference: moneySchema.nullable(),
  ignore_reason: z.string().nullable(),
  resolved_by: personSchema.nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type StatementLineView = z.infer<typeof statementLineSchema>;

/** `GET reconciliation/lines`: the lines of one statement, or (no statement) those in one state. */
export const statementLineListQuerySchema = pageQuerySchema.extend({
  statement_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  state: z.enum(STATEMENT_LINE_STATES).optional(),
});
export const statementLineListResponseSchema = z.object({
  data: z.array(statementLineSchema),
  meta: pageMetaSchema,
});
export type StatementLineListResponse = z.infer<typeof statementLineListResponseSchema>;

/** `GET reconciliation/candidates?search=`: open transfer payments by reference or amount, users by e-mail. */
export const reconciliationCandidatesQuerySchema = z.object({ search: text({ min: 1, max: 100 }) });
export const openTransferPaymentSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  paysystem_id: z.number().int(),
  total: moneySchema,
  currency: z.string(),
  status: z.string(),
  created_at: z.string(),
  user: personSchema,
});
export type OpenTransferPayment = z.infer<typeof openTransferPaymentSchema>;
export const reconciliationCandidatesResponseSchema = z.object({
  payments: z.array(openTransferPaymentSchema),
  users: z.array(personSchema.extend({ nickname: z.string() })),
});
export type ReconciliationCandidates = z.infer<typeof reconciliationCandidatesResponseSchema>;

const idRule = z.coerce.number().int().positive().max(2_147_483_647);

/** `POST reconciliation/lines/{id}/assign`: to an open transfer payment, or as a new payment of a user. */
export const assignLineBodySchema = z
  .object({ payment_id: idRule.optional(), user_id: idRule.optional() })
  .refine((body) => (body.payment_id === undefined) !== (body.user_id === undefined), {
    path: ['payment_id'],
    message: MESSAGES.required,
  });
export type AssignLineBody = z.input<typeof assignLineBodySchema>;

/** `POST reconciliation/lines/{id}/ignore`: why (required). */
export const ignoreLineBodySchema = z.object({ reason: text({ min: 1, max: 500, multiline: true }) });
export type IgnoreLineBody = z.input<typeof ignoreLineBodySchema>;

export const statementLineResponseSchema = z.object({ data: statementLineSchema, message: z.string() });
export type StatementLineResponse = z.infer<typeof statementLineResponseSchema>;
