import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage.js';
import { assertStorageKey, newStorageKey, StoredFileMissing } from './storage.js';

const dir = mkdtempSync(join(tmpdir(), 'babe-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = localStorage(join(dir, 'files'));

  it('writes, reads back, and deletes a file under generated keys', async () => {
    const key = newStorageKey(7, 'pdf');
    expect(key).toMatch(/^7\/[0-9a-f-]{36}\.pdf$/);
    const body = Buffer.from('%PDF-1.7 hello');
    await storage.put(key, body, 'application/pdf');
    expect(await storage.exists(key)).toBe(true);
    expect(await buffer(await storage.get(key))).toEqual(body);
    // written whole: no temporary file is left next to it
    expect(readdirSync(join(dir, 'files', '7'))).toEqual([key.slice(2)]);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting twice is fine
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it.each([
    '../../etc/passwd',
    '/etc/passwd',
    '7/../../x.pdf',
    '7/name.pdf',
    `7/${'0'.repeat(36)}.pdf/..`,
    '',
  ])('refuses a key it did not make: %j', async (key) => {
    expect(() => assertStorageKey(key)).toThrow(/invalid storage key/);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
  });

  it('never takes part of a key from outside', () => {
    expect(() => newStorageKey(0, 'pdf')).toThrow();
    expect(() => newStorageKey(1, '../x')).toThrow();
  });
});
