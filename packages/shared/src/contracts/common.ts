import { z } from 'zod';

/** Paging meta of every list response. */
export const pageMetaSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The error body of 4xx/5xx answers: a message and, for 422, messages per field. Beside them the message's
 * code and values (docs/contract.md, "Error codes"), and per field the same in `error_codes`, so a client
 * writes them in its own language; "1062" is the spec's code of a duplicate CPI account ID key
 * (staff-admin §5). The server's schema (route-schemas.ts) lists the codes.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  status: z.string().optional(),
  code: z.string().optional(),
  params: errorParamsSchema.optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  error_codes: z
    .record(z.string(), z.array(z.object({ code: z.string(), params: errorParamsSchema.optional() })))
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Query values of a paged list; `limit` 0 means "all" where a route allows it. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const sortDirectionSchema = z.enum(['asc', 'desc']);
