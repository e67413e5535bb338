import type { Config } from '../../config.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export { type FileStorage, newStorageKey, StoredFileMissing } from './storage.js';

const instances = new WeakMap<Config, FileStorage>();

/** The app's one storage, made on first use from the config: S3 when S3_BUCKET is set, else local files. */
export function storageFor(config: Config): FileStorage {
  let storage = instances.get(config);
  if (!storage) {
    storage = config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.storage.dir);
    instances.set(config, storage);
  }
  return storage;
}

/** Releases the storage's connections (the S3 client's sockets); it is made afresh if used again. */
export function closeStorage(config: Config): void {
  instances.get(config)?.close();
  instances.delete(config);
}
