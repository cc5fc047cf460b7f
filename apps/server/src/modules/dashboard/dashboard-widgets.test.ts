import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser, directInstallsBody } from '../../../test/factories.js';
import { FEED_TTL_MS, createBlogFeed, parseFeed } from './blog-feed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const get = async (auth: Auth, path: string) => {
  const res = await t.call('GET', path, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function customerWithCampaign(country = 'US') {
  const { user, auth } = await makeUser(t.deps.db);
  await makeApp(t.deps, user.id);
  await makeTopUp(t.deps.db, user.id, '900');
  const res = await t.call('POST', 'campaigns', auth, directInstallsBody({ country }));
  expect(res.statusCode, res.body).toBe(201);
  return { user, auth };
}

describe('dashboard widgets', () => {
  it('need a session', async () => {
    for (const path of [
      'widgets/country/appstores',
      'widgets/country/popular',
      'widgets/apps/popular',
      'widgets/referrals',
      'widgets/blog/external',
    ])
      expect((await t.call('GET', path, {})).statusCode, path).toBe(401);
  });

  it('top regions and popular apps are the caller’s own; popular countries are counts of everyone', async () => {
    const alice = await customerWithCampaign('US');
    await customerWithCampaign('US');
    const { auth: newcomer } = await makeUser(t.deps.db);

    const regions = (await get(alice.auth, 'widgets/country/appstores')).data;
    expect(regions).toEqual([
      { appstore: 1, countries: [{ code: 'US', name: expect.any(String), campaigns: 1, installs: 0 }] },
      { appstore: 2, countries: [] },
    ]);
    expect((await get(newcomer, 'widgets/country/appstores')).data).toEqual([
      { appstore: 1, countries: [] },
      { appstore: 2, countries: [] },
    ]);

    const apps = (await get(alice.auth, 'widgets/apps/popular')).data;
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ package: 'com.storelift.demo.fitness', appstore: 1 });
    expect(Number(apps[0].promotion_value)).toBeGreaterThan(0);
    expect((await get(newcomer, 'widgets/apps/popular')).data).toEqual([]);

    const popular = (await get(newcomer, 'widgets/country/popular')).data;
    expect(popular[0]).toMatchObject({ code: 'US', campaigns: 2, share: 100 });
    expect(Object.keys(popular[0]).sort()).toEqual(['campaigns', 'code', 'installs', 'name', 'share']);
  });

  it('referrals: the caller’s summary and link', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { data } = await get(auth, 'widgets/referrals');
    expect(data.summary).toMatchObject({ referrals: 0, percent: '10.0000' });
    expect(data.summary.link).toContain('/signup?ref=');
    expect(data.top).toEqual([]);
  });

  it('external blog: the bundled sample without a feed', async () => {
    const { auth } = await makeUser(t.deps.db);
    const blog = await get(auth, 'widgets/blog/external');
    expect(blog.source).toBe('sample');
    expect(blog.data.length).toBeGreaterThan(0);
    expect(blog.data[0]).toMatchObject({ link: expect.stringMatching(/^https:\/\//) });
  });
});

describe('blog feed', () => {
  let server: Server;
  let url: string;
  let body = '';
  let delayMs = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(body);
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ATOM = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
    <entry><title>Older</title><link href="https://blog.example/older"/><updated>2026-01-01T00:00:00Z</updated><summary>a</summary></entry>
    <entry><title>Newer &amp; better</title><link rel="alternate" href="https://blog.example/newer"/><published>2026-02-01T00:00:00Z</published><content>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</content></entry>
    <entry><title>Hostile</title><link href="javascript:alert(1)"/><updated>2026-03-01T00:00:00Z</updated></entry>
  </feed>`;

  it('reads RSS and Atom, newest first, drops non-web links and markup', () => {
    const posts = parseFeed(ATOM)!;
    expect(posts.map((post) => post.title)).toEqual(['Newer & better', 'Older']);
    expect(posts[0]).toMatchObject({
      link: 'https://blog.example/newer',
      published_at: '2026-02-01T00:00:00.000Z',
      summary: 'Hello world',
    });
    expect(parseFeed('<html><body>not a feed</body></html>')).toBeNull();
  });

  it('caches the feed, falls back to the last good posts, and to the sample on a slow or broken feed', async () => {
    body = ATOM;
    delayMs = 0;
    hits = 0;
    let clock = Date.now();
    const read = createBlogFeed(url, () => clock);
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.source).toBe('feed');
    expect(second).toBe(first);
    expect(await read()).toBe(first);
    expect(hits).toBe(1);
    // Stale, and the blog now answers garbage: the last good posts stay.
    clock += FEED_TTL_MS + 1;
    body = 'garbage';
    expect(await read()).toBe(first);
    expect(hits).toBe(2);

    // A broken feed on a fresh reader: the sample; a slow one: the sample after the timeout.
    body = 'garbage';
    expect((await createBlogFeed(url)()).source).toBe('sample');
    body = ATOM;
    delayMs = 5_000;
    const started = Date.now();
    expect((await createBlogFeed(url)()).source).toBe('sample');
    expect(Date.now() - started).toBeLessThan(4_500);
    delayMs = 0;
  }, 15_000);
});
