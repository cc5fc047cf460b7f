import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt } from './columns.js';
import { campaigns } from './campaigns.js';
import { vendors } from './vendors.js';

/**
 * A campaign handed to an HTTP vendor (providers/vendor/README.md). `state` is what the vendor was last
 * told: `new` (not placed yet), `running`, `paused`, `canceling` (to be canceled there: the campaign ended
 * or moved to another vendor) and `closed`. The delivery tick brings the vendor in line with the campaign.
 * Campaigns of the embedded sandbox have no row.
 */
export const vendorPlacements = pgTable(
  'vendor_placements',
  {
    id: identityId(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    vendor_id: integer('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** The vendor's reference of the order, once placed. */
    ref: text('ref'),
    state: text('state').notNull().default('new'),
    /** Since when the vendor has not been reachable (null = it answered last time). */
    failing_since: timestamp('failing_since', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('vendor_placements_campaign_idx').on(t.campaign_id),
    // The tick's sweep over placements still to sync.
    index('vendor_placements_open_idx')
      .on(t.id)
      .where(sql`${t.state} <> 'closed'`),
  ],
);
