import { sql } from 'drizzle-orm';
import { PRODUCT_TYPES, addDays } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { IMPACT_WINDOW_DAYS } from './impact.js';

/** A demo keyword without a rank of its own lands here after the campaign. */
const UNRANKED_TARGET = 20;

/** A small day-to-day wobble (−2…+2) of ranks past 10, fixed per keyword and day so reruns write the same ranks. */
const wobble = (keywordId: number, index: number) => ((index * 7 + keywordId * 3) % 5) - 2;

/**
 * The rank of a demo keyword `index` days into the window around its campaign: it slips from where it
 * ranks today (`target`) to `slipped` over the week before that week, holds there the week before the
 * campaign, climbs back during it and holds the week after.
 */
function demoRank(target: number, slipped: number, keywordId: number, index: number, days: number): number {
  const week = IMPACT_WINDOW_DAYS;
  const day = index - 2 * week; // 0 = the campaign's first day
  const shape =
    day < -week
      ? target + ((slipped - target) * (index + 1)) / week
      : day < 0
        ? slipped
        : day < days
          ? slipped - ((slipped - target - 1) * (day + 1)) / days
          : target + 1 + (2 * (day - days + 1)) / week;
  // The top ranks hold still: a leader that wobbles would look like it lost places.
  return Math.min(250, Math.round(shape) + (shape > 10 ? wobble(keywordId, index) : 0));
}

/**
 * Gives the demo user's finished keyword-installs campaigns (statistics.seed.ts) rank histories that moved,
 * so their impact reports show something real: each keyword slipped 20-60 places in the two weeks before its
 * campaign and climbed back to today's rank during it. The samples of those days (up to yesterday) are
 * rewritten from the keyword's current rank, so rerunning writes the same ranks.
 */
export async function seedDemoImpact(db: Db, userId: number, today = new Date().toISOString().slice(0, 10)) {
  const targets = await rowsOf<{ keyword_id: number; start: string; end: string; rank: number | null }>(
    db,
    sql`select k.id as keyword_id, k.rank, to_char(s.start, 'YYYY-MM-DD') as start,
        to_char(s.end, 'YYYY-MM-DD') as end
      from (
        select c.id, c.app_id, c.country_id, (c.started_at at time zone 'UTC')::date as start,
          least((c.finished_at at time zone 'UTC')::date, (c.started_at at time zone 'UTC')::date + c.days - 1) as end
        from campaigns c
        where c.user_id = ${userId} and c.is_legacy and c.product_type = ${PRODUCT_TYPES.keyword}
          and c.started_at is not null and c.finished_at is not null and c.app_id is not null
      ) s
      join campaign_orders o on o.campaign_id = s.id
      join keywords k on k.app_id = s.app_id and k.country_id = s.country_id and k.keyword = o.keyword`,
  );
  const rows = [];
  for (const { keyword_id, start, end, rank } of targets) {
    const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
    const target = rank ?? UNRANKED_TARGET;
    const slipped = Math.min(200, target + 20 + ((keyword_id * 17) % 40));
    const from = addDays(start, -2 * IMPACT_WINDOW_DAYS);
    const last = addDays(end, IMPACT_WINDOW_DAYS);
    for (let index = 0; index < days + 3 * IMPACT_WINDOW_DAYS; index++) {
      const day = addDays(from, index);
      if (day >= today || day > last) break;
      rows.push({ keyword_id, day, rank: demoRank(target, slipped, keyword_id, index, days) });
    }
  }
  if (!rows.length) return;
  await db.execute(sql`
    insert into keyword_ranks (keyword_id, day, rank, state, source, checked_at)
    select v.keyword_id, v.day, v.rank, 'ok', 'daily', (v.day + time '00:30') at time zone 'UTC'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(keyword_id int, day date, rank smallint)
    on conflict (keyword_id, day) do update set rank = excluded.rank, state = excluded.state`);
}
