import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // dist/.vite holds the build manifest, which the server never serves.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes the brotli and gzip copy of one file, each only where it is smaller than the file itself. */
async function precompressFile(path: string) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? writeFile(`${path}.br`, br) : undefined,
    gzipped.length < source.length ? writeFile(`${path}.gz`, gzipped) : undefined,
  ]);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (public files included), at the
 * highest levels once at build time, so the server sends them by Accept-Encoding without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'storelift-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) work.push(precompressFile(path));
      await Promise.all(work);
    },
  };
}
