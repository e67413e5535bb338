import type { FastifyBaseLogger } from 'fastify';
import type { ReminderDto } from '../../../contracts/updates.js';
import type { AppContext } from '../../context.js';
import { withPlatformScope, withTenant } from '../../db/tenant-scope.js';
import { notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { type ReminderRow, remindersRepo } from './reminders.repo.js';

/**
 * How long a claim on reminders lasts unless renewed: past it, another server may send them. A scan
 * renews its claim every REMINDER_RENEW_MS while it sends, so a slow mail server keeps it; a server
 * that died mid-send lets its reminders go this long after its last renewal, not minutes later.
 */
export const REMINDER_CLAIM_MS = 30_000;
/** How often a scan renews its claim: ten renewals fit in a claim, for a busy machine's late timers. */
const REMINDER_RENEW_MS = 3_000;
/** How long a reminder whose mail failed waits before a scan tries it again. */
const REMINDER_RETRY_MS = 5 * 60_000;
/** Reminders claimed per scan; the rest wait for the next one. */
const CLAIM_BATCH = 50;
/** Due reminders the bell lists. */
const BELL_LIMIT = 20;

export function toReminderDto(row: ReminderRow): ReminderDto {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    projectName: row.projectName,
    taskName: row.taskName,
    message: row.message,
    priority: row.priority,
    reminderDate: row.reminderDate?.toISOString() ?? '',
    sentAt: row.reminderSentAt?.toISOString() ?? null,
  };
}

function reminderMail(row: ReminderRow & { recipientEmail: string }, publicUrl: string): MailMessage {
  const about = row.taskName ? `${row.taskName} (${row.projectName})` : row.projectName;
  const link = row.taskId
    ? `${publicUrl}/projects/${row.projectId}/tasks/${row.taskId}`
    : `${publicUrl}/projects/${row.projectId}`;
  const hello = row.recipientFirstName ? `Hello ${row.recipientFirstName},` : 'Hello,';
  return {
    to: row.recipientEmail,
    subject: `Reminder: ${about}`,
    text: `${hello}\n\nA reminder about ${about}:\n\n${row.message}\n\n${link}\n`,
  };
}

/** Task reminders: the job that mails them when due, and the bell that lists them. */
export function remindersService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Holds the claim on `ids` (made until `claimedUntil`) while the scan sends: renews it every
   * REMINDER_RENEW_MS. `holds(id)` says whether the claim on a reminder was still this scan's at
   * the last renewal (one lost to another server is not sent again here); `done(id)` drops a
   * reminder from the renewals; `stop()` ends them.
   */
  function holdClaims(
    companyId: number,
    ids: readonly number[],
    claimedUntil: Date,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    const held = new Set(ids);
    let until = claimedUntil;
    let renewing: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (renewing || held.size === 0) return;
      const next = new Date(ctx.now().getTime() + REMINDER_CLAIM_MS);
      renewing = remindersRepo
        .renewClaims(db, companyId, [...held], until, next)
        .then((kept) => {
          until = next;
          const still = new Set(kept);
          for (const id of held) if (!still.has(id)) held.delete(id);
        })
        .catch((err: unknown) => log.warn({ err }, 'reminder claims not renewed'))
        .finally(() => {
          renewing = undefined;
        });
    }, REMINDER_RENEW_MS);
    timer.unref();
    return {
      holds: (id: number) => held.has(id),
      /** Until when the claims are held, as last written. */
      until: () => until,
      done: (id: number) => {
        held.delete(id);
      },
      async stop() {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /** Claims the company's due reminders no other server holds, mails them and records them sent. */
  async function sendDueOf(companyId: number, now: Date, log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
    // The claim runs from when it is made, not from when the scan began (earlier companies take time).
    const leaseUntil = new Date(ctx.now().getTime() + REMINDER_CLAIM_MS);
    const ids = await remindersRepo.claimDue(db, companyId, now, leaseUntil, CLAIM_BATCH);
    const claims = holdClaims(companyId, ids, leaseUntil, log);
    try {
      return await sendClaimed(companyId, ids, claims, log);
    } finally {
      await claims.stop();
    }
  }

  async function sendClaimed(
    companyId: number,
    ids: readonly number[],
    claims: ReturnType<typeof holdClaims>,
    log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {
    let sent = 0;
    for (const id of ids) {
      if (!claims.holds(id)) continue;
      const row = await remindersRepo.claimedById(db, companyId, id);
      if (!row) continue;
      const { recipientEmail } = row;
      if (!recipientEmail) {
        log.warn({ updateId: id }, 'reminder has no recipient in its company; not mailed');
        await remindersRepo.markSent(db, companyId, id, ctx.now());
        continue;
      }
      try {
        await ctx.mailer.send(reminderMail({ ...row, recipientEmail }, ctx.config.publicUrl));
      } catch (err) {
        // Not renewed any more, and held a while longer: a later scan (here or elsewhere) tries again
        // once the mail server has had time to recover, not at the next scan.
        claims.done(id);
        const retryAt = new Date(ctx.now().getTime() + REMINDER_RETRY_MS);
        await remindersRepo
          .renewClaims(db, companyId, [id], claims.until(), retryAt)
          .catch((renewErr: unknown) => log.warn({ err: renewErr }, 'failed reminder not held back'));
        log.error({ err, updateId: id }, 'could not mail a reminder; it is tried again later');
        continue;
      }
      if (await remindersRepo.markSent(db, companyId, id, ctx.now())) sent += 1;
      claims.done(id);
    }
    return sent;
  }

  return {
    /**
     * One scan: claims the due reminders no other server holds, mails each to its recipient and
     * records it sent. A reminder whose mail fails keeps its claim until the claim lapses and is then
     * tried again; one whose recipient has left the company is recorded sent without a mail.
     * Answers how many mails went out.
     */
    async sendDue(log: Pick<FastifyBaseLogger, 'error' | 'warn'>): Promise<number> {
      const now = ctx.now();
      // Which companies have reminders due is read across companies (their ids only); each company's
      // reminders are then claimed and sent in its own scope.
      const companyIds = await withPlatformScope(() => remindersRepo.companiesWithDue(db, now));
      let sent = 0;
      for (const companyId of companyIds) {
        sent += await withTenant(companyId, () => sendDueOf(companyId, now, log));
      }
      return sent;
    },

    async due(tenant: Tenant): Promise<ReminderDto[]> {
      const rows = await remindersRepo.dueFor(db, tenant.companyId, tenant.userId, ctx.now(), BELL_LIMIT);
      return rows.map(toReminderDto);
    },

    async dismiss(tenant: Tenant, id: number) {
      if (!(await remindersRepo.dismiss(db, tenant.companyId, tenant.userId, id, ctx.now()))) {
        throw notFound('reminder');
      }
    },
  };
}
