/**
 * The English texts of the marketing pages' rules and answers (marketing actions and the Google Ads report,
 * staff-admin §8). The web app registers them for translation under `marketing.` of the messages namespace
 * when one of those pages loads.
 */
export const MARKETING_MESSAGES = {
  actionNotFound: 'Marketing action not found',
  actionSaved: 'Marketing action saved',
  actionDeleted: 'Marketing action deleted successfully',
  actionOverlap: 'Another action of this type runs for the same audience in these dates: {{name}}',
  actionEndsBeforeStart: 'The end must be after the start',
  actionTiersRequired: 'Add at least one threshold',
  actionTiersDuplicate: 'Each threshold needs its own amount',
  actionPercentAboveLimit: 'At most {{max}} %: only an admin may give more',
  marketingSettingsSaved: 'Marketing settings saved',
  actionProductNotDiscounted:
    'Choose products that can be ordered (cost-per-install campaigns get no discount)',
  reportRowsAdded: 'All records added',
  reportFormSent: 'Form sent',
  reportRowSaved: 'Record saved',
  reportRowDeleted: 'Record deleted',
  reportFileMissing: 'Choose a CSV file',
  reportFileTooLarge: 'The file must be at most 1 MB',
  reportTooManyRows: 'The file may hold at most 5000 rows',
  reportEmpty: 'The file holds no rows',
  reportColumns: 'The first line must name the columns type, code, from, to, amount',
  reportLineInvalid: 'Line {{line}}: {{problem}}',
} as const;
export type MarketingMessageKey = keyof typeof MARKETING_MESSAGES;
