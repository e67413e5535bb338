import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Google sign-in in progress: PKCE verifier and state, kept until the callback. */
    oidc?: { codeVerifier: string; state: string; nonce: string };
  }
}

const SESSION_DAYS = 30;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** express-session–compatible store on the `sessions` table. */
function databaseStore(db: Db) {
  return {
    set(
      sid: string,
      session: Session & { cookie?: { expires?: Date | null } },
      done: (err?: unknown) => void,
    ) {
      const expire =
        session.cookie?.expires instanceof Date
          ? session.cookie.expires
          : new Date(Date.now() + SESSION_DAYS * 86_400_000);
      const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      db.insert(sessions)
        .values({ sid, sess, expire })
        .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire } })
        .then(() => done(), done);
    },
    get(sid: string, done: (err: unknown, session?: Session | null) => void) {
      db.select()
        .from(sessions)
        .where(eq(sessions.sid, sid))
        .then((rows) => {
          const row = rows[0];
          if (!row || row.expire.getTime() <= Date.now()) return done(null, null);
          const sess = row.sess as Session & { cookie?: { expires?: string | Date } };
          if (sess.cookie?.expires) sess.cookie.expires = new Date(sess.cookie.expires);
          done(null, sess);
        }, done);
    },
    destroy(sid: string, done: (err?: unknown) => void) {
      db.delete(sessions)
        .where(eq(sessions.sid, sid))
        .then(() => done(), done);
    },
  };
}

/** Ends every session of a user (password reset, account deletion). */
export async function destroyUserSessions(db: Db, userId: string, exceptSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSid
        ? sql`${sessions.sess}->>'userId' = ${userId} and ${sessions.sid} <> ${exceptSid}`
        : sql`${sessions.sess}->>'userId' = ${userId}`,
    );
}

export const sessionsPlugin = fp(async (app: FastifyInstance, opts: { db: Db; secret: string }) => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: opts.secret,
    cookieName: 'sid',
    saveUninitialized: false,
    rolling: true,
    store: databaseStore(opts.db),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      path: '/',
      maxAge: SESSION_DAYS * 86_400_000,
    },
  });

  const purge = () => opts.db.delete(sessions).where(lt(sessions.expire, new Date()));
  const timer = setInterval(() => {
    purge().catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
