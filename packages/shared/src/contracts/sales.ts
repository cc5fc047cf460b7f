import { z } from 'zod';
import { countryRule } from '../rules/auth.js';
import { text } from '../rules/text.js';
import { moneySchema } from './billing.js';
import { pageMetaSchema, pageQuerySchema } from './common.js';
import {
  MANAGER_REQUEST_STATUSES,
  SALES_NOTE_MAX,
  SALES_STATUSES,
  type SalesStatus,
} from '../constants/sales.js';

const idRule = z.coerce.number().int().positive().max(2_147_483_647);
/** A filter id where 0 (the default) means all (staff-admin §3). */
const allOrId = z.coerce.number().int().min(0).max(2_147_483_647).default(0);
const dayRule = z.iso.date();

const personSchema = z.object({ id: z.number().int(), nickname: z.string(), email: z.string() });

/** `GET sales-reports` (My clients): `manager_id` only counts for staff who see every manager's clients. */
export const salesClientsQuerySchema = pageQuerySchema.extend({
  manager_id: allOrId,
  priceplan_id: allOrId,
  status: z.enum(SALES_STATUSES).optional(),
});
/** What the web sends (0 or none = all). */
export interface SalesClientsQuery {
  manager_id?: number;
  priceplan_id?: number;
  status?: SalesStatus;
  page?: number;
  limit?: number;
}
export const salesExportQuerySchema = salesClientsQuerySchema.omit({ page: true, limit: true });

export const salesClientSchema = personSchema.extend({
  full_name: z.string(),
  country: z.string(),
  priceplan: z.string(),
  manager: personSchema.nullable(),
  created_at: z.string(),
  total_payments: moneySchema,
  total_spent: moneySchema,
  status: z.enum(SALES_STATUSES),
  note: z.string(),
  status_updated_at: z.string().nullable(),
});
export type SalesClient = z.infer<typeof salesClientSchema>;
export const salesClientListSchema = z.object({ data: z.array(salesClientSchema), meta: pageMetaSchema });
export type SalesClientList = z.infer<typeof salesClientListSchema>;

export const changeSalesStatusBodySchema = z.object({ user_id: idRule, status: z.enum(SALES_STATUSES) });
export type ChangeSalesStatusBody = z.input<typeof changeSalesStatusBodySchema>;
export const changeHistoryNoteBodySchema = z.object({
  user_id: idRule,
  note: text({ max: SALES_NOTE_MAX, multiline: true }),
});
export type ChangeHistoryNoteBody = z.input<typeof changeHistoryNoteBodySchema>;
export const salesClientResponseSchema = z.object({ data: salesClientSchema, message: z.string() });
export type SalesClientResponse = z.infer<typeof salesClientResponseSchema>;

/** `GET sales-reports/history`: a client's status and note changes, newest first. */
export const salesHistoryQuerySchema = pageQuerySchema.extend({ user_id: idRule });
export const salesHistoryEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(SALES_STATUSES),
  note: z.string(),
  author: personSchema.nullable(),
  created_at: z.string(),
});
export type SalesHistoryEntry = z.infer<typeof salesHistoryEntrySchema>;
export const salesHistorySchema = z.object({ data: z.array(salesHistoryEntrySchema), meta: pageMetaSchema });
export type SalesHistory = z.infer<typeof salesHistorySchema>;

/** `GET sales-reports/new-clients`: users without a manager, open personal-manager requests first. */
export const newClientsQuerySchema = pageQuerySchema;
export const newClientSchema = personSchema.extend({
  full_name: z.string(),
  country: z.string(),
  priceplan: z.string(),
  created_at: z.string(),
  /** When the client asked for a personal manager (an open request), else null. */
  requested_at: z.string().nullable(),
});
export type NewClient = z.infer<typeof newClientSchema>;
export const newClientListSchema = z.object({ data: z.array(newClientSchema), meta: pageMetaSchema });
export type NewClientList = z.infer<typeof newClientListSchema>;
export const changeManagerBodySchema = z.object({ user_id: idRule, manager_id: idRule });
export type ChangeManagerBody = z.input<typeof changeManagerBodySchema>;

/** The statistics tabs: a period (days, inclusive) and, for staff who see everyone, a manager (0 = all). */
export const salesPeriodQuerySchema = z.object({
  manager_id: allOrId,
  from: dayRule.optional(),
  to: dayRule.optional(),
});
export interface SalesPeriodQuery {
  manager_id?: number;
  from?: string;
  to?: string;
}
export const salesByStatusSchema = z.object({
  data: z.array(z.object({ status: z.enum(SALES_STATUSES), clients: z.number().int() })),
});
export type SalesByStatus = z.infer<typeof salesByStatusSchema>;
export const salesByPaymentsSchema = z.object({
  data: z.array(z.object({ paysystem: z.string(), payments: z.number().int(), amount: moneySchema })),
});
export type SalesByPayments = z.infer<typeof salesByPaymentsSchema>;
export const salesTotalsSchema = z.object({
  data: z.object({
    total_clients: z.number().int(),
    /** Clients with a credited payment in the period. */
    active_clients: z.number().int(),
    /** Credited payments in the period. */
    payments_committed: z.number().int(),
    /** What those payments brought. */
    payments_total: moneySchema,
  }),
});
export type SalesTotalsResponse = z.infer<typeof salesTotalsSchema>;
export type SalesTotals = z.infer<typeof salesTotalsSchema>['data'];
export const lastPaymentsQuerySchema = salesPeriodQuerySchema.extend(pageQuerySchema.shape);
export const lastPaymentSchema = z.object({
  id: z.number().int(),
  user: personSchema,
  paysystem: z.string(),
  amount: moneySchema,
  credited_at: z.string(),
});
export type LastPayment = z.infer<typeof lastPaymentSchema>;
export const lastPaymentListSchema = z.object({ data: z.array(lastPaymentSchema), meta: pageMetaSchema });
export type LastPaymentList = z.infer<typeof lastPaymentListSchema>;

/** `GET clients-report` (staff-admin §3): every client, filters 0 = all, id descending. */
export const clientsReportQuerySchema = pageQuerySchema.extend({
  country: z.union([z.literal('').transform(() => undefined), countryRule]).optional(),
  manager_id: allOrId,
  priceplan_id: allOrId,
});
export interface ClientsReportQuery {
  country?: string;
  manager_id?: number;
  priceplan_id?: number;
  page?: number;
  limit?: number;
}
export const clientsReportExportQuerySchema = clientsReportQuerySchema.omit({ page: true, limit: true });
export const clientsReportRowSchema = personSchema.extend({
  country: z.string(),
  manager: personSchema.nullable(),
  priceplan: z.string(),
  created_at: z.string(),
  total_payments: moneySchema,
  total_spent: moneySchema,
});
export type ClientsReportRow = z.infer<typeof clientsReportRowSchema>;
export const clientsReportSchema = z.object({ data: z.array(clientsReportRowSchema), meta: pageMetaSchema });
export type ClientsReport = z.infer<typeof clientsReportSchema>;

/** Customer `GET managers`: the managers, the caller's own and their open request. */
export const personalManagerSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  messenger_type: z.string().nullable(),
  messenger_id: z.string().nullable(),
});
export type PersonalManager = z.infer<typeof personalManagerSchema>;
export const managerRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(MANAGER_REQUEST_STATUSES),
  created_at: z.string(),
});
export type ManagerRequest = z.infer<typeof managerRequestSchema>;
export const customerManagersSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), full_name: z.string(), avatar: z.string().nullable() })),
  mine: personalManagerSchema.nullable(),
  request: managerRequestSchema.nullable(),
});
export type CustomerManagers = z.infer<typeof customerManagersSchema>;
export const managerRequestResponseSchema = z.object({ data: managerRequestSchema, message: z.string() });
export type ManagerRequestResponse = z.infer<typeof managerRequestResponseSchema>;
