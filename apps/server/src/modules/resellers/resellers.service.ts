import {
  DEFAULT_LOCALE,
  MESSAGES,
  PAGES_MESSAGES,
  RESELLER_MIN_SPENT,
  USER_MESSAGES,
  formatMoney,
  parseMoney,
  type Locale,
  type ResellerRequest,
  type ResellerRequestBody,
  type ResellerRequestStatus,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import type { Tx } from '../ledger/ledger.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import { PLAN_DEFINITIONS } from '../plans/plans.data.js';
import { syncPricetags } from '../plans/plans.repo.js';
import { notify } from '../notices/notify.js';
import { localizeText } from '../reference/reference-texts.js';
import { isStaffAccount } from '../users/staff-accounts.js';
import * as repo from './resellers.repo.js';

type RequestRow = repo.RequestRow;

const planName = (id: number | null) => PLAN_DEFINITIONS.find((plan) => plan.id === id)?.name ?? null;
/** Whether a plan is one of the reseller ladder (customer-area §4: only a manager puts a user on one). */
export const isResellerPlan = (id: number) =>
  PLAN_DEFINITIONS.some((plan) => plan.id === id && plan.is_reseller);
/** The plan an approval gives when the reviewer names none: the first of the reseller ladder. */
const DEFAULT_RESELLER_PLAN = PLAN_DEFINITIONS.find((plan) => plan.is_reseller)!.id;

/** A plan's name in a locale (the seeded names are reference texts). */
const localPlanName = (id: number | null, locale: Locale) => {
  const name = planName(id);
  return name === null ? null : localizeText(locale, name);
};

function toView(row: RequestRow, locale: Locale = DEFAULT_LOCALE): ResellerRequest {
  return {
    id: row.id,
    customer_sources: row.customer_sources,
    suppliers: row.suppliers,
    monthly_installs: row.monthly_installs,
    channels: row.channels,
    services: row.services,
    status: row.status,
    priceplan: localPlanName(row.price_plan_id, locale),
    note: row.note,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

/** `GET resellers`: the caller's latest request, their plan, and the spending criterion of §6. */
export async function resellerProgram(db: Db, userId: number, locale: Locale) {
  const [latest, profile] = await Promise.all([
    repo.latestRequestOf(db, userId),
    billingProfileOf(db, userId),
  ]);
  const spent = parseMoney(profile.total_spent);
  return {
    data: latest ? toView(latest, locale) : null,
    is_reseller: isResellerPlan(profile.price_plan_id),
    priceplan: localPlanName(profile.price_plan_id, locale) ?? '',
    criteria: {
      min_spent: formatMoney(parseMoney(RESELLER_MIN_SPENT)),
      spent: formatMoney(spent),
      meets_spent: spent > parseMoney(RESELLER_MIN_SPENT),
    },
  };
}

/**
 * `POST resellers`: a new request, one pending at a time (409 while one is; the partial unique index keeps
 * two sends at once from making two). A user already on a reseller plan has nothing to ask for (409).
 */
export async function submit(db: Db, userId: number, body: ResellerRequestBody) {
  const profile = await billingProfileOf(db, userId);
  if (isResellerPlan(profile.price_plan_id)) throw new ConflictError(PAGES_MESSAGES.resellerAlready);
  const row = await repo.insertRequest(db, {
    user_id: userId,
    customer_sources: body.customer_sources,
    suppliers: body.suppliers || null,
    monthly_installs: body.monthly_installs,
    channels: body.channels,
    services: body.services,
  });
  if (!row) throw new ConflictError(PAGES_MESSAGES.resellerPending);
  return { data: toView(row), message: PAGES_MESSAGES.resellerSent };
}

async function adminView(db: Db, id: number) {
  const row = await repo.findRequestWithUser(db, id);
  if (!row) throw new NotFoundError();
  return { data: { ...toView(row.request), user: row.user }, message: MESSAGES.actionSaved };
}

/** Staff: the requests, newest first, by status and user (the user details page passes `user_id`). */
export async function listRequests(
  db: Db,
  query: {
    status?: ResellerRequestStatus | undefined;
    user_id?: number | undefined;
    page: number;
    limit: number;
  },
) {
  const { rows, total } = await repo.pageRequests(db, query);
  return {
    data: rows.map((row) => ({ ...toView(row.request), user: row.user })),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** The request, locked, while nobody has reviewed it; nobody reviews their own (403). */
async function lockPending(tx: Tx, id: number, staffId: number) {
  const row = await repo.lockRequest(tx, id);
  if (!row) throw new NotFoundError();
  if (row.user_id === staffId) throw new ForbiddenError(PAGES_MESSAGES.resellerOwnRequest);
  if (row.status !== 'pending') throw new ConflictError(PAGES_MESSAGES.resellerReviewed);
  return row;
}

/**
 * Staff: approves a request and puts the user on a reseller plan (customer-area §4: only a manager moves a
 * user there) with its pricetags, once: the row lock makes a second approval wait and find it reviewed.
 */
export async function approve(
  db: Db,
  id: number,
  staffId: number,
  body: { priceplan_id?: number | undefined; note?: string | undefined },
) {
  const planId = body.priceplan_id ?? DEFAULT_RESELLER_PLAN;
  if (!isResellerPlan(planId))
    throw ValidationError.field('priceplan_id', PAGES_MESSAGES.resellerPlanInvalid);
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, staffId);
    // A staff account is never put on a reseller plan (docs/permissions.md, self-dealing).
    if (await isStaffAccount(tx, row.user_id)) throw new ForbiddenError(USER_MESSAGES.staffAccountMoney);
    const profile = await billingProfileOf(tx, row.user_id);
    await syncPricetags(tx, row.user_id, planId);
    const reviewed = { status: 'approved' as const, price_plan_id: planId, note: body.note || null };
    await repo.updateRequest(tx, id, { ...reviewed, reviewed_by: staffId, reviewed_at: new Date() });
    await audit(tx, {
      action: 'resellers.approve',
      target: { type: 'reseller_request', id, userId: row.user_id },
      before: { status: row.status, priceplan_id: profile.price_plan_id },
      after: { status: 'approved', priceplan_id: planId, note: reviewed.note },
    });
    await notify(tx, {
      userId: row.user_id,
      type: 'reseller',
      key: 'resellerApproved',
      params: { plan: planName(planId) ?? '' },
    });
  });
  return adminView(db, id);
}

/** Staff: rejects a request; the customer may send a new one. */
export async function reject(db: Db, id: number, staffId: number, note: string | undefined) {
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, staffId);
    await repo.updateRequest(tx, id, {
      status: 'rejected',
      note: note || null,
      reviewed_by: staffId,
      reviewed_at: new Date(),
    });
    await audit(tx, {
      action: 'resellers.reject',
      target: { type: 'reseller_request', id, userId: row.user_id },
      before: { status: row.status },
      after: { status: 'rejected', note: note || null },
    });
    await notify(tx, { userId: row.user_id, type: 'reseller', key: 'resellerRejected' });
  });
  return adminView(db, id);
}
