import { z } from 'zod';
import { text } from '../rules/text.js';
import { CAMPAIGN_STATUSES } from '../constants/domain.js';
import { ADMIN_CAMPAIGN_SORTS } from '../constants/campaigns.js';
import { CAMPAIGN_MESSAGES } from '../rules/campaign-messages.js';
import { MESSAGES } from '../rules/messages.js';
import { appstoreQueryRule, queryFlagRule, searchTextRule } from './apps.js';
import { campaignDaySchema, campaignSchema, campaignStatusChangeSchema } from './campaigns.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/** A campaign as staff see it (user orders): the customer's view plus its owner, partner and vendor. */
export const adminCampaignSchema = campaignSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string() }),
  partner: z.string().nullable(),
  /** The vendor routing or staff gave it; null before its first start (or once that vendor was deleted). */
  vendor_id: z.number().int().nullable(),
  /**
   * Why a `pending` campaign waits (the note of its move to pending: no vendor or ad network can take it
   * yet); null in any other status.
   */
  waiting_reason: z.string().nullable(),
  /**
   * What its panel vendor orders cost us (the sum of their charges, USD) and the margin (what stays charged
   * less that cost); null when no cost is known. Admins only: a customer never sees vendors or costs.
   */
  vendor_cost: z.string().nullable(),
  margin: z.string().nullable(),
  /**
   * Details of a CPI campaign on Google Ads: where it lives there, its ad's review and the API's last refusal
   * as Google worded it (`error_kind` is what the customer is told in plain words); null before its first start.
   */
  google_ads: z
    .object({
      customer_id: z.string(),
      campaign_resource: z.string().nullable(),
      status: z.string().nullable(),
      start_date: z.string().nullable(),
      final_through: z.string().nullable(),
      approval_status: z.string().nullable(),
      review_status: z.string().nullable(),
      policy_topics: z.array(z.string()),
      error_kind: z.string().nullable(),
      error_detail: z.string().nullable(),
      error_at: z.string().nullable(),
      reported_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

export const adminCampaignResponseSchema = z.object({
  data: adminCampaignSchema,
  message: z.string().optional(),
});
export type AdminCampaignResponse = z.infer<typeof adminCampaignResponseSchema>;

/** `GET admin campaigns`: every user's campaigns. `search` matches the id, package or the owner's e-mail. */
export const adminCampaignListQuerySchema = z.object({
  status: z.enum(['all', ...CAMPAIGN_STATUSES]).default('all'),
  productType: z.coerce.number().int().min(0).max(100).optional(),
  appstore: appstoreQueryRule.optional(),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  search: searchTextRule.max(200).optional(),
  /** Only the campaigns whose customer wrote messages nobody on staff has read (the staff home links here). */
  unread: queryFlagRule.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(ADMIN_CAMPAIGN_SORTS).default('id'),
  sortType: sortDirectionSchema.default('desc'),
});
export type AdminCampaignListQuery = z.infer<typeof adminCampaignListQuerySchema>;

export const adminCampaignListResponseSchema = z.object({
  data: z.array(adminCampaignSchema),
  meta: pageMetaSchema,
});
export type AdminCampaignListResponse = z.infer<typeof adminCampaignListResponseSchema>;

/** `GET admin campaigns/{id}/<action>` query: an optional note written to the status history. */
export const adminCampaignActionQuerySchema = z.object({
  reason: text({ max: 500 }).optional(),
});

/**
 * `GET admin campaigns/{id}/start` query (staff-admin §7 "start (with params)"): besides the note, a start
 * time (ISO, more than 5 minutes ahead; the server checks it) makes the campaign delayed until then.
 */
export const adminCampaignStartQuerySchema = adminCampaignActionQuerySchema.extend({
  start_at: text({ max: 40 }).optional(),
});
export type AdminCampaignStartQuery = z.infer<typeof adminCampaignStartQuerySchema>;

const notesRule = text({ max: 20_000, multiline: true, maxMessage: CAMPAIGN_MESSAGES.campaignNotesMax });
const partnerRule = text({ max: 100 }).nullable();

/** `PUT admin campaigns/{id}`: what staff may change on any campaign (notes and partner). */
export const adminUpdateCampaignBodySchema = z
  .object({ description: notesRule.optional(), partner: partnerRule.optional() })
  .strict();
export type AdminUpdateCampaignBody = z.infer<typeof adminUpdateCampaignBodySchema>;

/** `POST admin campaigns/{id}/partners`: the partner (null or "" clears it). */
export const setPartnerBodySchema = z.object({ partner: partnerRule });
export const partnerResponseSchema = z.object({
  data: z.object({ id: z.number().int(), partner: z.string().nullable() }),
  message: z.string().optional(),
});
export type PartnerResponse = z.infer<typeof partnerResponseSchema>;

/** `PUT admin campaigns/{id}/vendor`. */
export const changeVendorBodySchema = z.object({
  vendor_id: z.number({ error: MESSAGES.dataNotValid }).int().positive().max(2_147_483_647),
});

export const statusHistoryResponseSchema = z.object({ data: z.array(campaignStatusChangeSchema) });
export type StatusHistoryResponse = z.infer<typeof statusHistoryResponseSchema>;

/** `POST admin campaigns/{id}/progress`: planned vs delivered per day (all orders summed) and per order. */
export const campaignProgressResponseSchema = z.object({
  data: z.object({
    installs_total: z.number().int(),
    installs_actual: z.number().int(),
    days: z.array(campaignDaySchema),
    orders: campaignSchema.shape.orders.unwrap(),
  }),
});
export type CampaignProgressResponse = z.infer<typeof campaignProgressResponseSchema>;
export type CampaignProgress = z.infer<typeof campaignProgressResponseSchema>['data'];
