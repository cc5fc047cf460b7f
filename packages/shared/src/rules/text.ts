import { z } from 'zod';
import { fillMessage, MESSAGES } from './messages.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/*
 * Free text may hold any Unicode but C0 control characters (tab and line breaks only where a field is
 * multi-line), DEL, and lone surrogates: PostgreSQL refuses NUL outright, and the others only corrupt
 * what staff and customers read later.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule.
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above.
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text is safe to store and show: no control characters, well-formed UTF-16. */
export function isSafeText(value: string, multiline = false): boolean {
  if ((multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value)) return false;
  return !LONE_SURROGATE.test(value);
}

export interface TextOptions {
  /** Longest accepted text after trimming. */
  max: number;
  /** Shortest accepted text after trimming (1 makes the field required). */
  min?: number;
  /** Allows tab and line breaks. */
  multiline?: boolean;
  /** Message for a text over `max` (default "Must be at most {max} characters"). */
  maxMessage?: string;
  /** Message for a text under `min` (default "This field is required"). */
  minMessage?: string;
}

/**
 * The one rule for a free-text field (customer and staff alike): trimmed, bounded, and free of control
 * characters, which answer 422 "Text must not contain control characters".
 */
export function text({ max, min, multiline = false, maxMessage, minMessage }: TextOptions) {
  let rule = z.string({ error: MESSAGES.required }).trim();
  if (min !== undefined) rule = rule.min(min, minMessage ?? MESSAGES.required);
  return rule
    .max(max, maxMessage ?? fillMessage(VALIDATION_MESSAGES.textMax, { max }))
    .refine((value) => isSafeText(value, multiline), MESSAGES.textInvalid);
}
