import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  aiInsights,
  companies,
  contacts,
  documents,
  stripeEvents,
  updates,
  users,
} from '../../db/schema/index.js';

export type CompanyUpdate = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'subscriptionStatus'
    | 'subscriptionPlan'
    | 'trialEndsAt'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'stripeCustomerEmail'
    | 'subscriptionPeriodEndsAt'
  >
>;

/**
 * Every query is scoped by company id, always the second argument — except the webhook look-ups,
 * which start from what the provider's signed event names (its customer, its event id).
 */
export const subscriptionRepo = {
  async companyById(db: Db, companyId: number) {
    const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    return rows[0];
  },

  /** The company a provider customer belongs to (one customer per company). */
  async companyByCustomer(db: Db, customerId: string) {
    const rows = await db.select().from(companies).where(eq(companies.stripeCustomerId, customerId)).limit(1);
    return rows[0];
  },

  /** Whom billing reminders go to: the company's owners and admins, oldest first. */
  async billingContacts(db: Db, companyId: number) {
    return db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.role, ['owner', 'admin'])))
      .orderBy(asc(users.createdAt));
  },

  async eventSeen(db: Db, eventId: string): Promise<boolean> {
    const rows = await db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId));
    return rows.length > 0;
  },

  /** Records a webhook event; false when it was already recorded (a duplicate delivery). */
  async recordEvent(
    tx: Db,
    companyId: number | null,
    event: { id: string; type: string; createdAt: Date },
  ): Promise<boolean> {
    const rows = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, companyId, createdAt: event.createdAt })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    return rows.length > 0;
  },

  /** Forgets an event whose handling failed after it was recorded, so the provider's retry is handled. */
  async forgetEvent(db: Db, eventId: string) {
    await db.delete(stripeEvents).where(eq(stripeEvents.id, eventId));
  },

  /** The company's row, locked until the caller's transaction ends. */
  async lockCompany(tx: Db, companyId: number) {
    const rows = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    return rows[0];
  },

  async updateCompany(db: Db, companyId: number, values: CompanyUpdate) {
    const rows = await db
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning();
    return rows[0];
  },

  /**
   * Deletes the company's contacts, documents, insights and updates (cancel with "delete data"; its
   * tasks and projects are deleted by their own modules in the same transaction, after these).
   * Answers the stored file paths of the deleted documents, for removal after the transaction commits.
   */
  async deleteCompanyRecords(tx: Db, companyId: number) {
    const deletedUpdates = await tx
      .delete(updates)
      .where(eq(updates.companyId, companyId))
      .returning({ id: updates.id });
    const deletedDocuments = await tx
      .delete(documents)
      .where(eq(documents.companyId, companyId))
      .returning({ filePath: documents.filePath });
    const deletedInsights = await tx
      .delete(aiInsights)
      .where(eq(aiInsights.companyId, companyId))
      .returning({ id: aiInsights.id });
    const deletedContacts = await tx
      .delete(contacts)
      .where(eq(contacts.companyId, companyId))
      .returning({ id: contacts.id });
    return {
      filePaths: deletedDocuments.map((d) => d.filePath),
      counts: {
        contacts: deletedContacts.length,
        documents: deletedDocuments.length,
        insights: deletedInsights.length,
        updates: deletedUpdates.length,
      },
    };
  },
};
