import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { KEYWORDS_PER_APP_COUNTRY_MAX, MESSAGES, type App, type Keyword } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { ControllableStore, makeApp, makeKeywords, makeUser } from '../../../test/factories.js';
import { countries, keywordRanks, keywords, rankUpdates } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { insertHistory, insertKeywords } from './keywords.repo.js';
import { addDays, checkRanks, queueDailyRanks, utcDay } from './ranks.js';

const GP = DEMO_APPS.googlePlay;
const IOS = DEMO_APPS.appStore;

let t: TestApp;
const store = new ControllableStore();
beforeAll(async () => {
  t = await buildTestApp({ storeProvider: store });
});
afterAll(() => t.close());

const scope = `packageId=${GP.fitness}&appstore=1&country=US`;

/** A signed-in user with the fitness app (US) and a stranger with the same app. */
async function owner() {
  const { auth, user } = await makeUser(t.database.db);
  const app = await makeApp(t.deps, user.id, { package: GP.fitness });
  const stranger = await makeUser(t.database.db);
  const strangersApp = await makeApp(t.deps, stranger.user.id, { package: GP.fitness });
  return { auth, userId: user.id, app, stranger: stranger.auth, strangerId: stranger.user.id, strangersApp };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('adding keywords', () => {
  let o: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    o = await owner();
  });
  const add = (keyword: unknown, extra: object = {}) =>
    t.call('POST', 'keywords', o.auth, {
      keyword,
      packageId: GP.fitness,
      appstore: 1,
      country: 'US',
      ...extra,
    });

  it('adds a keyword and checks its rank, score and searches at once', async () => {
    const res = await add('  Home   WORKOUT ');
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json() as { data: Keyword; message: string };
    expect(message).toBe(MESSAGES.actionSaved);
    expect(data).toMatchObject({ keyword: 'home workout', rank_state: 'ok', favorite: false, country: 'US' });
    expect(data.app_id).toBe(o.app.id);
    expect(data.rank).toBeGreaterThanOrEqual(1);
    expect(data.rank).toBeLessThanOrEqual(250);
    expect(data.change).toBeNull();
    expect(data.score).toBeGreaterThanOrEqual(1);
    expect(data.score).toBeLessThanOrEqual(100);
    expect(data.searches).toBeGreaterThan(0);
    expect(Date.parse(data.last_update!)).toBeGreaterThan(Date.now() - 60_000);
    const samples = await t.database.db
      .select()
      .from(keywordRanks)
      .where(eq(keywordRanks.keyword_id, data.id));
    expect(samples).toMatchObject([{ day: utcDay(), rank: data.rank, state: 'ok', source: 'add' }]);
  });

  it('says out of rank when the app is not in the top 250', async () => {
    const res = await add('gym');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ rank: null, rank_state: 'out_of_rank' });
  });

  it('records a failed check as the error state', async () => {
    store.failing = true;
    try {
      const res = await add('running');
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ rank: null, rank_state: 'error', score: null, searches: null });
    } finally {
      store.failing = false;
    }
  });

  it('refuses a keyword the app already tracks in the country, in any case or spacing', async () => {
    await add('step counter');
    const res = await add(' STEP  counter');
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).keyword).toEqual([MESSAGES.keywordDuplicate]);
  });

  it.each([
    ['"quoted"', MESSAGES.keywordInvalid],
    ["it's", MESSAGES.keywordInvalid],
    ['‘smart’ quotes', MESSAGES.keywordInvalid],
    ['a/b', MESSAGES.keywordInvalid],
    ['back\\slash', MESSAGES.keywordInvalid],
    ['#fitness', MESSAGES.keywordInvalid],
    ['fit!', MESSAGES.keywordInvalid],
    ['one, two', MESSAGES.keywordInvalid],
    ['💪 workout', MESSAGES.keywordInvalid],
    ['---', MESSAGES.keywordInvalid],
    ['a'.repeat(101), MESSAGES.keywordTooLong],
    ['   ', MESSAGES.required],
    [42, MESSAGES.required],
  ])('refuses %j', async (keyword, message) => {
    const res = await add(keyword);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).keyword).toEqual([message]);
  });

  it('accepts letters of any script, digits and hyphens', async () => {
    for (const keyword of ['тренування вдома', 'übung 2024', 'step-counter', 'a'.repeat(100)]) {
      expect((await add(keyword)).statusCode).toBe(201);
    }
  });

  it('refuses a missing or foreign app and bad scope values', async () => {
    expect((await t.call('POST', 'keywords', o.auth, { keyword: 'yoga' })).statusCode).toBe(422);
    expect((await add('yoga', { packageId: GP.puzzle })).statusCode).toBe(404);
    expect((await add('yoga', { country: 'ZZ' })).statusCode).toBe(422);
    expect((await add('yoga', { appstore: 9 })).statusCode).toBe(422);
    const foreign = await t.call('POST', 'keywords', o.stranger, {
      keyword: 'unique to stranger',
      packageId: GP.puzzle,
      appstore: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('starts tracking the app in a new country when a keyword goes there', async () => {
    const res = await add('fitness', { country: 'DE' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.country).toBe('DE');
    const app = (await t.call('GET', `apps/${o.app.id}`, o.auth)).json().data as App;
    expect(app.countries).toEqual(['US', 'DE']);
    // Without a country, the app's main country.
    const main = await t.call('POST', 'keywords', o.auth, {
      keyword: 'sleep',
      packageId: GP.fitness,
      appstore: 1,
    });
    expect(main.json().data.country).toBe('US');
  });

  it(`refuses more than ${KEYWORDS_PER_APP_COUNTRY_MAX} keywords per app and country`, async () => {
    const { user, auth } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.puzzle });
    const [us] = await t.database.db.select().from(countries).where(eq(countries.code, 'US'));
    await insertKeywords(
      t.database.db,
      Array.from({ length: KEYWORDS_PER_APP_COUNTRY_MAX }, (_, i) => ({
        app_id: app.id,
        country_id: us!.id,
        keyword: `word ${i}`,
      })),
    );
    const res = await t.call('POST', 'keywords', auth, {
      keyword: 'one more',
      packageId: GP.puzzle,
      appstore: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).keyword).toEqual([MESSAGES.keywordsLimit]);
  });
});

describe('the keywords list', () => {
  let o: Awaited<ReturnType<typeof owner>>;
  let rows: Awaited<ReturnType<typeof makeKeywords>>;
  beforeAll(async () => {
    o = await owner();
    rows = await makeKeywords(t.deps, o.app, ['home workout', 'fitness', 'gym', 'yoga', 'step counter']);
    await checkRanks(t.deps, { keywordIds: rows.map((row) => row.id), source: 'add' });
    const yoga = rows.find((row) => row.keyword === 'yoga')!;
    await t.call('PUT', 'keywords/toggle', o.auth, { id: yoga.id });
    await makeKeywords(t.deps, o.app, ['home'], 'GB');
    await makeKeywords(t.deps, o.strangersApp, ['stranger keyword']);
  });
  const list = async (query: string, headers = o.auth) => {
    const res = await t.call('GET', `keywords?${scope}&${query}`, headers);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: Keyword[];
      meta: { total: number; last_page: number };
      favCount: number;
      allCount: number;
      arIds: number[];
    };
  };
  const words = (body: { data: Keyword[] }) => body.data.map((row) => row.keyword);

  it('lists by rank with unranked last, with counts and every matching id', async () => {
    const body = await list('');
    expect(body.allCount).toBe(5);
    expect(body.favCount).toBe(1);
    expect(body.meta.total).toBe(5);
    expect(body.arIds).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    const ranks = body.data.map((row) => row.rank);
    expect(words(body).at(-1)).toBe('gym');
    expect(
      ranks.slice(0, -1).every((rank, i, all) => rank !== null && (i === 0 || all[i - 1]! <= rank)),
    ).toBe(true);
    expect(body.data.every((row) => row.country === 'US')).toBe(true);
  });

  it('sorts by keyword, score, searches, favorite and update time either way', async () => {
    expect(words(await list('sortBy=keyword'))).toEqual([
      'fitness',
      'gym',
      'home workout',
      'step counter',
      'yoga',
    ]);
    expect(words(await list('sortBy=keyword&sortType=desc'))).toEqual([
      'yoga',
      'step counter',
      'home workout',
      'gym',
      'fitness',
    ]);
    const byScore = (await list('sortBy=score')).data.map((row) => row.score!);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    const bySearches = (await list('sortBy=searches&sortType=asc')).data.map((row) => row.searches!);
    expect(bySearches).toEqual([...bySearches].sort((a, b) => a - b));
    expect(words(await list('sortBy=favorite'))[0]).toBe('yoga');
    expect((await list('sortBy=updated')).data).toHaveLength(5);
  });

  it('searches, filters favorites and pages', async () => {
    const search = await list('search=o');
    expect(words(search).sort()).toEqual(['home workout', 'step counter', 'yoga']);
    expect(search.arIds).toHaveLength(3);
    expect(search.allCount).toBe(5);
    expect(words(await list('favorite=1'))).toEqual(['yoga']);
    expect(words(await list('favorite=true&search=gym'))).toEqual([]);
    expect((await list('favorite=false')).meta.total).toBe(5);
    const page = await list('limit=2&page=3&sortBy=keyword');
    expect(words(page)).toEqual(['yoga']);
    expect(page.meta).toMatchObject({ total: 5, last_page: 3 });
    expect(page.arIds).toHaveLength(5);
  });

  it('lists one country at a time (default: the app’s main country)', async () => {
    const res = await t.call('GET', `keywords?packageId=${GP.fitness}&appstore=1&country=GB`, o.auth);
    expect(res.json().data.map((row: Keyword) => row.keyword)).toEqual(['home']);
    const main = await t.call('GET', `keywords?packageId=${GP.fitness}&appstore=1`, o.auth);
    expect(main.json().allCount).toBe(5);
    const untracked = await t.call('GET', `keywords?packageId=${GP.fitness}&appstore=1&country=FR`, o.auth);
    expect(untracked.json()).toMatchObject({ data: [], allCount: 0, arIds: [] });
  });

  it.each([
    'sortBy=name',
    'sortType=sideways',
    'limit=1001',
    'page=-1',
    'favorite=maybe',
    'country=USA',
    'appstore=0',
  ])('answers 422 to %s', async (query) => {
    expect((await t.call('GET', `keywords?${scope}&${query}`, o.auth)).statusCode).toBe(422);
  });

  it('answers 404 for an app that is not the caller’s, 422 without one', async () => {
    expect((await t.call('GET', `keywords?packageId=${GP.puzzle}&appstore=1`, o.auth)).statusCode).toBe(404);
    const stranger = await makeUser(t.database.db);
    expect((await t.call('GET', `keywords?${scope}`, stranger.auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'keywords', o.auth)).statusCode).toBe(422);
  });

  it('counts keywords per country, of one app or all', async () => {
    const res = await t.call('GET', `keywords/count?packageId=${GP.fitness}&appstore=1`, o.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 6,
      favCount: 1,
      countries: [
        { country: 'US', count: 5 },
        { country: 'GB', count: 1 },
      ],
    });
    const us = await t.call('GET', `keywords/count?${scope}`, o.auth);
    expect(us.json()).toMatchObject({ count: 5, countries: [{ country: 'US', count: 5 }] });
    expect((await t.call('GET', 'keywords/count', o.auth)).json().count).toBe(6);
    expect((await t.call('GET', `keywords/count?packageId=${GP.puzzle}`, o.auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'keywords/count?country=12', o.auth)).statusCode).toBe(422);
  });
});

describe('changing and deleting keywords', () => {
  it('toggles the favorite flag of the caller’s keyword only', async () => {
    const o = await owner();
    const [row] = await makeKeywords(t.deps, o.app, ['yoga']);
    const res = await t.call('PUT', 'keywords/toggle', o.auth, { id: row!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: row!.id, favorite: true, rank_state: 'not_checked' });
    expect((await t.call('PUT', 'keywords/toggle', o.auth, { id: row!.id })).json().data.favorite).toBe(
      false,
    );
    expect((await t.call('PUT', 'keywords/toggle', o.stranger, { id: row!.id })).statusCode).toBe(404);
    expect((await t.call('PUT', 'keywords/toggle', o.auth, { id: 'x' })).statusCode).toBe(422);
  });

  it('deletes one keyword with its history; 404 for someone else’s', async () => {
    const o = await owner();
    const [row] = await makeKeywords(t.deps, o.app, ['yoga']);
    await checkRanks(t.deps, { keywordIds: [row!.id], source: 'add' });
    expect((await t.call('DELETE', `keywords/${row!.id}`, o.stranger)).statusCode).toBe(404);
    const res = await t.call('DELETE', `keywords/${row!.id}`, o.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.actionDeleted, count: 1 });
    expect(
      await t.database.db.select().from(keywordRanks).where(eq(keywordRanks.keyword_id, row!.id)),
    ).toEqual([]);
    expect((await t.call('DELETE', `keywords/${row!.id}`, o.auth)).statusCode).toBe(404);
    expect((await t.call('DELETE', 'keywords/0', o.auth)).statusCode).toBe(422);
  });

  it('deletes many by a comma-separated string, ignoring ids that are not the caller’s', async () => {
    const o = await owner();
    const mine = await makeKeywords(t.deps, o.app, ['a1', 'a2', 'a3']);
    const [theirs] = await makeKeywords(t.deps, o.strangersApp, ['b1']);
    const ids = `${mine[0]!.id}, ${mine[1]!.id},${theirs!.id},`;
    const res = await t.call('POST', 'keywords/destroyMany', o.auth, { app_keywords_id: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.actionDeleted, count: 2 });
    const left = await t.database.db
      .select({ id: keywords.id })
      .from(keywords)
      .where(inArray(keywords.id, [...mine.map((row) => row.id), theirs!.id]));
    expect(left.map((row) => row.id).sort()).toEqual([mine[2]!.id, theirs!.id].sort());
    const none = await t.call('POST', 'keywords/destroyMany', o.auth, {
      app_keywords_id: String(theirs!.id),
    });
    expect(none.statusCode).toBe(404);
  });

  it.each([{ app_keywords_id: '' }, { app_keywords_id: ' , ' }, {}, { app_keywords_id: [] }])(
    'asks for at least one keyword: %j',
    async (body) => {
      const { auth } = await makeUser(t.database.db);
      const res = await t.call('POST', 'keywords/destroyMany', auth, body);
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).app_keywords_id).toEqual([MESSAGES.keywordsNotSelected]);
    },
  );

  it.each(['1,abc', '1;2', '-3', '99999999999', '1.5'])(
    'answers 422 to app_keywords_id %j',
    async (value) => {
      const { auth } = await makeUser(t.database.db);
      expect(
        (await t.call('POST', 'keywords/destroyMany', auth, { app_keywords_id: value })).statusCode,
      ).toBe(422);
    },
  );
});

describe('suggestions and recommended keywords', () => {
  let o: Awaited<ReturnType<typeof owner>>;
  beforeAll(async () => {
    o = await owner();
    await makeKeywords(t.deps, o.app, ['home workout']);
  });

  it('suggests completions, marking those the app tracks', async () => {
    const res = await t.call('GET', `keywords/suggests?keyword=home&${scope}`, o.auth);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { keyword: string; added: boolean }[] };
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((idea) => idea.keyword.length > 0)).toBe(true);
    const plain = await t.call('GET', 'keywords/suggests?keyword=ho&appstore=1&country=US', o.auth);
    expect(plain.json().data.every((idea: { added: boolean }) => !idea.added)).toBe(true);
  });

  it('recommends keywords for the app, marking those it tracks', async () => {
    const res = await t.call('GET', `keywords/recommended?${scope}`, o.auth);
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json() as { data: { keyword: string; added: boolean }[]; message?: string };
    expect(message).toBeUndefined();
    expect(data).toContainEqual({ keyword: 'home workout', added: true });
    expect(data).toContainEqual({ keyword: 'workout tracker', added: false });
  });

  it('answers an empty list and "Can\'t load keywords" when the store fails', async () => {
    store.failing = true;
    try {
      for (const url of [`keywords/recommended?${scope}`, 'keywords/suggests?keyword=home']) {
        const res = await t.call('GET', url, o.auth);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: [], message: MESSAGES.keywordsLoadFailed });
      }
    } finally {
      store.failing = false;
    }
  });

  it('refuses someone else’s app and bad queries', async () => {
    expect(
      (await t.call('GET', `keywords/recommended?${scope}`, (await makeUser(t.database.db)).auth)).statusCode,
    ).toBe(404);
    expect((await t.call('GET', 'keywords/recommended', o.auth)).statusCode).toBe(422);
    expect((await t.call('GET', 'keywords/suggests', o.auth)).statusCode).toBe(422);
    expect(
      (await t.call('GET', 'keywords/suggests?keyword=x&packageId=com.other.app', o.auth)).statusCode,
    ).toBe(404);
  });
});

describe('rank history and charts', () => {
  let o: Awaited<ReturnType<typeof owner>>;
  let yoga: number;
  let gym: number;
  let theirs: number;
  const today = utcDay();
  beforeAll(async () => {
    o = await owner();
    const rows = await makeKeywords(t.deps, o.app, ['yoga', 'gym']);
    yoga = rows.find((row) => row.keyword === 'yoga')!.id;
    gym = rows.find((row) => row.keyword === 'gym')!.id;
    theirs = (await makeKeywords(t.deps, o.strangersApp, ['yoga']))[0]!.id;
    // Samples on some of the last 100 days: every tenth day, and yesterday at rank 9.
    const history = [];
    for (let back = 1; back < 100; back += 1) {
      if (back % 10 !== 0 && back !== 1) continue;
      const day = addDays(today, -back);
      const rank = back === 1 ? 9 : back;
      history.push({
        keyword_id: yoga,
        day,
        rank,
        state: 'ok' as const,
        source: 'daily' as const,
        checked_at: new Date(),
      });
    }
    history.push({
      keyword_id: gym,
      day: addDays(today, -1),
      rank: null,
      state: 'out_of_rank' as const,
      source: 'daily' as const,
      checked_at: new Date(),
    });
    await insertHistory(t.database.db, history);
    await checkRanks(t.deps, { keywordIds: [yoga, gym], source: 'update_all' });
  });

  it('gives the rank change since yesterday’s sample, null when either is unranked', async () => {
    const body = (await t.call('GET', `keywords?${scope}`, o.auth)).json() as { data: Keyword[] };
    const row = body.data.find((keyword) => keyword.id === yoga)!;
    expect(row.rank).not.toBeNull();
    expect(row.change).toBe(9 - row.rank!);
    expect(body.data.find((keyword) => keyword.id === gym)!.change).toBeNull();
  });

  it.each([
    ['week', 7],
    ['month', 30],
    ['three_month', 90],
  ] as const)('charts one keyword over a %s, one point a day up to today', async (period, days) => {
    const res = await t.call('GET', `keywords/chartRank?id=${yoga}&period=${period}`, o.auth);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { date: string; rank: number | null; state: string }[] };
    expect(data).toHaveLength(days);
    expect(data[0]!.date).toBe(addDays(today, -(days - 1)));
    expect(data.at(-1)).toMatchObject({ date: today, state: 'ok' });
    expect(data.at(-2)).toEqual({ date: addDays(today, -1), rank: 9, state: 'ok' });
    expect(data.at(-3)).toEqual({ date: addDays(today, -2), rank: null, state: 'not_checked' });
    if (days > 10) expect(data.at(-11)).toEqual({ date: addDays(today, -10), rank: 10, state: 'ok' });
  });

  it('charts several keywords, leaving out ids that are not the caller’s', async () => {
    const res = await t.call(
      'GET',
      `keywords/chartRanksMany?ids=${yoga},${gym},${theirs}&period=week`,
      o.auth,
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { id: number; keyword: string; data: { state: string }[] }[] };
    expect(data.map((series) => [series.id, series.keyword])).toEqual([
      [yoga, 'yoga'],
      [gym, 'gym'],
    ]);
    expect(data[1]!.data.at(-2)).toMatchObject({ state: 'out_of_rank' });
    expect((await t.call('GET', `keywords/chartRanksMany?ids=${theirs}`, o.auth)).statusCode).toBe(404);
  });

  it('refuses someone else’s keyword and bad chart queries', async () => {
    expect((await t.call('GET', `keywords/chartRank?id=${theirs}`, o.auth)).statusCode).toBe(404);
    for (const query of [
      'chartRank',
      'chartRank?id=abc',
      `chartRank?id=${yoga}&period=year`,
      'chartRanksMany',
      'chartRanksMany?ids=',
      `chartRanksMany?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      `chartRanksMany?ids=${yoga}&period=day`,
    ]) {
      expect((await t.call('GET', `keywords/${query}`, o.auth)).statusCode, query).toBe(422);
    }
  });

  it('reads one keyword’s rank, checking it first if it never was', async () => {
    const [fresh] = await makeKeywords(t.deps, o.app, ['home workout']);
    const res = await t.call('GET', `keywords/keywordRank?id=${fresh!.id}`, o.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: fresh!.id, rank_state: 'ok' });
    expect((await t.call('GET', `keywords/keywordRank?id=${theirs}`, o.auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'keywords/keywordRank', o.auth)).statusCode).toBe(422);
  });

  it('lists the best-ranked keywords, of one app or all', async () => {
    const scoped = await t.call('GET', `keywords/topKeyword?${scope}&limit=2`, o.auth);
    expect(scoped.statusCode).toBe(200);
    const { data } = scoped.json() as { data: (Keyword & { package: string; title: string })[] };
    expect(data.length).toBeLessThanOrEqual(2);
    expect(data.every((row) => row.rank !== null && row.package === GP.fitness)).toBe(true);
    expect(data.map((row) => row.rank)).toEqual(data.map((row) => row.rank).sort((a, b) => a! - b!));
    const all = (await t.call('GET', 'keywords/topKeyword', o.auth)).json().data as Keyword[];
    expect(all.map((row) => row.id)).not.toContain(gym);
    expect((await t.call('GET', `keywords/topKeyword?packageId=${GP.puzzle}`, o.auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'keywords/topKeyword?limit=51', o.auth)).statusCode).toBe(422);
  });
});

describe('clone', () => {
  it('copies keywords to another country, then skips the ones already there', async () => {
    const o = await owner();
    await makeKeywords(t.deps, o.app, ['home workout', 'fitness', 'yoga']);
    await makeKeywords(t.deps, o.app, ['yoga'], 'GB');
    const res = await t.call('GET', `keywords/clone?${scope}&toCountry=GB`, o.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: MESSAGES.recordsAdded, data: { copied: 2, skipped: 1 } });
    expect(body.data.progress).toMatchObject({ total: 2 });
    const again = (await t.call('GET', `keywords/clone?${scope}&toCountry=GB`, o.auth)).json();
    expect(again.data).toEqual({ copied: 0, skipped: 3, progress: null });
    // The copies' ranks are checked through the queue.
    const progress = await waitFor(
      async () =>
        (await t.call('GET', `keywords/updateAllRanks/${body.data.progress.id}`, o.auth)).json().data,
      (run) => run.status === 'done',
    );
    expect(progress).toMatchObject({ total: 2, done: 2, failed: 0, status: 'done' });
    const gb = (await t.call('GET', `keywords?packageId=${GP.fitness}&appstore=1&country=GB`, o.auth)).json();
    expect(gb.allCount).toBe(3);
    const copies = gb.data.filter((row: Keyword) => row.keyword !== 'yoga');
    expect(copies.map((row: Keyword) => row.rank_state)).not.toContain('not_checked');
  });

  it('copies keywords to another of the caller’s apps (its main country by default)', async () => {
    const o = await owner();
    await makeKeywords(t.deps, o.app, ['home workout', 'fitness']);
    await makeApp(t.deps, o.userId, { appstore: 2, package: IOS.fitness, country: 'GB' });
    const res = await t.call(
      'GET',
      `keywords/clone?${scope}&toPackageId=${IOS.fitness}&toAppstore=2`,
      o.auth,
    );
    expect(res.json().data).toMatchObject({ copied: 2, skipped: 0 });
    const target = await t.call('GET', `keywords?packageId=${IOS.fitness}&appstore=2`, o.auth);
    expect(target.json().data.map((row: Keyword) => row.country)).toEqual(['GB', 'GB']);
  });

  it('refuses the same app and country, someone else’s app and bad values', async () => {
    const o = await owner();
    const same = await t.call('GET', `keywords/clone?${scope}&toCountry=US`, o.auth);
    expect(same.statusCode).toBe(422);
    expect(errorsOf(same).toCountry).toEqual([MESSAGES.cloneSameTarget]);
    expect((await t.call('GET', `keywords/clone?${scope}`, o.auth)).statusCode).toBe(422);
    expect((await t.call('GET', `keywords/clone?${scope}&toPackageId=${GP.puzzle}`, o.auth)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `keywords/clone?${scope}&toCountry=XYZ`, o.auth)).statusCode).toBe(422);
    expect((await t.call('GET', `keywords/clone?${scope}&toCountry=GB`, o.stranger)).statusCode).toBe(200);
    expect(
      (await t.call('GET', `keywords/clone?packageId=${GP.puzzle}&appstore=1&toCountry=GB`, o.stranger))
        .statusCode,
    ).toBe(404);
  });
});

describe('update all ranks', () => {
  it('queues the checks in batches and reports progress until done', async () => {
    const o = await owner();
    const texts = Array.from({ length: 300 }, (_, i) => `workout ${i}`);
    const rows = await makeKeywords(t.deps, o.app, ['home workout', ...texts]);
    const res = await t.call('POST', 'keywords/updateAllRanks', o.auth, {
      packageId: GP.fitness,
      appstore: 1,
      country: 'US',
    });
    expect(res.statusCode).toBe(202);
    const run = res.json().data;
    expect(run).toMatchObject({ total: 301 });
    expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
    const finished = await waitFor(
      async () => (await t.call('GET', `keywords/updateAllRanks/${run.id}`, o.auth)).json().data,
      (progress) => progress.status === 'done',
    );
    expect(finished).toEqual({ id: run.id, total: 301, done: 301, failed: 0, status: 'done' });
    const samples = await t.database.db
      .select()
      .from(keywordRanks)
      .where(
        and(
          inArray(
            keywordRanks.keyword_id,
            rows.map((row) => row.id),
          ),
          eq(keywordRanks.day, utcDay()),
        ),
      );
    expect(samples).toHaveLength(301);
    expect(samples.every((sample) => sample.source === 'update_all')).toBe(true);
    // A second update the same day replaces the day's sample instead of adding one.
    const second = (await t.call('POST', 'keywords/updateAllRanks', o.auth, { packageId: GP.fitness })).json()
      .data;
    await waitFor(
      async () => (await t.call('GET', `keywords/updateAllRanks/${second.id}`, o.auth)).json().data,
      (progress) => progress.status === 'done',
    );
    const after = await t.database.db
      .select()
      .from(keywordRanks)
      .where(
        inArray(
          keywordRanks.keyword_id,
          rows.map((row) => row.id),
        ),
      );
    expect(after).toHaveLength(301);
  });

  it('answers the run still in progress instead of starting another, and reports a stalled one as failed', async () => {
    const o = await owner();
    await makeKeywords(t.deps, o.app, ['yoga']);
    const [us] = await t.database.db.select().from(countries).where(eq(countries.code, 'US'));
    const [running] = await t.database.db
      .insert(rankUpdates)
      .values({
        user_id: o.userId,
        app_id: o.app.id,
        country_id: us!.id,
        total: 5,
        done: 2,
        status: 'running',
      })
      .returning();
    const res = await t.call('POST', 'keywords/updateAllRanks', o.auth, {
      packageId: GP.fitness,
      appstore: 1,
    });
    expect(res.json().data).toEqual({ id: running!.id, total: 5, done: 2, failed: 0, status: 'running' });
    await t.database.db
      .update(rankUpdates)
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .where(eq(rankUpdates.id, running!.id));
    const stalled = await t.call('GET', `keywords/updateAllRanks/${running!.id}`, o.auth);
    expect(stalled.json().data.status).toBe('failed');
    const fresh = (await t.call('POST', 'keywords/updateAllRanks', o.auth, { packageId: GP.fitness })).json()
      .data;
    expect(fresh.id).not.toBe(running!.id);
    expect(fresh.total).toBe(1);
  });

  it('finishes at once when there is nothing to check, and keeps runs private', async () => {
    const o = await owner();
    const res = await t.call('POST', 'keywords/updateAllRanks', o.auth, {
      packageId: GP.fitness,
      country: 'FR',
    });
    expect(res.json().data).toMatchObject({ total: 0, done: 0, status: 'done' });
    const id = res.json().data.id as string;
    expect((await t.call('GET', `keywords/updateAllRanks/${id}`, o.stranger)).statusCode).toBe(404);
    expect((await t.call('GET', 'keywords/updateAllRanks/not-a-uuid', o.auth)).statusCode).toBe(422);
    expect((await t.call('POST', 'keywords/updateAllRanks', o.auth, {})).statusCode).toBe(422);
    expect(
      (await t.call('POST', 'keywords/updateAllRanks', o.auth, { packageId: GP.puzzle })).statusCode,
    ).toBe(404);
  });
});

describe('the daily rank job', () => {
  it('samples every keyword not checked today through the queue', async () => {
    const o = await owner();
    const rows = await makeKeywords(t.deps, o.app, ['home workout', 'gym', 'yoga']);
    await queueDailyRanks(t.deps);
    const ids = rows.map((row) => row.id);
    const samples = await waitFor(
      () =>
        t.database.db
          .select()
          .from(keywordRanks)
          .where(and(inArray(keywordRanks.keyword_id, ids), eq(keywordRanks.day, utcDay()))),
      (list) => list.length === 3,
    );
    expect(samples.map((sample) => sample.source)).toEqual(['daily', 'daily', 'daily']);
    const checked = await t.database.db.select().from(keywords).where(inArray(keywords.id, ids));
    expect(checked.every((row) => row.checked_at !== null && row.rank_state !== 'not_checked')).toBe(true);
  });
});

describe('bad input', () => {
  it('never answers 500 on any apps or keywords call', async () => {
    const o = await owner();
    const [row] = await makeKeywords(t.deps, o.app, ['yoga']);
    const garbage = ['', '-1', '99999999999999999999', '\u0000', 'a\u0000b', 'a'.repeat(3000)];
    const scopeParams = { packageId: GP.fitness, appstore: '1', country: 'US' };
    const id = String(row!.id);
    // Each call with valid values, then with one of them spoiled at a time.
    const gets: [string, Record<string, string>, string[]][] = [
      ['apps', {}, ['filter', 'appstore', 'search', 'sortBy', 'sortType', 'page', 'limit']],
      ['apps/search', { appstore: '1', country: 'US', keyword: 'yoga' }, ['limit']],
      ['apps/show-by-package', scopeParams, []],
      ['keywords', scopeParams, ['search', 'favorite', 'page', 'limit', 'sortBy', 'sortType']],
      ['keywords/count', scopeParams, []],
      ['keywords/suggests', { keyword: 'ho', appstore: '1', country: 'US', packageId: GP.fitness }, []],
      ['keywords/recommended', scopeParams, []],
      ['keywords/chartRank', { id, period: 'week' }, []],
      ['keywords/chartRanksMany', { ids: id, period: 'week' }, []],
      ['keywords/topKeyword', scopeParams, ['limit']],
      ['keywords/keywordRank', { id }, []],
      ['keywords/clone', { ...scopeParams, toCountry: 'GB' }, ['toPackageId', 'toAppstore']],
    ];
    for (const [url, valid, extra] of gets) {
      expect((await t.call('GET', `${url}?${new URLSearchParams(valid)}`, o.auth)).statusCode, url).toBe(200);
      for (const name of [...Object.keys(valid), ...extra]) {
        for (const value of garbage) {
          const res = await t.call(
            'GET',
            `${url}?${new URLSearchParams({ ...valid, [name]: value })}`,
            o.auth,
          );
          expect(res.statusCode, `${url} ${name}=${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
      const repeated = await t.call(
        'GET',
        `${url}?appstore=1&appstore=2&packageId=a&packageId=b&ids=1&ids=2`,
        o.auth,
      );
      expect(repeated.statusCode, `${url} repeated`).toBeLessThan(500);
    }
    const bodies: unknown[] = [
      null,
      [],
      'text',
      1,
      { id: {} },
      { keyword: ['a'], packageId: {} },
      { app_keywords_id: { a: 1 } },
      { appstore: 1, country: 'US', package: 'com.a\u0000b', keyword: 'a\u0000', packageId: GP.fitness },
      { appstore: 1, country: '\u0000', package: GP.fitness, packageId: 'x\u0000', is_favorite: true },
      { appstore: 1, country: 'US', package: 'https://play.google.com/store/apps/details?id=a\u0000b' },
    ];
    for (const [method, url] of [
      ['POST', 'apps'],
      ['PUT', `apps/${o.app.id}`],
      ['PUT', 'apps/toggle'],
      ['POST', 'keywords'],
      ['POST', 'keywords/destroyMany'],
      ['PUT', 'keywords/toggle'],
      ['POST', 'keywords/updateAllRanks'],
    ] as const) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method,
          url: `/api/private/v1/${url}`,
          headers: { ...o.auth, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    for (const url of [
      'apps/%00',
      `apps/${'a'.repeat(300)}`,
      'keywords/abc',
      'keywords/updateAllRanks/1',
      'apps/destroyBanned?x=1',
    ]) {
      expect((await t.call('DELETE', url, o.auth)).statusCode, url).toBeLessThan(500);
      expect((await t.call('GET', url, o.auth)).statusCode, url).toBeLessThan(500);
    }
  });
});
