import { z } from 'zod';
import { CAMPAIGN_FILTER_TABS } from '../constants/domain.js';
import { moneySchema } from './billing.js';
import { campaignSchema } from './campaigns.js';

/** `GET widgets/campaigns` (customer-area §2 Dashboard, §7): the caller's own campaigns at a glance. */
export const campaignsWidgetResponseSchema = z.object({
  data: z.object({
    /** Campaigns per status tab, as `GET campaigns` counts them (`all` leaves archived ones out). */
    counts: z.record(z.enum(CAMPAIGN_FILTER_TABS), z.number().int()),
    /** Up to {@link WIDGET_RUNNING_LIMIT} campaigns in a running status, newest first. */
    running: z.array(campaignSchema),
    /** What the caller's campaigns cost in the last {@link WIDGET_SPENT_DAYS} days: charges less refunds (4 places). */
    spent: moneySchema,
  }),
});
export type CampaignsWidgetResponse = z.infer<typeof campaignsWidgetResponseSchema>;
export type CampaignsWidget = CampaignsWidgetResponse['data'];
