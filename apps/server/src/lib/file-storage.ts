import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The default keeps them on disk under DATA_DIR/files; an object store would
 * implement the same three calls. Keys are made here (`folder/uuid.ext`), never taken from a request.
 */
export interface FileStorage {
  /** Stores the bytes under a new key in `folder` and answers the key. */
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  open(key: string): Promise<Readable | undefined>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z-]+\/[0-9a-f-]{36}\.[a-z]{1,5}$/;

/** Files under `root` (DATA_DIR/files), written to a temporary name and renamed into place. */
export function diskFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(folder, extension, bytes) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.part`, bytes);
      await rename(`${path}.part`, path);
      return key;
    },
    async open(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => undefined);
      return found?.isFile() ? createReadStream(path) : undefined;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The storage the configuration names: today the disk under DATA_DIR. */
export const fileStorage = (config: { dataDir: string }): FileStorage =>
  diskFileStorage(join(config.dataDir, 'files'));
