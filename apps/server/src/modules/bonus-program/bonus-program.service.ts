import {
  BONUS_PROGRAM_RULES,
  BONUS_REWARD_OVERRIDE_FACTOR,
  BONUS_PROGRAM_TYPES,
  MESSAGES,
  USER_MESSAGES,
  formatMoney,
  parseMoney,
  percentOf,
  roundMoney,
  type BonusProgramType,
  type LedgerText,
  type BonusSubmission,
  type BonusSubmissionStatus,
  type Money,
} from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { isStaffAccount } from '../users/staff-accounts.js';
import { audit } from '../audit/audit.js';
import { credit, type Tx } from '../ledger/ledger.js';
import { largestPayment } from '../billing/payments.repo.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import * as repo from './bonus-program.repo.js';

type SubmissionRow = repo.SubmissionRow;
const money = (text: string | null) => (text === null ? null : formatMoney(parseMoney(text)));

function toView(row: SubmissionRow): BonusSubmission {
  return {
    id: row.id,
    type: row.type,
    link: row.link,
    comment: row.comment,
    status: row.status,
    reward: row.reward,
    note: row.note,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

/** The ledger line of a reward. */
export const bonusLedgerText = (type: BonusProgramType): LedgerText => ({ key: `bonusProgram.${type}` });

/** `GET users/bonus-program`: the caller's submissions and the rules of each type with their reward. */
export async function bonusProgram(db: Db, userId: number) {
  const rows = await repo.submissionsOf(db, userId);
  return {
    data: rows.map(toView),
    rules: BONUS_PROGRAM_TYPES.map((type) => {
      const rule = BONUS_PROGRAM_RULES[type];
      const mine = rows.find((row) => row.type === type);
      return {
        type,
        reward: money(rule.reward),
        percent: money(rule.percent),
        min_chars: rule.minChars,
        min_spent: money(rule.minSpent),
        online_days: rule.onlineDays,
        screenshots: rule.screenshots,
        min_minutes: rule.minMinutes,
        submission: mine ? toView(mine) : null,
      };
    }),
  };
}

/**
 * The order a success story is rewarded from: the user's largest charged campaign (what it kept charged
 * after refunds, so a canceled order counts for nothing), else the largest credited payment for a
 * customer who has not ordered yet (docs/money.md). Null when there is neither.
 */
async function largestOrder(db: Queryable, userId: number): Promise<string | null> {
  const charged = await repo.largestCharge(db, userId);
  return charged ?? (await largestPayment(db, userId));
}

/**
 * The reward of a type for the user, from the rule table: fixed, or (success story) 20 % of the largest
 * order, in cents. Null when there is nothing to take it from.
 */
async function rewardOf(db: Queryable, userId: number, type: BonusProgramType): Promise<Money | null> {
  const rule = BONUS_PROGRAM_RULES[type];
  if (rule.reward) return parseMoney(rule.reward);
  const largest = await largestOrder(db, userId);
  return largest ? roundMoney(percentOf(parseMoney(largest), parseMoney(rule.percent!)), 2) : null;
}

/** `POST users/bonus-program`: one submission per type; a rejected one may be sent again. */
export async function submit(
  db: Db,
  userId: number,
  body: { type: BonusProgramType; link: string; comment?: string | undefined },
) {
  const rule = BONUS_PROGRAM_RULES[body.type];
  const profile = await billingProfileOf(db, userId);
  // Spent on orders (charges less refunds), as the rule says; payments alone do not count.
  if (rule.minSpent && parseMoney(profile.total_spent) < parseMoney(rule.minSpent)) {
    throw ValidationError.field('type', MESSAGES.bonusVideoSpend);
  }
  if (rule.percent && !(await rewardOf(db, userId, body.type))) {
    throw ValidationError.field('type', MESSAGES.bonusStoryNoPayment);
  }
  const values = {
    link: body.link,
    comment: body.comment ?? null,
    status: 'pending' as const,
    reward: null,
    note: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: new Date(),
  };
  const row = await repo.upsertSubmission(db, userId, body.type, values);
  if (!row) throw ValidationError.field('type', MESSAGES.bonusAlreadySubmitted);
  return { data: toView(row), message: MESSAGES.formSent };
}

async function adminView(db: Db, id: number, message: string) {
  const row = await repo.findSubmissionWithUser(db, id);
  if (!row) throw new NotFoundError();
  return { data: { ...toView(row.submission), user: row.user }, message };
}

/** Staff: the submissions, newest first, by status, type and the customer's e-mail or nickname. */
export async function listSubmissions(
  db: Db,
  query: {
    status?: BonusSubmissionStatus | undefined;
    type?: BonusProgramType | undefined;
    search?: string | undefined;
    page: number;
    limit: number;
  },
) {
  const { rows, total } = await repo.pageSubmissions(db, query);
  return {
    data: rows.map((row) => ({ ...toView(row.submission), user: row.user })),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** The submission, locked, while nobody has reviewed it; nobody reviews their own (403). */
async function lockPending(db: Tx, id: number, staffId: number) {
  const row = await repo.lockSubmission(db, id);
  if (!row) throw new NotFoundError();
  if (row.user_id === staffId) throw new ForbiddenError(MESSAGES.bonusOwnSubmission);
  if (row.status !== 'pending') throw new ConflictError(MESSAGES.bonusReviewed);
  return row;
}

/**
 * Staff: approves a submission and credits its reward to the bonus balance (no end date), once: the row
 * lock makes a second approval wait and then find it reviewed (409). The reward is the rule's; `reward`
 * (admins only, checked by the route) overrides it up to `BONUS_REWARD_OVERRIDE_FACTOR` times that.
 */
export async function approve(
  db: Db,
  id: number,
  staffId: number,
  body: { reward?: Money | undefined; note?: string | undefined },
) {
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, staffId);
    // Staff accounts never receive marketing bonuses.
    if (await isStaffAccount(tx, row.user_id)) throw new ForbiddenError(USER_MESSAGES.staffAccountMoney);
    const ruled = await rewardOf(tx, row.user_id, row.type);
    if (body.reward !== undefined && body.reward > (ruled ?? 0n) * BigInt(BONUS_REWARD_OVERRIDE_FACTOR)) {
      throw ValidationError.field('reward', MESSAGES.bonusRewardAboveCap);
    }
    const reward = body.reward ?? ruled;
    if (!reward || reward <= 0n) throw ValidationError.field('reward', MESSAGES.amountInvalid);
    await credit(tx, row.user_id, 'bonus', reward, {
      type: 'bonus_program_reward',
      reference: { type: 'bonus_submission', id: row.id },
      text: bonusLedgerText(row.type),
      createdBy: staffId,
    });
    await repo.updateSubmission(tx, id, {
      status: 'approved',
      reward: formatMoney(reward),
      note: body.note ?? null,
      reviewed_by: staffId,
      reviewed_at: new Date(),
    });
    await audit(tx, {
      action: 'bonus-program.approve',
      target: { type: 'bonus_submission', id, userId: row.user_id },
      before: { status: row.status, reward: row.reward },
      after: { status: 'approved', reward: formatMoney(reward), note: body.note ?? null },
    });
  });
  return adminView(db, id, MESSAGES.actionSaved);
}

/** Staff: rejects a submission (the customer may send that type again); nobody rejects their own. */
export async function reject(db: Db, id: number, staffId: number, note: string | undefined) {
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, staffId);
    await repo.updateSubmission(tx, id, {
      status: 'rejected',
      note: note ?? null,
      reviewed_by: staffId,
      reviewed_at: new Date(),
    });
    await audit(tx, {
      action: 'bonus-program.reject',
      target: { type: 'bonus_submission', id, userId: row.user_id },
      before: { status: row.status },
      after: { status: 'rejected', note: note ?? null },
    });
  });
  return adminView(db, id, MESSAGES.actionSaved);
}
