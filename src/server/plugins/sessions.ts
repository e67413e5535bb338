import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { and, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { claimPeriodicRun } from '../db/periodic-runs.js';
import { preparedPerDb } from '../db/prepared.js';
import { companies, sessions, users } from '../db/schema/index.js';

/** A user as the request knows them: every column but the password hash. */
export type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;
export type CompanyRow = typeof companies.$inferSelect;

/** What a session keeps between requests. */
export interface SessionData {
  userId?: string;
  /** Google sign-in in progress: PKCE verifier and state, kept until the callback. */
  oidc?: { codeVerifier: string; state: string; nonce: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
    /** The session's user and their company, read with the session in one statement. */
    sessionUser: { user: UserRow; company: CompanyRow | null } | null;
  }
}

export const SESSION_COOKIE = 'sid';
/**
 * How long a session lasts: it ends after `idleMs` without a request, and `maxMs` after it began
 * however busy it is (then its user signs in again). From SESSION_IDLE_MINUTES and SESSION_MAX_DAYS.
 */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}
/**
 * The last use is written at most this often (a tenth of the idle timeout when that is shorter): a
 * signed-in request that changes nothing in its session costs no write, and a session may end this
 * much before its idle timeout.
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;
const touchEvery = (lifetime: SessionLifetime) =>
  Math.min(SESSION_TOUCH_MS, Math.floor(lifetime.idleMs / 10));

/** When a session that began at `createdAt` and was used at `usedAt` ends. */
export function sessionExpiry(lifetime: SessionLifetime, createdAt: Date, usedAt: Date): Date {
  return new Date(Math.min(usedAt.getTime() + lifetime.idleMs, createdAt.getTime() + lifetime.maxMs));
}

/** A stored session's times, as its row holds them. */
interface StoredTimes {
  expire: Date;
  createdAt: Date;
  lastUsedAt: Date;
}
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A browser's own name is kept to this length (it is only shown). */
const USER_AGENT_CHARS = 300;

/**
 * One request's view of its session. Nothing is stored until something is set (a visitor who only
 * reads pages gets no session row); `regenerate` gives a new id (sign-in), `destroy` ends it.
 */
export class RequestSession {
  private changed = false;
  private ended = false;
  /** The id whose row must go when this session was regenerated or destroyed. */
  private replaced: string | null = null;

  constructor(
    /** The stored session's id; null for a new one, whose id is drawn when first needed. */
    private id: string | null,
    private data: SessionData,
    /** The stored row's times; null for a session not stored yet. */
    private stored: StoredTimes | null,
  ) {}

  /** Drawn on first use: most requests come without a session and never store one. */
  get sessionId(): string {
    this.id ??= newSessionId();
    return this.id;
  }
  /** When the session ends unless used again. */
  get cookie(): { expires: Date | null } {
    return { expires: this.stored?.expire ?? null };
  }
  /** When the stored session began; null for one not stored yet. */
  get createdAt(): Date | null {
    return this.stored?.createdAt ?? null;
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] {
    return this.data[key];
  }
  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    if (this.data[key] === value) return;
    if (value === undefined) delete this.data[key];
    else this.data[key] = value;
    this.changed = true;
  }

  /** A new id and no data: the old id cannot be replayed (sign-in, sign-out of a shared browser). */
  async regenerate(): Promise<void> {
    if (this.stored) this.replaced ??= this.id;
    this.id = null;
    this.data = {};
    this.stored = null;
    this.ended = false;
    this.changed = true;
  }

  async destroy(): Promise<void> {
    if (this.stored) this.replaced ??= this.id;
    this.data = {};
    this.stored = null;
    this.ended = true;
    this.changed = false;
  }

  /** What the end of the request must write: nothing, the whole session, its expiry, or a removal. */
  plan(
    now: Date,
    lifetime: SessionLifetime,
  ): { write: 'none' | 'save' | 'touch' | 'remove'; removeId: string | null } {
    const removeId = this.replaced;
    if (this.ended) return { write: 'remove', removeId };
    if (this.changed) return { write: Object.keys(this.data).length ? 'save' : 'remove', removeId };
    const touchDue =
      this.stored !== null && now.getTime() - this.stored.lastUsedAt.getTime() >= touchEvery(lifetime);
    return { write: touchDue ? 'touch' : 'none', removeId };
  }

  toJSON(): SessionData {
    return this.data;
  }
}

function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);

const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      sess: sessions.sess,
      expire: sessions.expire,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      user: userColumns,
      company: companies,
    })
    .from(sessions)
    .leftJoin(users, sql`${users.id} = ${sessions.sess}->>'userId'`)
    .leftJoin(companies, eq(users.companyId, companies.id))
    .where(
      and(
        eq(sessions.sid, sql.placeholder('sid')),
        gt(sessions.expire, sql.placeholder('now')),
        // Also by the lifetime in force now, so that a shorter one set at a restart applies at once.
        gt(sessions.createdAt, sql.placeholder('begunAfter')),
        gt(sessions.lastUsedAt, sql.placeholder('usedAfter')),
      ),
    )
    .limit(1)
    .prepare('session_read'),
);

/**
 * The live session of `sid` with its user and company, in one statement. Every signed-in request
 * runs it, so it is prepared (`preparedPerDb`): built once, and parsed and planned by PostgreSQL once
 * per connection.
 */
async function readSession(db: Db, sid: string, now: Date, lifetime: SessionLifetime) {
  // A placeholder skips the column's own encoding: the time goes as the ISO text it would make.
  const rows = await sessionQuery(db).execute({
    sid,
    now: now.toISOString(),
    begunAfter: new Date(now.getTime() - lifetime.maxMs).toISOString(),
    usedAfter: new Date(now.getTime() - lifetime.idleMs).toISOString(),
  });
  return rows[0];
}

/**
 * Ends every session of a user, or every one but `exceptSid` (the caller's own); answers how many
 * ended. Pass the transaction that changes how the user signs in (a password, a second factor), so
 * both happen or neither.
 */
export async function destroyUserSessions(db: Db, userId: string, exceptSid?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSid
        ? sql`${sessions.sess}->>'userId' = ${userId} and ${sessions.sid} <> ${exceptSid}`
        : sql`${sessions.sess}->>'userId' = ${userId}`,
    )
    .returning({ sid: sessions.sid });
  return ended.length;
}

/**
 * Server-side sessions on the `sessions` table; the cookie holds only the signed session id. A
 * request reads its session, user and company in one statement, and writes only when the session
 * changed or its rolling expiry is due (at most every few minutes). Nothing is cached in the
 * process, so any number of servers can share the database.
 */
export const sessionsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; secret: string; lifetime: SessionLifetime; now?: () => Date },
  ) => {
    const now = opts.now ?? (() => new Date());
    const { lifetime } = opts;
    await app.register(fastifyCookie, { secret: opts.secret });
    app.decorateRequest('session', null as unknown as RequestSession);
    app.decorateRequest('sessionUser', null);

    app.addHook('onRequest', async (request) => {
      request.session = new RequestSession(null, {}, null);
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie) return;
      const unsigned = request.unsignCookie(cookie);
      if (!unsigned.valid || !unsigned.value) return;
      const row = await readSession(opts.db, unsigned.value, now(), lifetime);
      if (!row) return;
      const data = (row.sess ?? {}) as SessionData;
      request.session = new RequestSession(unsigned.value, { ...data }, row);
      if (row.user) request.sessionUser = { user: row.user, company: row.company };
      // The user is gone (account deleted): the session signs nobody in any more.
      else if (data.userId) request.session.set('userId', undefined);
    });

    app.addHook('onSend', async (request, reply) => {
      const session = request.session;
      // A failed request changes no session (its work was not done, and the database may be down).
      if (!session || reply.statusCode >= 500) return;
      const at = now();
      const { write, removeId } = session.plan(at, lifetime);
      if (removeId) await opts.db.delete(sessions).where(eq(sessions.sid, removeId));
      if (write === 'none') return;
      if (write === 'remove') {
        if (!removeId) await opts.db.delete(sessions).where(eq(sessions.sid, session.sessionId));
        clearSessionCookie(reply);
        return;
      }
      const expire = sessionExpiry(lifetime, session.createdAt ?? at, at);
      if (write === 'save') {
        const sess = session.toJSON();
        const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_CHARS) ?? null;
        await opts.db
          .insert(sessions)
          .values({ sid: session.sessionId, sess, expire, createdAt: at, lastUsedAt: at, userAgent })
          .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire, lastUsedAt: at } });
      } else {
        await opts.db
          .update(sessions)
          .set({ expire, lastUsedAt: at })
          .where(eq(sessions.sid, session.sessionId));
      }
      setSessionCookie(request, reply, session.sessionId, at, expire);
    });

    // Once an hour across every server sharing the database: the one that claims the run purges.
    const purge = async () => {
      const at = now();
      if (!(await claimPeriodicRun(opts.db, 'session-purge', PURGE_EVERY_MS, at))) return;
      await opts.db.delete(sessions).where(lt(sessions.expire, at));
    };
    const timer = setInterval(() => {
      purge().catch((err: unknown) => app.log.warn({ err }, 'could not purge expired sessions'));
    }, PURGE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
);

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sid: string,
  at: Date,
  expires: Date,
): void {
  reply.setCookie(SESSION_COOKIE, sid, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    // Secure whenever the browser reached us over HTTPS (directly or through a trusted proxy).
    secure: request.protocol === 'https',
    path: '/',
    // Relative, so that the browser's own clock decides when the cookie lapses.
    maxAge: Math.round((expires.getTime() - at.getTime()) / 1000),
  });
}

function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
