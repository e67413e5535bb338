import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  aiInsights,
  companies,
  contacts,
  documents,
  projects,
  tasks,
  updates,
} from '../../db/schema/index.js';

export type CompanyUpdate = Partial<
  Pick<
    typeof companies.$inferInsert,
    'subscriptionStatus' | 'subscriptionPlan' | 'trialEndsAt' | 'stripeCustomerId' | 'stripeSubscriptionId'
  >
>;

/** Every query is scoped by company id, always the second argument. */
export const subscriptionRepo = {
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
   * Deletes the company's projects, tasks, contacts, documents, insights and updates (cancel with
   * "delete data"). Children first, so nothing depends on the cascade order. Answers the stored file
   * paths of the deleted documents, for removal after the transaction commits.
   */
  async deleteCompanyData(tx: Db, companyId: number) {
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
    const deletedTasks = await tx
      .delete(tasks)
      .where(eq(tasks.companyId, companyId))
      .returning({ id: tasks.id });
    const deletedProjects = await tx
      .delete(projects)
      .where(eq(projects.companyId, companyId))
      .returning({ id: projects.id });
    const deletedContacts = await tx
      .delete(contacts)
      .where(eq(contacts.companyId, companyId))
      .returning({ id: contacts.id });
    return {
      filePaths: deletedDocuments.map((d) => d.filePath),
      counts: {
        projects: deletedProjects.length,
        tasks: deletedTasks.length,
        contacts: deletedContacts.length,
        documents: deletedDocuments.length,
        insights: deletedInsights.length,
        updates: deletedUpdates.length,
      },
    };
  },
};
