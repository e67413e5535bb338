import { createInsertSchema, createUpdateSchema } from 'drizzle-zod';
import {
  aiInsights,
  companies,
  contacts,
  documents,
  feedback,
  projects,
  tasks,
  updates,
  users,
} from './index.js';

/**
 * Insert and update schemas derived from the tables: ids, tenant ids and timestamps are omitted
 * (the server sets them). Request bodies are validated by the hand-written schemas in src/contracts,
 * which carry the spec's messages; these guard writes that do not come from a request (imports,
 * generated plans, seeds) against drifting from the table definitions.
 */
// Identity ids (generated always) are already left out of the derived insert schemas.
const serverSet = { createdAt: true } as const;
const tenantSet = { ...serverSet, companyId: true } as const;

export const insertCompanySchema = createInsertSchema(companies).omit({ ...serverSet, updatedAt: true });
export const insertUserSchema = createInsertSchema(users).omit({ ...serverSet, id: true, updatedAt: true });
export const insertProjectSchema = createInsertSchema(projects).omit(tenantSet);
export const updateProjectSchema = createUpdateSchema(projects).omit(tenantSet);
export const insertTaskSchema = createInsertSchema(tasks).omit(tenantSet);
export const updateTaskSchema = createUpdateSchema(tasks).omit(tenantSet);
export const insertContactSchema = createInsertSchema(contacts).omit(tenantSet);
export const insertInsightSchema = createInsertSchema(aiInsights).omit(tenantSet);
export const insertDocumentSchema = createInsertSchema(documents).omit({ companyId: true, uploadedAt: true });
export const insertUpdateSchema = createInsertSchema(updates).omit(tenantSet);
export const insertFeedbackSchema = createInsertSchema(feedback).omit({ ...serverSet, updatedAt: true });
