/**
 * What scheduling asks of and tells the projects module, inside the caller's transaction: the
 * state or region whose weather the schedule allows for, and the finish a reschedule arrived at
 * (the project's end date follows it). Imports only the projects repo, so the schedule and plan
 * services may call it without an import cycle through the projects service.
 */
import type { Db } from '../../db/client.js';
import { projectsRepo } from './projects.repo.js';

export const projectScheduleFacts = {
  /** The project's own state or region when it has a location, else the company's. */
  weatherState(tx: Db, companyId: number, projectId: number): Promise<string | null> {
    return projectsRepo.weatherState(tx, companyId, projectId);
  },

  /**
   * After the project's tasks were dated: its end date becomes the latest task end, the scheduled
   * finish. A project without tasks keeps the end date typed for it; the deadline is never touched.
   */
  async followScheduledFinish(tx: Db, companyId: number, projectId: number): Promise<void> {
    await projectsRepo.followScheduledFinish(tx, companyId, projectId);
  },
};
