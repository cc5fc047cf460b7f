import { createAppBodySchema, packageIdMessage, parseStoreLink } from '@storelift/shared';

// Loaded by the add-app form on first use (lib/use-schema-form.ts), apart from ./add-app: the pages that can
// open the form do not load zod until it is used.

/**
 * The body of `POST apps` plus the id rule of the chosen store (customer-area §5), so a bad id is
 * refused on the field before the server is asked. A link is checked by what it points to.
 */
export const addAppFormSchema = createAppBodySchema.superRefine((body, ctx) => {
  const link = parseStoreLink(body.package);
  const id = link && link.appstore === body.appstore ? link.packageId : body.package.trim();
  const message = packageIdMessage(body.appstore, id);
  if (message) ctx.addIssue({ code: 'custom', path: ['package'], message });
});
