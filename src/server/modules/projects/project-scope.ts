import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { projectsRepo } from './projects.repo.js';

/**
 * For other modules: proves a project belongs to the company (else 404, exactly as a missing one).
 * `lock` holds the row until the transaction ends: `key share` while adding rows that refer to the
 * project (a delete running at the same time waits, or wins and this answers 404), `update` to delete it.
 */
export async function requireProject(
  db: Db,
  companyId: number,
  projectId: number,
  lock?: 'key share' | 'update',
): Promise<{ id: number; startDate: Date }> {
  const query = db
    .select({ id: projects.id, startDate: projects.startDate })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
    .limit(1);
  const rows = await (lock ? query.for(lock) : query);
  const row = rows[0];
  if (!row) throw notFound('project');
  return row;
}

/**
 * For the subscription's "delete my data": deletes every project of the company in the caller's
 * transaction (their remaining rows cascade); answers how many.
 */
export function deleteCompanyProjects(tx: Db, companyId: number): Promise<number> {
  return projectsRepo.deleteAllOfCompany(tx, companyId);
}
