import {
  PACING_MIN_CAMPAIGNS,
  addDays,
  type Pacing,
  type PacingKeyword,
  type pacingBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/client.js';
import { countryOrFail, ownAppByPackage } from '../apps/apps.service.js';
import { IMPACT_WINDOW_DAYS, OUT_OF_RANK_VALUE, type RankSample } from '../impact/impact.js';
import { utcDay } from '../keywords/ranks.js';
import {
  calibrate,
  expectedRank,
  outcomeOf,
  suggest,
  type Calibration,
  type PastOutcome,
} from './pacing-model.js';
import * as repo from './pacing.repo.js';

/** The newest delivered campaigns of a store and country the model reads (bounds the work of a call). */
const CALIBRATION_CAMPAIGNS = 200;

const keyOf = (id: number, keyword: string) => `${id}\n${keyword}`;

/**
 * What each keyword of each delivered keyword-installs campaign of the store and country did (its impact
 * report's before and after), from every account: only the model's quartiles and the number of campaigns
 * leave this function.
 */
async function pastOutcomes(db: Queryable, appstore: number, countryId: number, today: string) {
  const delivered = (await repo.deliveredCampaigns(db, appstore, countryId, CALIBRATION_CAMPAIGNS)).map(
    (row) => ({ ...row, start: utcDay(row.started_at!), end: utcDay(row.finished_at!) }),
  );
  if (!delivered.length) return [];
  const days = await repo.deliveredDays(
    db,
    delivered.map((row) => row.id),
  );
  const texts = [...new Set(days.map((row) => row.keyword!))];
  const appIds = [...new Set(delivered.map((row) => row.app_id!))];
  const keywordRows = await repo.keywordsOfApps(db, countryId, appIds, texts);
  const keywordId = new Map(keywordRows.map((row) => [keyOf(row.app_id, row.keyword), row.id]));
  const from = addDays(delivered.map((row) => row.start).sort()[0]!, -IMPACT_WINDOW_DAYS);
  const to = addDays(
    delivered
      .map((row) => row.end)
      .sort()
      .at(-1)!,
    IMPACT_WINDOW_DAYS,
  );
  const samples = new Map<number, RankSample[]>();
  for (const row of await repo.rankSamples(db, [...keywordId.values()], from, to))
    samples.set(row.keyword_id, [...(samples.get(row.keyword_id) ?? []), { day: row.day, rank: row.rank }]);

  const perKeyword = new Map<string, { day: string; installs: number }[]>();
  const startOf = new Map(delivered.map((row) => [row.id, row.start]));
  for (const row of days) {
    const key = keyOf(row.campaign_id, row.keyword!);
    const day = addDays(startOf.get(row.campaign_id)!, row.day - 1);
    perKeyword.set(key, [...(perKeyword.get(key) ?? []), { day, installs: row.installs }]);
  }

  const outcomes: PastOutcome[] = [];
  for (const campaign of delivered) {
    for (const keyword of texts) {
      const done = perKeyword.get(keyOf(campaign.id, keyword));
      const id = keywordId.get(keyOf(campaign.app_id!, keyword));
      if (!done || id === undefined) continue;
      const outcome = outcomeOf(campaign.id, campaign.days, {
        samples: samples.get(id) ?? [],
        start: campaign.start,
        end: campaign.end,
        today,
        delivered: done,
        spent: 0n,
      });
      if (outcome) outcomes.push(outcome);
    }
  }
  return outcomes;
}

/** One chosen keyword: its figures, and the suggestion or why there is none. */
function keywordPacing(
  keyword: string,
  row: Awaited<ReturnType<typeof repo.keywordsByText>>[number] | undefined,
  calibration: Calibration | null,
  target: number,
  installs: number | undefined,
): PacingKeyword {
  const figures = {
    keyword,
    rank: row?.rank ?? null,
    rank_state: row?.rank_state ?? null,
    score: row?.score ?? null,
    difficulty: row?.difficulty ?? null,
  };
  const none = (reason: PacingKeyword['reason']) => ({
    ...figures,
    reason,
    suggestion: null,
    expected_rank: null,
  });
  if (!row) return none('not_tracked');
  // Out of rank starts one place past the last rank, as the impact report counts it.
  const start =
    row.rank_state === 'ok' && row.rank !== null
      ? row.rank
      : row.rank_state === 'out_of_rank'
        ? OUT_OF_RANK_VALUE
        : null;
  if (start === null) return none('rank_unknown');
  const expected = calibration && installs !== undefined ? expectedRank(calibration, start, installs) : null;
  const reason = (value: PacingKeyword['reason']) => ({ ...none(value), expected_rank: expected });
  if (start <= target) return reason('at_target');
  if (!calibration) return reason('not_enough_data');
  const suggestion = suggest(calibration, start, target);
  if (!suggestion) return reason('no_gain');
  return { ...figures, reason: null, suggestion, expected_rank: expected };
}

/**
 * `POST pacing`: the chosen keywords of the caller's app with their rank, score and difficulty, and the
 * pacing model's suggestion to reach `target` (docs/pacing.md); 404 for an app the caller does not track.
 */
export async function pacing(
  deps: Deps,
  userId: number,
  body: z.output<typeof pacingBodySchema>,
): Promise<Pacing> {
  const { app } = await ownAppByPackage(deps.db, userId, body.appstore, body.packageId);
  const country = await countryOrFail(deps.db, body.country);
  const texts = [...new Set(body.keywords)];
  const [rows, outcomes] = await Promise.all([
    repo.keywordsByText(deps.db, app.id, country.id, texts),
    pastOutcomes(deps.db, body.appstore, country.id, utcDay()),
  ]);
  const calibration = calibrate(outcomes);
  const byText = new Map(rows.map((row) => [row.keyword, row]));
  const keywords = texts.map((text) =>
    keywordPacing(text, byText.get(text), calibration, body.target, body.installs),
  );
  const suggestions = keywords.flatMap((keyword) => (keyword.suggestion ? [keyword.suggestion] : []));
  return {
    target: body.target,
    // Below the minimum, how many there are so far.
    campaigns: calibration?.campaigns ?? new Set(outcomes.map((outcome) => outcome.campaign_id)).size,
    min_campaigns: PACING_MIN_CAMPAIGNS,
    keywords,
    // The form's plan is one per keyword for all of them: the most demanding keyword sets it.
    plan: suggestions.length
      ? {
          installs_per_day: Math.max(...suggestions.map((s) => s.installs_per_day)),
          days: Math.max(...suggestions.map((s) => s.plan_days)),
        }
      : null,
  };
}
