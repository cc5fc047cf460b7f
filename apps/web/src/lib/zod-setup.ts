import { installValidationMessages } from '@storelift/shared';

/*
 * Rules without their own message name their limit ("Must be at most 100"), translated under
 * `validation.`, instead of zod's English. Loaded with the first schema (lib/use-schema-form.ts) or by a
 * chunk that validates on its own, so zod stays off the first download.
 */
installValidationMessages();
