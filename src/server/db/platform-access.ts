/**
 * The platform operators' path across companies: the one way the app reads every company's rows,
 * and each use leaves a row in `platform_access_log` first. The work runs as the platform role,
 * which may read every company's rows and write none of them.
 */
import type { Db } from './client.js';
import { platformAccessLog } from './schema/index.js';
import { withPlatformScope } from './tenant-scope.js';

export interface PlatformAccess {
  /** Who asks: the operator's user id (or the name of the work). */
  actor: string;
  /** What for, in a few words. */
  reason: string;
}

/** Records `access`, then runs `work` able to read every company's rows through `db` (the app's handle). */
export function withPlatformAccess<T>(db: Db, access: PlatformAccess, work: () => Promise<T>): Promise<T> {
  return withPlatformScope(async () => {
    await db.insert(platformAccessLog).values({ actor: access.actor, reason: access.reason });
    return work();
  });
}
