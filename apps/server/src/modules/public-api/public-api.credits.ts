import type { z } from 'zod';
import { PUBLIC_API_MESSAGES, type usageQuerySchema } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { creditsLeft, usageRows } from './public-api.repo.js';

/** The longest period the usage call lists, in days. */
const USAGE_MAX_DAYS = 92;
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `GET /api/v1/usage`: calls and credits per day and operation (newest day first) and the credits left. */
export async function usageOf(db: Db, userId: number, query: z.output<typeof usageQuerySchema>) {
  const to = query.to ?? isoDay(new Date());
  const from = query.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw ValidationError.field('from', PUBLIC_API_MESSAGES.usageFromAfterTo);
  if (days >= USAGE_MAX_DAYS) throw ValidationError.field('from', PUBLIC_API_MESSAGES.usagePeriodTooLong);
  const [rows, profile] = await Promise.all([usageRows(db, userId, from, to), creditsLeft(db, userId)]);
  return { data: rows, credits: profile ?? { free: 0, paid: 0 } };
}
