import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser } from '../test/factories.js';

/** A hashed asset big enough that compression matters, and an index page, as the web build leaves them. */
const SCRIPT = Buffer.from(
  `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`,
);
const INDEX = Buffer.from(
  `<!doctype html><title>Storelift</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`,
);

describe('compression', () => {
  let t: TestApp;
  let webDist: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'storelift-web-'));
    mkdirSync(join(webDist, 'assets'));
    for (const [name, bytes] of [
      ['assets/page-AbC123.js', SCRIPT],
      ['index.html', INDEX],
    ] as const) {
      writeFileSync(join(webDist, name), bytes);
      writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(bytes));
      writeFileSync(join(webDist, `${name}.gz`), gzipSync(bytes));
    }
    // A file the build did not compress (too small to gain) is sent as it is.
    writeFileSync(join(webDist, 'assets', 'tiny-AbC123.css'), 'a{}');
    t = await buildTestApp({ config: { webDist }, workers: false });
    ({ auth } = await makeUser(t.deps.db));
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('sends the brotli copy of a hashed asset to a browser that accepts br, immutable and decoding to the same bytes', async () => {
    const res = await get('/assets/page-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/page-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(SCRIPT)).toBe(true);

    const plain = await get('/assets/page-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true);

    const tiny = await get('/assets/tiny-AbC123.css', { 'accept-encoding': 'br' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-type']).toContain('text/css');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the app page compressed and never cached at / and at client routes', async () => {
    for (const url of ['/', '/campaigns']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).equals(INDEX), url).toBe(true);
    }
  });

  it('compresses a large JSON answer of the API and leaves a small one as it is', async () => {
    const large = await get('/api/private/v1/country', { ...auth, 'accept-encoding': 'br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString('utf8')) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(10);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);

    const gzipped = await get('/api/private/v1/country', { ...auth, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(body);

    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });

    // A client that asks for nothing (the API's scripts, the tests) gets plain JSON.
    const plain = await get('/api/private/v1/country', auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });

  it('streams the staff CSV export compressed, still as a download', async () => {
    const { auth: staff } = await makeUser(t.deps.db, { roles: ['admin'] });
    const res = await get('/api/admin/v1/payments/export', { ...staff, 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-disposition']).toContain('payments.csv');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8').split('\n')[0]).toContain(',');
  });
});
