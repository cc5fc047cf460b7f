/** Sales statuses and limits the web reads as plain values; the sales contracts build their rules from them. */

/** A client's sales status (staff-admin §4): where the manager stands with them. */
export const SALES_STATUSES = ['new', 'contacted', 'negotiating', 'won', 'lost'] as const;
export type SalesStatus = (typeof SALES_STATUSES)[number];

/** A personal-manager request (customer-area §4): sent, then assigned once staff give a manager. */
export const MANAGER_REQUEST_STATUSES = ['sent', 'assigned'] as const;
export type ManagerRequestStatus = (typeof MANAGER_REQUEST_STATUSES)[number];

/** The longest history note. */
export const SALES_NOTE_MAX = 2000;
