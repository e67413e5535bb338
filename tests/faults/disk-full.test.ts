/**
 * Drill: the disk holding uploaded documents fills up in the middle of an upload. DATA_DIR is a
 * tmpfs of 8 MB (mounted here, so it needs root); the database is a PostgreSQL of the drill's own.
 * The user is told plainly that there is no room (507 with a message), and the upload leaves
 * nothing behind: no document row, no file, whole or partial, of any of its files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from './support/figures.js';
import { SKIP_ENV } from './support/global-setup.js';
import { type PostgresInstance, startPostgresInstance } from './support/postgres-instance.js';
import { Client, type ServerProcess, startServer } from './support/server.js';

const MB = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'babe-faults-disk-'));
let mounted = false;
let mountProblem: string | undefined;
let instance: PostgresInstance | undefined;
let server: ServerProcess | undefined;

/** A text file of `size` bytes, as a form part. */
function textFile(size: number): Blob {
  const line = 'Drill notes: pour schedule, rebar inspection, formwork stripping.\n';
  return new Blob([line.repeat(Math.ceil(size / line.length)).slice(0, size)], { type: 'text/plain' });
}

function form(files: Record<string, number>): FormData {
  const body = new FormData();
  for (const [name, size] of Object.entries(files)) body.append('file', textFile(size), name);
  return body;
}

/** Every file under `dir`, with its size. */
function filesUnder(dir: string): { path: string; size: number }[] {
  const found: { path: string; size: number }[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ path, size: statSync(path).size });
  }
  return found;
}

afterAll(async () => {
  await server?.kill();
  instance?.remove();
  if (mounted) spawnSync('umount', [dataDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env[SKIP_ENV]))('drill: the disk fills during an upload', () => {
  beforeAll(async () => {
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dataDir], {
      encoding: 'utf8',
    });
    mounted = mount.status === 0;
    if (!mounted) {
      mountProblem = `mount -t tmpfs failed (${mount.stderr.trim() || mount.status})`;
      console.error(
        `\n*** DISK-FULL DRILL SKIPPED: ${mountProblem}; a small filesystem is needed as DATA_DIR.\n`,
      );
      return;
    }
    instance = await startPostgresInstance();
    server = await startServer({
      DATABASE_URL: instance.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'fault-drill-secret-fault-drill-secret-0002',
      REMINDERS_ENABLED: 'false',
    });
  });

  it('answers 507 with a message and leaves no row and no file of the failed upload', async (context) => {
    if (!mounted) {
      context.skip(mountProblem);
      return;
    }
    if (!server || !instance) throw new Error('no server');
    const user = new Client(server.url);
    const projectId = await user.newCompanyWithProject('Disk');
    const path = `/api/projects/${projectId}/documents`;
    const filesDir = join(dataDir, 'files');

    // A first upload fits, and stays.
    await user.ok(user.post(path, form({ 'specs.txt': 3 * MB })), 201);
    const kept = filesUnder(filesDir);
    expect(kept).toHaveLength(1);

    // Two files: the first fits, the second meets the full disk; neither may stay.
    const both = await user.post(path, form({ 'fits.txt': 2 * MB, 'too-big.txt': 6 * MB }));
    // One file larger than all the room there is.
    const single = await user.post(path, form({ 'drawings.txt': 10 * MB }));
    for (const answer of [both, single]) {
      expect(answer.status, answer.body).toBe(507);
      const body = JSON.parse(answer.body) as { message: string; code: string };
      expect(body.code).toBe('storage_full');
      expect(body.message).toMatch(/space|room|full/i);
    }
    expect(filesUnder(filesDir)).toEqual(kept);
    const check = new pg.Client({ connectionString: instance.url });
    await check.connect();
    try {
      const rows = await check.query<{ name: string }>(
        'select original_name as name from documents where project_id = $1',
        [projectId],
      );
      expect(rows.rows.map((r) => r.name)).toEqual(['specs.txt']);
    } finally {
      await check.end();
    }

    // Room again for what fits: the server carries on normally.
    await user.ok(user.post(path, form({ 'notes.txt': MB })), 201);
    expect(filesUnder(filesDir)).toHaveLength(2);

    record('Disk full during an upload', {
      'tmpfs size (MB)': 8,
      'two-file upload meeting the full disk': `${both.status} in ${Math.round(both.ms)} ms`,
      'single file larger than the disk': `${single.status} in ${Math.round(single.ms)} ms`,
      'files and rows left of the failed uploads': 0,
    });
  }, 300_000);
});
