import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { projects, tasks, updates, users } from '../../db/schema/index.js';

/**
 * Who a reminder is for: the task's assignee when a member of the company is assigned, otherwise the
 * update's author. The same rule picks who gets the mail and whose bell lists it.
 */
const recipientId = sql<string>`coalesce(${tasks.assignedTo}, ${updates.createdBy})`;

const recipient = alias(users, 'recipient');

/** The reminder with what its mail and the bell show. */
const reminderColumns = {
  id: updates.id,
  companyId: updates.companyId,
  projectId: updates.projectId,
  taskId: updates.taskId,
  message: updates.message,
  priority: updates.priority,
  reminderDate: updates.reminderDate,
  reminderSentAt: updates.reminderSentAt,
  projectName: projects.name,
  taskName: tasks.name,
  recipientEmail: recipient.email,
  recipientFirstName: recipient.firstName,
};

export type ReminderRow = {
  id: number;
  companyId: number;
  projectId: number;
  taskId: number | null;
  message: string;
  priority: string;
  reminderDate: Date | null;
  reminderSentAt: Date | null;
  projectName: string;
  taskName: string | null;
  recipientEmail: string | null;
  recipientFirstName: string | null;
};

function withDetails(db: Db) {
  return db
    .select(reminderColumns)
    .from(updates)
    .innerJoin(projects, eq(projects.id, updates.projectId))
    .leftJoin(tasks, eq(tasks.id, updates.taskId))
    .leftJoin(
      recipient,
      // Only someone still in the company receives it.
      and(eq(recipient.id, recipientId), eq(recipient.companyId, updates.companyId)),
    );
}

/** Reminders not sent yet whose time has come, that no server holds a live claim on. */
const dueAt = (now: Date) =>
  and(
    eq(updates.isReminder, true),
    isNull(updates.reminderSentAt),
    lte(updates.reminderDate, now),
    or(isNull(updates.reminderClaimedUntil), lt(updates.reminderClaimedUntil, now)),
  );

export const remindersRepo = {
  /** The companies with reminders due (the job then serves each in its own scope). */
  async companiesWithDue(db: Db, now: Date): Promise<number[]> {
    const rows = await db
      .selectDistinct({ companyId: updates.companyId })
      .from(updates)
      .where(dueAt(now))
      .orderBy(asc(updates.companyId));
    return rows.map((r) => r.companyId);
  },

  /**
   * Claims up to `limit` due reminders for this server until `leaseUntil`: reminders not sent yet,
   * whose time has come, that no other server holds a live claim on. Rows another server is claiming
   * at this very moment are skipped (`for update skip locked`), so two servers never claim the same
   * reminder. A claim that lapses (its server died mid-send) can be taken again.
   */
  async claimDue(db: Db, companyId: number, now: Date, leaseUntil: Date, limit: number): Promise<number[]> {
    const due = db
      .select({ id: updates.id })
      .from(updates)
      .where(and(eq(updates.companyId, companyId), dueAt(now)))
      .orderBy(asc(updates.reminderDate), asc(updates.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(updates)
      .set({ reminderClaimedUntil: leaseUntil })
      .where(inArray(updates.id, due))
      .returning({ id: updates.id });
    return rows.map((r) => r.id);
  },

  /**
   * Extends this scan's claim on `ids` from `heldUntil` to `leaseUntil`; answers the ids still held.
   * A reminder sent meanwhile, or whose claim lapsed and was taken by another server (it no longer
   * carries `heldUntil`), is left alone and not answered.
   */
  async renewClaims(
    db: Db,
    companyId: number,
    ids: readonly number[],
    heldUntil: Date,
    leaseUntil: Date,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .update(updates)
      .set({ reminderClaimedUntil: leaseUntil })
      .where(
        and(
          eq(updates.companyId, companyId),
          inArray(updates.id, [...ids]),
          isNull(updates.reminderSentAt),
          eq(updates.reminderClaimedUntil, heldUntil),
        ),
      )
      .returning({ id: updates.id });
    return rows.map((r) => r.id);
  },

  /** A claimed reminder of the company with its recipient. */
  async claimedById(db: Db, companyId: number, id: number): Promise<ReminderRow | undefined> {
    const rows = await withDetails(db)
      .where(and(eq(updates.companyId, companyId), eq(updates.id, id)))
      .limit(1);
    return rows[0];
  },

  /** Records the mail as sent, unless the claim was lost to another server that sent it already. */
  async markSent(db: Db, companyId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(updates)
      .set({ reminderSentAt: now, reminderClaimedUntil: null })
      .where(and(eq(updates.companyId, companyId), eq(updates.id, id), isNull(updates.reminderSentAt)))
      .returning({ id: updates.id });
    return rows.length > 0;
  },

  /** The user's due reminders in their company that they have not cleared, newest due first. */
  dueFor(db: Db, companyId: number, userId: string, now: Date, limit: number) {
    return withDetails(db)
      .where(
        and(
          eq(updates.companyId, companyId),
          eq(updates.isReminder, true),
          lte(updates.reminderDate, now),
          isNull(updates.reminderDismissedAt),
          or(eq(tasks.assignedTo, userId), and(isNull(tasks.assignedTo), eq(updates.createdBy, userId))),
        ),
      )
      .orderBy(desc(updates.reminderDate), desc(updates.id))
      .limit(limit);
  },

  /** Clears one of the user's due reminders from their bell; undefined when they have no such reminder. */
  async dismiss(db: Db, companyId: number, userId: string, id: number, now: Date) {
    const mine = db
      .select({ id: updates.id })
      .from(updates)
      .leftJoin(tasks, eq(tasks.id, updates.taskId))
      .where(
        and(
          eq(updates.companyId, companyId),
          eq(updates.id, id),
          eq(updates.isReminder, true),
          or(eq(tasks.assignedTo, userId), and(isNull(tasks.assignedTo), eq(updates.createdBy, userId))),
        ),
      );
    const rows = await db
      .update(updates)
      .set({ reminderDismissedAt: now })
      .where(and(eq(updates.companyId, companyId), sql`${updates.id} in (${mine})`))
      .returning({ id: updates.id });
    return rows[0];
  },
};
