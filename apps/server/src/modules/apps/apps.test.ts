import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MESSAGES, STORE_LINK_MESSAGES, type App } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { ControllableStore, makeApp, makeKeywords, makeUser } from '../../../test/factories.js';
import { appCountries, apps, keywordRanks, keywords } from '../../db/schema/index.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { checkRanks } from '../keywords/ranks.js';
import { queueStatusRefresh, refreshAppCountries } from './apps.status.js';

const GP = DEMO_APPS.googlePlay;
const IOS = DEMO_APPS.appStore;

let t: TestApp;
const store = new ControllableStore();
beforeAll(async () => {
  t = await buildTestApp({ storeProvider: store });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

describe('adding an app', () => {
  it('refuses callers who are not signed in', async () => {
    expect((await t.call('GET', 'apps', {})).statusCode).toBe(401);
    expect(
      (await t.call('POST', 'apps', {}, { appstore: 1, country: 'US', package: GP.fitness })).statusCode,
    ).toBe(401);
  });

  it('adds a free app by package id and answers it with its props per country', async () => {
    const { auth } = await makeUser(t.database.db);
    const res = await t.call('POST', 'apps', auth, { appstore: 1, country: 'us', package: GP.fitness });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json() as { data: App; message: string };
    expect(message).toBe(MESSAGES.actionSaved);
    expect(data).toMatchObject({
      package: GP.fitness,
      appstore: 1,
      title: 'FitPulse: Home Workout Tracker',
      developer: 'Storelift Demo Studio',
      price: '0',
      rating: 4.6,
      country: { code: 'US', name: 'United States' },
      countries: ['US'],
      is_alive: true,
      status_message: null,
      is_favorite: false,
      promotion_value: '0.0000',
    });
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.votes).toBeGreaterThan(0);
    expect(data.props.map((prop) => prop.prop_name)).toEqual([
      'alive',
      'icon',
      'title',
      'votes',
      'rating',
      'content_rating',
      'is_pending',
      'status_message',
    ]);
    expect(data.props).toContainEqual({ prop_name: 'alive', prop_value: true, country: 'US' });
    expect(data.props).toContainEqual({ prop_name: 'is_pending', prop_value: false, country: 'US' });
  });

  it('takes a pasted Google Play or App Store link in `package`', async () => {
    const { auth } = await makeUser(t.database.db);
    const google = await t.call('POST', 'apps', auth, {
      appstore: 1,
      country: 'US',
      package: `https://play.google.com/store/apps/details?id=${GP.puzzle}&hl=en&gl=US`,
    });
    expect(google.statusCode).toBe(201);
    expect(google.json().data.package).toBe(GP.puzzle);
    const apple = await t.call('POST', 'apps', auth, {
      appstore: 2,
      country: 'US',
      package: `https://apps.apple.com/us/app/fitpulse/id${IOS.fitness}`,
    });
    expect(apple.statusCode).toBe(201);
    expect(apple.json().data).toMatchObject({ package: IOS.fitness, appstore: 2 });
  });

  it.each([
    [{ appstore: 1, country: 'US', package: IOS.fitness }, 'package', STORE_LINK_MESSAGES.androidIdInvalid],
    [{ appstore: 2, country: 'US', package: GP.fitness }, 'package', STORE_LINK_MESSAGES.iosIdInvalid],
    [{ appstore: 2, country: 'US', package: '12345' }, 'package', STORE_LINK_MESSAGES.iosIdInvalid],
    [
      { appstore: 1, country: 'US', package: 'https://example.com/app' },
      'package',
      STORE_LINK_MESSAGES.linkInvalid,
    ],
    [{ appstore: 1, country: 'US', package: '  ' }, 'package', MESSAGES.required],
    [{ appstore: 1, country: 'US' }, 'package', MESSAGES.required],
    [{ appstore: 3, country: 'US', package: GP.fitness }, 'appstore', STORE_LINK_MESSAGES.appstoreInvalid],
    [{ appstore: 1, country: 'XX', package: GP.fitness }, 'country', MESSAGES.countryInvalid],
    [{ appstore: 1, package: GP.fitness }, 'country', MESSAGES.required],
    [
      { appstore: 1, country: 'US', package: 'com.storelift.nothing.here' },
      'package',
      MESSAGES.appNotFoundInStore,
    ],
    [{ appstore: 1, country: 'US', package: GP.paid }, 'package', MESSAGES.appNotFree],
    [{ appstore: 1, country: 'CN', package: GP.fitness }, 'package', MESSAGES.appNotInCountry],
    [{ appstore: 2, country: 'KP', package: IOS.fitness }, 'package', MESSAGES.appNotInCountry],
    [{ appstore: 1, country: 'US', package: GP.removed }, 'package', MESSAGES.appRemoved],
    [{ appstore: 1, country: 'US', package: GP.crypto }, 'package', MESSAGES.appForbiddenCategory],
    [{ appstore: 2, country: 'US', package: IOS.crypto }, 'package', MESSAGES.appForbiddenCategory],
  ])('refuses %j with 422 on %s', async (body, field, message) => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await t.call('POST', 'apps', auth, body);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[field]).toEqual([message]);
    expect(await t.database.db.select().from(apps).where(eq(apps.user_id, user.id))).toEqual([]);
  });

  it('refuses the same app and country twice, and adds another country to the app', async () => {
    const { auth } = await makeUser(t.database.db);
    const body = { appstore: 1, country: 'US', package: GP.fitness };
    expect((await t.call('POST', 'apps', auth, body)).statusCode).toBe(201);
    const again = await t.call('POST', 'apps', auth, body);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).package).toEqual([MESSAGES.appAlreadyAdded]);
    const other = await t.call('POST', 'apps', auth, { ...body, country: 'GB' });
    expect(other.statusCode).toBe(201);
    const app = other.json().data as App;
    expect(app.country.code).toBe('US');
    expect(app.countries).toEqual(['US', 'GB']);
    expect(app.props.filter((prop) => prop.prop_name === 'alive')).toEqual([
      { prop_name: 'alive', prop_value: true, country: 'US' },
      { prop_name: 'alive', prop_value: true, country: 'GB' },
    ]);
  });

  it('answers 422, not 500, when the store cannot be reached', async () => {
    const { auth } = await makeUser(t.database.db);
    store.failing = true;
    try {
      const res = await t.call('POST', 'apps', auth, { appstore: 1, country: 'US', package: GP.fitness });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).package).toEqual([MESSAGES.storeUnavailable]);
      const search = await t.call('GET', 'apps/search?appstore=1&country=US&keyword=workout', auth);
      expect(search.statusCode).toBe(422);
    } finally {
      store.failing = false;
    }
  });
});

describe('the apps list', () => {
  let auth: Headers;
  let userId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ({
      auth,
      user: { id: userId },
    } = await makeUser(t.database.db));
    ids.fitness = (await makeApp(t.deps, userId, { package: GP.fitness })).id;
    ids.puzzle = (await makeApp(t.deps, userId, { package: GP.puzzle })).id;
    ids.iosFitness = (await makeApp(t.deps, userId, { appstore: 2, package: IOS.fitness })).id;
    ids.metro = (await makeApp(t.deps, userId, { package: GP.regional, country: 'UA' })).id;
    // The puzzle app is banned and has been promoted most; the iOS app is a favorite.
    await t.database.db.update(apps).set({ is_alive: false }).where(eq(apps.id, ids.puzzle));
    await t.database.db.update(apps).set({ promotion_value: '12.5' }).where(eq(apps.id, ids.puzzle));
    await t.database.db.update(apps).set({ promotion_value: '3' }).where(eq(apps.id, ids.metro));
    await t.database.db.update(apps).set({ is_favorite: true }).where(eq(apps.id, ids.iosFitness));
    // Someone else's app never shows.
    const other = await makeUser(t.database.db);
    await makeApp(t.deps, other.user.id, { package: GP.fitness });
  });
  const list = async (query: string) => {
    const res = await t.call('GET', `apps?${query}`, auth);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: App[];
      count: number;
      counts: Record<string, number>;
      meta: { total: number; last_page: number; current_page: number; per_page: number };
    };
  };
  const titles = (body: { data: App[] }) => body.data.map((app) => app.id);

  it('lists the newest first with banned apps last, with counts per tab', async () => {
    const body = await list('');
    expect(titles(body)).toEqual([ids.metro, ids.iosFitness, ids.fitness, ids.puzzle]);
    expect(body.count).toBe(4);
    expect(body.meta).toEqual({ total: 4, current_page: 1, last_page: 1, per_page: 10 });
    expect(body.counts).toEqual({ all: 4, fav: 1, ban: 1, android: 3, ios: 1 });
    const banned = body.data.find((app) => app.id === ids.puzzle)!;
    expect(banned.is_alive).toBe(false);
    expect(banned.status_message).toBe(MESSAGES.appRemoved);
  });

  it('filters fav, ban and by store (1 / 2 or android / ios)', async () => {
    expect(titles(await list('filter=fav'))).toEqual([ids.iosFitness]);
    expect(titles(await list('filter=ban'))).toEqual([ids.puzzle]);
    expect(titles(await list('appstore=2'))).toEqual([ids.iosFitness]);
    expect(titles(await list('appstore=ios'))).toEqual([ids.iosFitness]);
    expect(titles(await list('appstore=android&filter=all'))).toEqual([ids.metro, ids.fitness, ids.puzzle]);
  });

  it('searches title, developer and package', async () => {
    expect(titles(await list('search=metro'))).toEqual([ids.metro]);
    expect(titles(await list('search=demo.puzzle'))).toEqual([ids.puzzle]);
    expect((await list('search=storelift%20demo%20studio')).count).toBe(4);
    expect((await list('search=%25_')).count).toBe(0);
  });

  it('sorts by title, developer, favorite and most promoted, banned always last', async () => {
    // Equal titles: the newest first.
    expect(titles(await list('sortBy=title'))).toEqual([ids.iosFitness, ids.fitness, ids.metro, ids.puzzle]);
    expect(titles(await list('sortBy=title&sortType=desc'))).toEqual([
      ids.metro,
      ids.iosFitness,
      ids.fitness,
      ids.puzzle,
    ]);
    expect(titles(await list('sortBy=favorite'))[0]).toBe(ids.iosFitness);
    expect(titles(await list('sortBy=promotion_value'))).toEqual([
      ids.metro,
      ids.iosFitness,
      ids.fitness,
      ids.puzzle,
    ]);
    expect((await list('sortBy=developer')).data.at(-1)!.id).toBe(ids.puzzle);
  });

  it('pages', async () => {
    const body = await list('limit=3&page=2');
    expect(titles(body)).toEqual([ids.puzzle]);
    expect(body.meta).toEqual({ total: 4, current_page: 2, last_page: 2, per_page: 3 });
    expect((await list('limit=12&page=9')).data).toEqual([]);
  });

  it.each(['filter=gone', 'appstore=3', 'sortBy=price', 'sortType=up', 'limit=0', 'limit=101', 'page=0'])(
    'answers 422 to %s',
    async (query) => {
      const res = await t.call('GET', `apps?${query}`, auth);
      expect(res.statusCode).toBe(422);
    },
  );
});

describe('store search, show by package, read, update, toggle', () => {
  let auth: Headers;
  let userId: number;
  let fitness: App;
  let stranger: Headers;
  beforeAll(async () => {
    ({
      auth,
      user: { id: userId },
    } = await makeUser(t.database.db));
    fitness = await makeApp(t.deps, userId, { package: GP.fitness });
    stranger = (await makeUser(t.database.db)).auth;
  });

  it('searches a store and marks the apps already added', async () => {
    const res = await t.call('GET', 'apps/search?appstore=1&country=US&keyword=home%20workout', auth);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { package: string; added: boolean; is_free: boolean }[] };
    expect(data.length).toBeGreaterThan(1);
    expect(data.length).toBeLessThanOrEqual(20);
    expect(data.find((app) => app.package === GP.fitness)).toMatchObject({ added: true, is_free: true });
    expect(data.filter((app) => app.added)).toHaveLength(1);
  });

  it('looks an id or store link up instead of searching', async () => {
    const byId = (
      await t.call('GET', `apps/search?appstore=2&country=US&keyword=${IOS.puzzle}`, auth)
    ).json();
    expect(byId.data).toHaveLength(1);
    expect(byId.data[0]).toMatchObject({ package: IOS.puzzle, appstore: 2, added: false });
    const link = encodeURIComponent(`https://play.google.com/store/apps/details?id=${GP.paid}`);
    const byLink = (await t.call('GET', `apps/search?appstore=1&country=US&keyword=${link}`, auth)).json();
    expect(byLink.data[0]).toMatchObject({ package: GP.paid, is_free: false });
  });

  it.each([
    'appstore=1&country=US',
    'appstore=1&country=US&keyword=',
    'appstore=5&keyword=x',
    'country=ZZ&keyword=x',
  ])('answers 422 to a search with %s', async (query) => {
    expect((await t.call('GET', `apps/search?${query}`, auth)).statusCode).toBe(422);
  });

  it('shows an app by package, only the caller’s', async () => {
    const res = await t.call(
      'GET',
      `apps/show-by-package?packageId=${GP.fitness}&appstore=1&country=US`,
      auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(fitness.id);
    expect(
      (await t.call('GET', `apps/show-by-package?packageId=${GP.fitness}&appstore=1`, stranger)).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `apps/show-by-package?packageId=${GP.puzzle}`, auth)).statusCode).toBe(404);
    expect((await t.call('GET', `apps/show-by-package?appstore=1`, auth)).statusCode).toBe(422);
    expect((await t.call('GET', `apps/show-by-package?packageId=x&appstore=9`, auth)).statusCode).toBe(422);
  });

  it('reads an app by id, 404 for someone else’s', async () => {
    expect((await t.call('GET', `apps/${fitness.id}`, auth)).json().data.package).toBe(GP.fitness);
    expect((await t.call('GET', `apps/${fitness.id}`, stranger)).statusCode).toBe(404);
    expect((await t.call('GET', 'apps/999999', auth)).statusCode).toBe(404);
    expect((await t.call('GET', 'apps/abc', auth)).statusCode).toBe(422);
  });

  it('updates the favorite flag and the main country', async () => {
    const favorite = await t.call('PUT', `apps/${fitness.id}`, auth, { is_favorite: true });
    expect(favorite.statusCode).toBe(200);
    expect(favorite.json().data.is_favorite).toBe(true);
    const moved = await t.call('PUT', `apps/${fitness.id}`, auth, { country: 'DE' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      country: { code: 'DE' },
      countries: ['DE', 'US'],
      is_alive: true,
    });
    const back = await t.call('PUT', `apps/${fitness.id}`, auth, { country: 'US' });
    expect(back.json().data.countries).toEqual(['US', 'DE']);
  });

  it('refuses updates that break a rule or touch someone else’s app', async () => {
    const china = await t.call('PUT', `apps/${fitness.id}`, auth, { country: 'CN' });
    expect(china.statusCode).toBe(422);
    expect(errorsOf(china).country).toEqual([MESSAGES.appNotInCountry]);
    expect((await t.call('PUT', `apps/${fitness.id}`, auth, {})).statusCode).toBe(422);
    expect((await t.call('PUT', `apps/${fitness.id}`, auth, { country: 'QQ' })).statusCode).toBe(422);
    expect((await t.call('PUT', `apps/${fitness.id}`, auth, { is_favorite: 'yes' })).statusCode).toBe(422);
    expect((await t.call('PUT', `apps/${fitness.id}`, stranger, { is_favorite: false })).statusCode).toBe(
      404,
    );
  });

  it('toggles the favorite flag', async () => {
    const before = (await t.call('GET', `apps/${fitness.id}`, auth)).json().data.is_favorite as boolean;
    const res = await t.call('PUT', 'apps/toggle', auth, { id: fitness.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_favorite).toBe(!before);
    expect((await t.call('PUT', 'apps/toggle', auth, { id: fitness.id })).json().data.is_favorite).toBe(
      before,
    );
    expect((await t.call('PUT', 'apps/toggle', stranger, { id: fitness.id })).statusCode).toBe(404);
    expect((await t.call('PUT', 'apps/toggle', auth, {})).statusCode).toBe(422);
    expect((await t.call('PUT', 'apps/toggle', auth, { id: -1 })).statusCode).toBe(422);
  });
});

describe('deleting apps', () => {
  it('deletes an app with its countries, keywords and rank history; only the caller’s', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const stranger = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.fitness });
    const ios = await makeApp(t.deps, user.id, { appstore: 2, package: IOS.fitness });
    const rows = await makeKeywords(t.deps, app, ['home workout', 'fitness']);
    await checkRanks(t.deps, { keywordIds: rows.map((row) => row.id), source: 'add' });
    const ids = rows.map((row) => row.id);
    expect(
      await t.database.db.select().from(keywordRanks).where(inArray(keywordRanks.keyword_id, ids)),
    ).toHaveLength(2);

    expect((await t.call('DELETE', `apps/${GP.fitness}`, stranger.auth)).statusCode).toBe(404);
    expect((await t.call('DELETE', `apps/${GP.fitness}?appstore=2`, auth)).statusCode).toBe(404);
    expect((await t.call('DELETE', `apps/${GP.fitness}?appstore=7`, auth)).statusCode).toBe(422);
    const res = await t.call('DELETE', `apps/${GP.fitness}`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.actionDeleted, count: 1 });
    expect(await t.database.db.select().from(keywords).where(inArray(keywords.id, ids))).toEqual([]);
    expect(
      await t.database.db.select().from(keywordRanks).where(inArray(keywordRanks.keyword_id, ids)),
    ).toEqual([]);
    expect(await t.database.db.select().from(appCountries).where(eq(appCountries.app_id, app.id))).toEqual(
      [],
    );
    // The store follows from the id's form.
    expect((await t.call('DELETE', `apps/${IOS.fitness}`, auth)).statusCode).toBe(200);
    expect((await t.call('GET', `apps/${ios.id}`, auth)).statusCode).toBe(404);
  });

  it('deletes all banned apps of the caller only', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    const alive = await makeApp(t.deps, user.id, { package: GP.fitness });
    const banned = await makeApp(t.deps, user.id, { package: GP.puzzle });
    const othersBanned = await makeApp(t.deps, other.user.id, { package: GP.puzzle });
    await t.database.db
      .update(apps)
      .set({ is_alive: false })
      .where(inArray(apps.id, [banned.id, othersBanned.id]));
    const res = await t.call('DELETE', 'apps/destroyBanned', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.actionDeleted, count: 1 });
    expect((await t.call('GET', `apps/${alive.id}`, auth)).statusCode).toBe(200);
    expect((await t.call('GET', `apps/${banned.id}`, auth)).statusCode).toBe(404);
    expect((await t.call('GET', `apps/${othersBanned.id}`, other.auth)).statusCode).toBe(200);
    expect((await t.call('DELETE', 'apps/destroyBanned', auth)).json().count).toBe(0);
  });
});

describe('status per country (scheduled refresh)', () => {
  it('marks an app removed from the store as banned with the message, and alive again when back', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.puzzle });
    await t.call('POST', 'apps', auth, { appstore: 1, country: 'GB', package: GP.puzzle });
    const rows = await t.database.db.select().from(appCountries).where(eq(appCountries.app_id, app.id));
    store.removed.add(GP.puzzle);
    try {
      await refreshAppCountries(
        t.deps,
        rows.map((row) => row.id),
      );
    } finally {
      store.removed.delete(GP.puzzle);
    }
    const banned = (await t.call('GET', `apps/${app.id}`, auth)).json().data as App;
    expect(banned.is_alive).toBe(false);
    expect(banned.status_message).toBe(MESSAGES.appRemoved);
    expect(banned.props.filter((prop) => prop.prop_name === 'alive').map((prop) => prop.prop_value)).toEqual([
      false,
      false,
    ]);
    expect(banned.props).toContainEqual({
      prop_name: 'status_message',
      prop_value: MESSAGES.appRemoved,
      country: 'GB',
    });
    expect((await t.call('GET', 'apps?filter=ban', auth)).json().count).toBe(1);

    // The scheduled job queues every app country; the worker brings the app back to life.
    await queueStatusRefresh(t.deps);
    const deadline = Date.now() + 15_000;
    let view = banned;
    while (!view.is_alive && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = (await t.call('GET', `apps/${app.id}`, auth)).json().data;
    }
    expect(view.is_alive).toBe(true);
    expect(view.status_message).toBeNull();
  });

  it('keeps the last status when the store cannot answer', async () => {
    const { user } = await makeUser(t.database.db);
    const app = await makeApp(t.deps, user.id, { package: GP.fitness });
    const rows = await t.database.db.select().from(appCountries).where(eq(appCountries.app_id, app.id));
    store.failing = true;
    try {
      await refreshAppCountries(
        t.deps,
        rows.map((row) => row.id),
      );
    } finally {
      store.failing = false;
    }
    const [row] = await t.database.db.select().from(apps).where(eq(apps.id, app.id));
    expect(row!.is_alive).toBe(true);
  });
});
