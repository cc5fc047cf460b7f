import { issueCode } from '@storelift/shared';
import type { z } from 'zod';
import type { ErrorCodeOf } from './api';

/*
 * The code and values of a form's refusal, read from the zod issue itself (its rule and bound, or the code a custom
 * rule names), never from its text: the form writes it in the interface language by that code. Loaded with a form's
 * schema (use-schema-form.ts): the catalog of codes holds every message set, which the public pages' entry must not.
 */
export function codeOfIssue(issue: unknown): ErrorCodeOf {
  return issueCode(issue as z.core.$ZodIssue);
}
