import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk or an S3-compatible bucket, behind one interface. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole file under `key` (a key from `newStorageKey`). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream; throws `StoredFileMissing` when there is no such file. */
  get(key: string): Promise<Readable>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  close(): void;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`stored file ${key} is missing`);
    this.name = 'StoredFileMissing';
  }
}

/** Generated keys only: `<companyId>/<uuid>.<ext>`. Nothing of the uploaded name reaches a path. */
export function newStorageKey(companyId: number, extension: string): string {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('invalid company id');
  if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new Error('invalid extension');
  return `${companyId}/${randomUUID()}.${extension}`;
}

const KEY = /^[0-9]{1,15}\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;

/** Refuses any key that `newStorageKey` could not have made (no `..`, no absolute path, no odd bytes). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
