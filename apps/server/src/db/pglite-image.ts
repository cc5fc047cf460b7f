import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';

/*
 * A fresh PGlite database costs initdb (2.5-5 s on a 2-core machine), every migration and pg-boss's schema; a
 * prepared image of that state is copied in about half a second. The image is made once per PGlite version,
 * extension set and recipe (the migrations' content, pg-boss's version), and kept in node_modules/.cache next to
 * PGlite (`npm ci` drops it, a new migration replaces it). It holds no rows of ours: reference and demo data (and
 * the signing secret) stay per database.
 */

/** Bump when the way an image is made changes, so older images are not used. */
const IMAGE_FORMAT = 1;

/** A prepared database: a PGlite data directory to copy, and the same state as a tarball for in-memory databases. */
export interface PgliteImage {
  dataDir: string;
  tarball: string;
}

/** How to make an image, and what it is made from. */
export interface ImageRecipe {
  extensions: Extensions;
  /** Folders (the migrations) whose files the image is made from: a changed file makes a new image. */
  folders: readonly string[];
  /** Other inputs, such as a library's version: a change makes a new image. */
  versions: readonly string[];
  /** Brings a new database to the state the image keeps. */
  setUp(client: PGlite): Promise<void>;
}

const require = createRequire(import.meta.url);
// .../node_modules/@electric-sql/pglite/dist/index.cjs
const pgliteDist = dirname(require.resolve('@electric-sql/pglite'));
const cacheRoot = join(pgliteDist, '..', '..', '..', '.cache', 'storelift-db-image');

/**
 * The image for the current migrations, made first when missing; undefined (after a warning) when it cannot be
 * made, e.g. in a read-only install, so the caller falls back to PGlite's own initdb.
 */
export async function preparedImage(recipe: ImageRecipe): Promise<PgliteImage | undefined> {
  const path = join(cacheRoot, imageKey(recipe));
  const image = { dataDir: join(path, 'pgdata'), tarball: join(path, 'pgdata.tar') };
  if (existsSync(image.tarball)) return image;
  try {
    await makeImage(path, recipe);
    pruneOtherImages(path);
    return image;
  } catch (error) {
    console.warn(`[db] no prepared database image (${(error as Error).message}); running initdb instead`);
    return undefined;
  }
}

/**
 * PGlite's options for a new database that starts as the image: copied into `dataDir` (an interrupted copy leaves
 * no half database there), or the tarball loaded in memory without one.
 */
export function startFromImage(image: PgliteImage, dataDir: string | undefined): { loadDataDir?: Blob } {
  const restoring = `${dataDir}.restoring`;
  try {
    if (!dataDir) return { loadDataDir: new Blob([readFileSync(image.tarball)]) };
    rmSync(restoring, { recursive: true, force: true });
    cpSync(image.dataDir, restoring, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(restoring, dataDir);
  } catch (error) {
    // A newer image (a migration added meanwhile) may have pruned this one: PGlite's initdb still makes it.
    console.warn(
      `[db] the prepared database image is gone (${(error as Error).message}); running initdb instead`,
    );
    if (dataDir) rmSync(restoring, { recursive: true, force: true });
  }
  return {};
}

/** True when `dataDir` already holds a PGlite database. */
export function holdsDatabase(dataDir: string) {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

function imageKey({ extensions, folders, versions }: ImageRecipe) {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(pgliteDist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  for (const input of [IMAGE_FORMAT, pglite.version, ...Object.keys(extensions).sort(), ...versions])
    hash.update(`${input}\0`);
  for (const folder of folders) {
    for (const file of filesUnder(folder)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length))
    .sort();
}

// Built in a directory of its own and renamed into place, so a reader never sees half an image; when several
// processes (test workers) make it at once, the first rename wins and the others drop theirs.
async function makeImage(path: string, { extensions, setUp }: ImageRecipe) {
  const building = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(building, { recursive: true });
    const client = new PGlite({ dataDir: join(building, 'pgdata'), extensions });
    let tarball: Blob;
    try {
      await setUp(client);
      await client.exec('checkpoint');
      tarball = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    writeFileSync(join(building, 'pgdata.tar'), new Uint8Array(await tarball.arrayBuffer()));
    try {
      renameSync(building, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

// Images of earlier migrations are 80 MB each and never used again.
function pruneOtherImages(path: string) {
  for (const name of readdirSync(cacheRoot)) {
    const other = join(cacheRoot, name);
    if (other !== path && !name.endsWith('.tmp')) rmSync(other, { recursive: true, force: true });
  }
}
