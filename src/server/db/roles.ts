/**
 * The privileges of the app's roles, granted after every migration so that tables made by later
 * migrations follow. The roles themselves are made by the migration that turned row-level security
 * on (roles are server-wide; grants are per database). See docs/security.md.
 */
import type { RunSql } from './migrations.js';
import { APP_ROLE, PLATFORM_ROLE } from './tenant-scope.js';

const GRANTS = [
  `grant usage on schema public to ${APP_ROLE}, ${PLATFORM_ROLE}`,
  `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
  `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
  // The audit of platform access: the app adds to it and reads it; nobody rewrites it.
  `revoke update, delete, truncate on platform_access_log from ${APP_ROLE}`,
  `grant select on all tables in schema public to ${PLATFORM_ROLE}`,
  `grant insert on platform_access_log to ${PLATFORM_ROLE}`,
  `grant usage on sequence platform_access_log_id_seq to ${PLATFORM_ROLE}`,
];

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Runs `statement` again if it loses a race: roles are server-wide, so the migrations of two
 * databases on one server may change the same role at the same moment ("tuple concurrently updated").
 */
async function retried(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await statement();
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Grants the roles their privileges, and lets the app's login (`appLogin`, or the migrating user when
 * the app connects as it) switch to them. A login of the app's own is made NOINHERIT: it then holds
 * no privilege itself, only through the role each transaction switches to (a member that inherited
 * the platform role's privileges would read every company's rows without switching). Runs under the
 * migration lock of this database.
 */
export async function grantAppRoles(run: RunSql, appLogin?: string): Promise<void> {
  for (const statement of GRANTS) await run(statement);
  const login = appLogin ? quoteIdent(appLogin) : 'current_user';
  if (appLogin) {
    const [row] = await run('select rolinherit from pg_roles where rolname = $1', [appLogin]);
    if (!row) throw new Error(`The app's login ${appLogin} (in DATABASE_URL) does not exist`);
    if (row.rolinherit) await retried(() => run(`alter role ${login} noinherit`));
  }
  for (const role of [APP_ROLE, PLATFORM_ROLE]) {
    for (let attempt = 1; ; attempt++) {
      const [row] = appLogin
        ? await run(`select pg_has_role($1::name, $2::name, 'MEMBER') as "member"`, [appLogin, role])
        : await run(`select pg_has_role(current_user, $1::name, 'MEMBER') as "member"`, [role]);
      if (row?.member) break;
      try {
        await run(`grant ${role} to ${login}`);
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }
}
