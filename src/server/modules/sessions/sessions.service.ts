import { createHash } from 'node:crypto';
import type { SessionDto } from '../../../contracts/sessions.js';
import type { AppContext } from '../../context.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { sessionsRepo } from './sessions.repo.js';

/** A name for a session in lists, from which its id cannot be found. */
const publicId = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 16);

export function sessionsService(ctx: AppContext) {
  return {
    /** The user's live sessions; `currentSid` is the asking one, listed first. */
    async list(userId: string, currentSid: string): Promise<SessionDto[]> {
      const rows = await sessionsRepo.live(ctx.db, userId, ctx.now(), ctx.config.session);
      return rows
        .map((row) => ({
          id: publicId(row.sid),
          current: row.sid === currentSid,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expire.toISOString(),
          userAgent: row.userAgent,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Signs the user out everywhere but in the asking session. */
    endOthers(userId: string, currentSid: string): Promise<number> {
      return ctx.db.transaction((tx) => destroyUserSessions(tx, userId, currentSid));
    },
  };
}
