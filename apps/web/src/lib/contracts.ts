/*
 * The shared zod schemas the web needs only now and then, loaded on demand: an error body, the version file, and
 * the forms that open in a dialog or a drawer (use-schema-form.ts loads a form's schema on its first focus).
 * Imported statically, they would bring zod and the contracts into the first load of every page that can open
 * one of those forms.
 */
export {
  accessListEntryBodySchema,
  blogPostBodySchema,
  campaignMessageBodySchema,
  changeHistoryNoteBodySchema,
  changeUserAccountBodySchema,
  cpiAccountBodySchema,
  errorResponseSchema,
  functionBodySchema,
  ignoreLineBodySchema,
  marketingActionBodySchema,
  moduleBodySchema,
  noticeTemplateBodySchema,
  paysystemBodySchema,
  reflinkBodySchema,
  roleBodySchema,
  updateAdminUserBodySchema,
  updatePaymentBodySchema,
  vendorBodySchema,
  versionResponseSchema,
  webhookEndpointBodySchema,
} from '@storelift/shared';
