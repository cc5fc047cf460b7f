import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, prepareEmbeddedImage, type Database } from './client.js';
import { startFromImage } from './pglite-image.js';
import { QUEUES } from '../workers.js';

const root = mkdtempSync(join(tmpdir(), 'storelift-image-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tableCount(database: Database) {
  const { rows } = await database.sql.executeSql(
    "select count(*)::int as n from pg_tables where schemaname = 'public'",
  );
  return (rows[0] as { n: number }).n;
}

describe('the prepared database image', () => {
  it('is made once for the current migrations', async () => {
    const image = await prepareEmbeddedImage(QUEUES);
    expect(image).toBeDefined();
    expect(existsSync(join(image!.dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(image!.tarball)).toBe(true);
    expect(await prepareEmbeddedImage(QUEUES)).toEqual(image);
  });

  it('gives a new data directory every migration, and a reopened one keeps its rows', async () => {
    const dir = join(root, 'data', 'db');
    const first = await openDatabase({ pgliteDir: dir, queues: QUEUES });
    await first.migrate();
    expect(await tableCount(first)).toBeGreaterThan(30);
    // pg_trgm came with the image (migration 0008) and its library loads.
    const { rows } = await first.sql.executeSql("select similarity('storelift', 'storelift') as s");
    expect(rows).toEqual([{ s: 1 }]);
    await first.sql.executeSql("insert into settings (key, value) values ('image_test', 'true')");
    await first.close();
    expect(existsSync(`${dir}.restoring`)).toBe(false);

    const again = await openDatabase({ pgliteDir: dir, queues: QUEUES });
    await again.migrate();
    const kept = await again.sql.executeSql("select value from settings where key = 'image_test'");
    expect(kept.rows).toEqual([{ value: true }]);
    await again.close();
  });

  it("gives an in-memory database every migration and pg-boss's queues", async () => {
    const database = await openDatabase({ queues: QUEUES });
    await database.migrate();
    expect(await tableCount(database)).toBeGreaterThan(30);
    const { rows } = await database.sql.executeSql("select 1 from pgboss.queue where name = 'mail.send'");
    expect(rows).toHaveLength(1);
    await database.close();
  });

  it('leaves PGlite to initdb when the image vanished meanwhile (a newer one pruned it)', () => {
    const gone = { dataDir: join(root, 'gone', 'pgdata'), tarball: join(root, 'gone', 'pgdata.tar') };
    const dir = join(root, 'late', 'db');
    expect(startFromImage(gone, dir)).toEqual({});
    expect(existsSync(`${dir}.restoring`)).toBe(false);
    expect(startFromImage(gone, undefined)).toEqual({});
  });
});
