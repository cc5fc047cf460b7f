/**
 * The English texts of the campaign and vendor rules and answers (customer-area §5, staff-admin §7).
 * Kept apart from MESSAGES so the web's first page does not carry them: the campaign pages register
 * them for translation under `campaign.` of the messages namespace (apps/web/src/lib/campaign-messages.ts).
 */
export const CAMPAIGN_MESSAGES = {
  campaignProductUnavailable: 'This product cannot be ordered here yet',
  productDisabled: 'This product is temporarily disabled',
  campaignInstallsRange: 'Installs per day must be from 5 to 5000',
  campaignDayInstallsRange: 'Installs of one day must be from 0 to 5000',
  campaignMinInstalls: 'Minimum installs should be {{minInstalls}} * {{days}}',
  campaignDaysMin: 'Days must be at least 1',
  campaignDaysMax: 'A campaign can run at most 60 days',
  campaignKeywordDaysMax: 'Keyword installs can run at most 14 days',
  campaignPlanLength: 'Give one number of installs for each day',
  campaignKeywordsMax: 'At most 50 keywords per campaign',
  campaignDateEmpty: 'Date or time is empty',
  campaignStartTooSoon: 'The delayed start must be more than 5 minutes ahead',
  campaignNotesEnglish: 'Notes must be in English',
  campaignNotesMax: 'Notes must be at most 1000 symbols',
  campaignDraftSaved: 'Saved as draft #{{id}}',
  campaignOrdered: 'Campaign ordered',
  campaignActionNotAllowed: 'This action is not allowed for a campaign in status {{status}}',
  campaignLegacy: 'Legacy campaigns cannot be edited or started',
  campaignsArchived: 'Campaigns archived',
  campaignTopUpToStart: 'Please top-up the balance to start the campaign',
  vendorInactive: 'This vendor is not active',
  vendorSaved: 'Vendor saved',
  vendorDeleted: 'Vendor deleted',
  vendorNameRequired: 'Vendor name is required',
  vendorShareRange: 'Share must be from 0 to 100 percent',
} as const;
export type CampaignMessageKey = keyof typeof CAMPAIGN_MESSAGES;
