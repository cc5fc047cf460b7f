import { z } from 'zod';

/**
 * `GET home` (staff): what needs staff today, one count per list. A count is null when the caller may not
 * open the list it counts (the list's own permission, checked from the database grants).
 */
export const staffHomeResponseSchema = z.object({
  data: z.object({
    /** Payments received and not yet credited (user payments, status received). */
    payments_awaiting: z.number().int().nullable(),
    /** Charged campaigns no vendor or ad network can take yet (user orders, waiting for a vendor). */
    campaigns_waiting: z.number().int().nullable(),
    /** Payment callbacks refused or failing in the last 24 hours (operations). */
    failed_callbacks: z.number().int().nullable(),
    /** Customers without a personal manager (sales report, new clients). */
    new_clients: z.number().int().nullable(),
    /** Customers' campaign messages no staff member has read (user orders). */
    unread_messages: z.number().int().nullable(),
    /** Referral payout requests waiting to be paid out. */
    pending_payouts: z.number().int().nullable(),
    /** Bonus program submissions waiting for review. */
    pending_bonus: z.number().int().nullable(),
    /** Contact-form messages nobody handled yet. */
    new_contact_messages: z.number().int().nullable(),
  }),
});
export type StaffHomeResponse = z.infer<typeof staffHomeResponseSchema>;
export type StaffHomeCounts = StaffHomeResponse['data'];
