/**
 * The production set-up of the two URLs: the tables' owner migrates (MIGRATION_DATABASE_URL), the
 * app connects as a login of its own (DATABASE_URL) that owns nothing and is granted the restricted
 * roles by the migration. Two servers started at the same moment on a new database both become ready
 * (roles and grants made once, under the migration lock, or found made). PostgreSQL only: the
 * embedded database has one user.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  adminClient,
  dropTestDatabase,
  newDatabaseName,
  testDatabaseUrlFor,
  testDbKind,
} from '../testing/database.js';
import { Agent } from '../testing/harness.js';

/** A login for the app (server-wide, like every role): may connect, owns nothing, bypasses nothing. */
const APP_LOGIN = 'babe_test_app_login';
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function newDatabaseAndLogin(): Promise<{ ownerUrl: string; appUrl: string }> {
  const name = newDatabaseName('login');
  const admin = await adminClient();
  try {
    await admin.query(`create database "${name}"`);
    // Another test run may make it at the same moment: roles are server-wide.
    await admin.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${APP_LOGIN}') then
        create role ${APP_LOGIN} login nosuperuser nobypassrls;
      end if;
    exception when duplicate_object or unique_violation then null; end $$`);
  } finally {
    await admin.end();
  }
  cleanups.push(() => dropTestDatabase(name));
  const ownerUrl = testDatabaseUrlFor(name);
  const app = new URL(ownerUrl);
  app.username = APP_LOGIN;
  app.password = '';
  return { ownerUrl, appUrl: app.toString() };
}

function serverConfig(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-app-login-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

describe.skipIf(testDbKind() !== 'postgres')('the app on a login of its own, migrated by the owner', () => {
  it('two servers starting together both become ready and serve, as a login that can read nothing itself', async () => {
    const { ownerUrl, appUrl } = await newDatabaseAndLogin();
    const env = { DATABASE_URL: appUrl, MIGRATION_DATABASE_URL: ownerUrl };
    const started = await Promise.all([1, 2].map(() => buildApp(serverConfig(env), { logger: false })));
    try {
      for (const { app } of started) {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      const [one, two] = started;
      if (!one || !two) throw new Error('two servers');
      const agent = new Agent(one.app);
      await agent.signUpWithCompany();
      const projectId = await agent.createProject({ name: 'Library' });
      // The same session on the other server (one database) sees the project.
      const other = new Agent(two.app);
      other.setCookie('sid', agent.sessionCookie ?? '');
      const listed = await other.get('/api/projects');
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { id: number }[]).map((p) => p.id)).toEqual([projectId]);

      const admin = await adminClient();
      try {
        const { rows } = await admin.query(
          `select r.rolsuper, r.rolbypassrls, pg_has_role($1, 'babe_app', 'MEMBER') as member
             from pg_roles r where r.rolname = $1`,
          [APP_LOGIN],
        );
        expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, member: true }]);
      } finally {
        await admin.end();
      }
      // The login itself has no privilege on the tables: only the roles it switches to do.
      const pool = new pg.Pool({ connectionString: appUrl, max: 1 });
      try {
        await expect(pool.query('select count(*) from projects')).rejects.toMatchObject({ code: '42501' });
        const owners = await pool.query(
          `select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = $1`,
          [APP_LOGIN],
        );
        expect(owners.rows).toEqual([{ n: 0 }]);
      } finally {
        await pool.end();
      }
    } finally {
      for (const { app } of started) await app.close();
    }
  });
});
