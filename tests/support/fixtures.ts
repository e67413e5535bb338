import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The shared fixtures folder (real estimates and schedules from public sources, never copied into
 * the repository): FIXTURES_DIR when set, else `../shared/fixtures` beside the checkout, else
 * `/work/shared/fixtures`, the workplace's fixed location.
 */
export function fixturesDir(): string {
  const repoRoot = resolve(import.meta.dirname, '../..');
  const candidates = [
    process.env.FIXTURES_DIR,
    join(repoRoot, '../shared/fixtures'),
    '/work/shared/fixtures',
  ];
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, 'README.md'))) return dir;
  }
  throw new Error(
    `The shared fixtures folder was not found (looked in ${candidates.filter(Boolean).join(', ')}). Set FIXTURES_DIR.`,
  );
}

export function fixturePath(...parts: string[]): string {
  return join(fixturesDir(), ...parts);
}

export function readFixture(relativePath: string): Buffer;
export function readFixture(relativePath: string, encoding: BufferEncoding): string;
export function readFixture(relativePath: string, encoding?: BufferEncoding): Buffer | string {
  const path = fixturePath(relativePath);
  return encoding ? readFileSync(path, encoding) : readFileSync(path);
}
