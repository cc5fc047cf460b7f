import { z } from 'zod';
import { text } from '../rules/text.js';

/** Maintenance mode: while enabled, everyone but admins is answered 503 "Maintenance is in progress". */
export const maintenanceSchema = z.object({
  enabled: z.boolean(),
  /** Staff's note on why and until when; not shown to customers. */
  message: z.string().nullable(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** `PUT maintenance` (admin): switch it; a blank or absent message clears the note. */
export const maintenanceBodySchema = z.object({
  enabled: z.boolean(),
  message: text({ max: 500, multiline: true }).nullish(),
});
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;

export const maintenanceResponseSchema = z.object({
  data: maintenanceSchema,
  message: z.string().optional(),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;
