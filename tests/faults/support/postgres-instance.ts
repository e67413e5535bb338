/**
 * A PostgreSQL server of the drill's own: its own data folder, port and socket folder, so that
 * stopping it hard hurts nobody else (the machine's shared PostgreSQL serves other test runs).
 * PostgreSQL refuses to run as root, so every binary runs as the `postgres` OS user.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's binaries, or undefined when there are none. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : undefined;
}

/** Why the drills cannot run here, or undefined when they can. */
export function whyNoPrivatePostgres(): string | undefined {
  if (!postgresBinDir()) return `no PostgreSQL binaries under ${PG_ROOT}/*/bin`;
  if (process.getuid?.() !== 0)
    return 'not root: the drills run PostgreSQL as the postgres user through runuser';
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return 'no postgres OS user';
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface PostgresInstance {
  /** A superuser's URL of the `postgres` database on it. */
  url: string;
  port: number;
  /** Stops it as a crash would (`pg_ctl -m immediate`): no checkpoint, every connection cut. */
  crash(): Promise<void>;
  /** Starts it again (crash recovery first) and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it, if running, and removes its folder. */
  remove(): void;
}

/** The same, without blocking this process (the drill's load keeps going meanwhile). */
function asPostgresLater(bin: string, args: string[], timeoutMs = 120_000): Promise<void> {
  return new Promise((done, fail) => {
    execFile(
      'runuser',
      ['-u', 'postgres', '--', bin, ...args],
      { timeout: timeoutMs },
      (err, _out, stderr) =>
        err ? fail(new Error(`${bin} ${args.join(' ')} failed: ${String(err)} ${stderr}`)) : done(),
    );
  });
}

function asPostgres(bin: string, args: string[], timeoutMs = 120_000): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function startPostgresInstance(): Promise<PostgresInstance> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  const root = mkdtempSync(join(tmpdir(), 'babe-faults-pg-'));
  chownSync(root, uid, gid);
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  const port = await freePort();
  const pgCtl = join(bin, 'pg_ctl');
  try {
    asPostgres(join(bin, 'initdb'), [
      '-D',
      data,
      '--auth=trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  // fsync off: an immediate stop is a crash of PostgreSQL, never of the machine, so what it wrote is
  // in the OS's cache and crash recovery reads it back; it only saves the disk's time.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const startArgs = ['-D', data, '-l', log, '-w', '-t', '120', '-o', options, 'start'];
  const start = () => asPostgresLater(pgCtl, startArgs);
  const crash = () => asPostgresLater(pgCtl, ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
  try {
    asPostgres(pgCtl, startArgs);
  } catch (err) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    removeFolder(root);
    throw new Error(`the drill's PostgreSQL did not start: ${String(err)}\n${text}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    crash,
    start,
    remove: () => removeFolder(root),
  };
}

function removeFolder(root: string): void {
  const bin = postgresBinDir();
  const data = join(root, 'data');
  if (bin && existsSync(join(data, 'postmaster.pid'))) {
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
    } catch {
      // Not running after all (a stale pid file): nothing to stop.
    }
  }
  rmSync(root, { recursive: true, force: true, maxRetries: 5 });
}
