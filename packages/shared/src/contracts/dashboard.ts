import { z } from 'zod';
import { APP_STORES, CAMPAIGN_FILTER_TABS } from '../constants/domain.js';
import { moneySchema } from './billing.js';
import { campaignSchema } from './campaigns.js';
import { referralSchema, referralSummarySchema } from './referrals.js';

/** How many rows each list widget of the dashboard shows. */
export const WIDGET_TOP_LIMIT = 5;
/** Days the platform-wide popular countries count back from now. */
export const WIDGET_POPULAR_DAYS = 30;

const countryRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  campaigns: z.number().int(),
  installs: z.number().int(),
});

/** `GET widgets/country/appstores` (top regions): where the caller's campaigns delivered most, per store. */
export const topRegionsWidgetResponseSchema = z.object({
  data: z.array(
    z.object({
      appstore: z.union([z.literal(APP_STORES.GOOGLE_PLAY), z.literal(APP_STORES.APP_STORE)]),
      countries: z.array(countryRowSchema),
    }),
  ),
});
export type TopRegionsWidgetResponse = z.infer<typeof topRegionsWidgetResponseSchema>;
export type TopRegionsWidget = z.infer<typeof topRegionsWidgetResponseSchema>['data'];

/** `GET widgets/country/popular`: the countries most campaigns were ordered for lately, all customers together. */
export const popularCountriesWidgetResponseSchema = z.object({
  data: z.array(countryRowSchema.extend({ share: z.number() })),
});
export type PopularCountriesWidgetResponse = z.infer<typeof popularCountriesWidgetResponseSchema>;
export type PopularCountriesWidget = z.infer<typeof popularCountriesWidgetResponseSchema>['data'];

/** `GET widgets/apps/popular`: the caller's most promoted apps. */
export const popularAppsWidgetResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      icon: z.string().nullable(),
      package: z.string(),
      appstore: z.number().int(),
      promotion_value: moneySchema,
    }),
  ),
});
export type PopularAppsWidgetResponse = z.infer<typeof popularAppsWidgetResponseSchema>;
export type PopularAppsWidget = z.infer<typeof popularAppsWidgetResponseSchema>['data'];

/** `GET widgets/referrals`: the referral summary and the referred users who spent most. */
export const referralsWidgetResponseSchema = z.object({
  data: z.object({ summary: referralSummarySchema, top: z.array(referralSchema) }),
});
export type ReferralsWidgetResponse = z.infer<typeof referralsWidgetResponseSchema>;
export type ReferralsWidget = z.infer<typeof referralsWidgetResponseSchema>['data'];

/** A post of the external blog (the configured RSS or Atom feed). */
export const blogPostSchema = z.object({
  title: z.string(),
  link: z.string(),
  published_at: z.string().nullable(),
  summary: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
/** `GET widgets/blog/external`: the newest posts; `source` says whether they come from the feed or the sample. */
export const externalBlogWidgetResponseSchema = z.object({
  data: z.array(blogPostSchema),
  source: z.enum(['feed', 'sample']),
});
export type ExternalBlogWidget = z.infer<typeof externalBlogWidgetResponseSchema>;

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
