import { describe, expect, it } from 'vitest';
import type { App, AppListResponse } from '@storelift/shared';
import { countryStatuses, mergeAppPages, withAppReplaced } from './app-lists';

function makeApp(overrides: Partial<App> = {}): App {
  return {
    uuid: 'u1',
    id: 1,
    package: 'com.example.app',
    icon: '',
    title: 'Example',
    votes: 10,
    rating: 4.5,
    price: '0',
    developer: 'Dev',
    appstore: 1,
    content_rating: 'Everyone',
    url: 'https://play.google.com/store/apps/details?id=com.example.app',
    country: { id: 1, code: 'US', name: 'United States' },
    countries: ['US'],
    is_alive: true,
    status_message: null,
    is_favorite: false,
    promotion_value: '0.0000',
    props: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function page(data: App[], current = 1): AppListResponse {
  return {
    data,
    count: 3,
    counts: { all: 3, fav: 0, ban: 0, android: 3, ios: 0 },
    meta: { total: 3, current_page: current, last_page: 2, per_page: 2 },
  };
}

describe('mergeAppPages', () => {
  it('appends pages without duplicates by uuid', () => {
    const a = makeApp({ uuid: 'a', id: 1 });
    const b = makeApp({ uuid: 'b', id: 2 });
    const c = makeApp({ uuid: 'c', id: 3 });
    // An app added meanwhile shifted the second page by one: b comes again.
    expect(mergeAppPages([page([a, b]), page([b, c], 2)]).map((app) => app.uuid)).toEqual(['a', 'b', 'c']);
  });
});

describe('withAppReplaced', () => {
  it('writes the toggled app into every loaded page', () => {
    const a = makeApp({ uuid: 'a', id: 1 });
    const b = makeApp({ uuid: 'b', id: 2 });
    const cached = { pages: [page([a]), page([b], 2)], pageParams: [1, 2] };
    const toggled = { ...b, is_favorite: true };
    const next = withAppReplaced(cached, toggled);
    expect(next.pages[1]?.data[0]?.is_favorite).toBe(true);
    expect(next.pages[0]).toBe(cached.pages[0]);
  });

  it('writes it into a plain list and leaves other data alone', () => {
    const a = makeApp({ uuid: 'a' });
    const list = page([a]);
    expect(withAppReplaced(list, { ...a, is_favorite: true }).data[0]?.is_favorite).toBe(true);
    expect(withAppReplaced(undefined, a)).toBeUndefined();
    const unrelated = page([makeApp({ uuid: 'z' })]);
    expect(withAppReplaced(unrelated, a)).toBe(unrelated);
  });
});

describe('countryStatuses', () => {
  it('reads alive or banned per country from the props, main country first', () => {
    const app = makeApp({
      country: { id: 2, code: 'GB', name: 'United Kingdom' },
      countries: ['GB', 'us', 'DE'],
      props: [
        { prop_name: 'alive', prop_value: true, country: 'GB' },
        { prop_name: 'alive', prop_value: false, country: 'US' },
        {
          prop_name: 'status_message',
          prop_value: 'The app is not available in this country',
          country: 'US',
        },
        { prop_name: 'is_pending', prop_value: false, country: 'US' },
      ],
    });
    expect(countryStatuses(app)).toEqual([
      { country: 'GB', alive: true, pending: false, message: null, main: true },
      {
        country: 'US',
        alive: false,
        pending: false,
        message: 'The app is not available in this country',
        main: false,
      },
      { country: 'DE', alive: true, pending: true, message: null, main: false },
    ]);
  });

  it("takes the main country's status from the app itself", () => {
    const app = makeApp({
      is_alive: false,
      status_message: 'App removed from the store',
      props: [{ prop_name: 'alive', prop_value: false, country: 'US' }],
    });
    expect(countryStatuses(app)[0]).toMatchObject({ alive: false, message: 'App removed from the store' });
  });
});
