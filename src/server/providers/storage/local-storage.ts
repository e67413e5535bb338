import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors.js';
import { assertStorageKey, type FileStorage, StoredFileMissing } from './storage.js';

/** The disk (or the user's quota on it) has no room left for the file. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/**
 * A full disk is the operator's to fix, not a bug to hide behind "Internal error": the uploader is
 * told the file was not stored for lack of room (507), and may try again later.
 */
function storageFull(): AppError {
  return new AppError(
    507,
    'storage_full',
    'The server has no space left to store this file; nothing was saved. Try again later or tell your administrator.',
  );
}

/** Files under one directory (DATA_DIR/files), written whole through a temporary name. */
export function localStorage(dir: string): FileStorage {
  const root = resolve(dir);

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(join(root, key));
    // Belt and braces: the key pattern already rules out `..` and absolute paths.
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the storage directory: ${key}`);
    return path;
  };

  return {
    kind: 'local',

    async put(key, body) {
      const path = pathOf(key);
      const temp = `${path}.${process.pid}.part`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temp, body, { flag: 'wx', mode: 0o600 });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        if (NO_ROOM.has((err as NodeJS.ErrnoException).code ?? '')) throw storageFull();
        throw err;
      }
    },

    async get(key): Promise<Readable> {
      const path = pathOf(key);
      try {
        const handle = await open(path, 'r');
        return handle.createReadStream({ autoClose: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
        throw err;
      }
    },

    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    close() {},
  };
}
