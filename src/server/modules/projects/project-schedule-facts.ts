/**
 * What scheduling and planning ask of and tell the projects module, inside the caller's
 * transaction: the state or region whose weather the schedule allows for, the finish a reschedule
 * arrived at (the project's end date follows it), and an estimate's total for a project left
 * without a budget. Imports only the projects repo, so the schedule and plan
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

  /**
   * A project created without a budget (0: its estimate was to give it) takes the estimate's whole
   * total; a budget the user gave is never changed. Answers whether it was set.
   */
  async fillBudgetFromEstimate(tx: Db, companyId: number, projectId: number, total: number) {
    if (!(total > 0)) return false;
    return projectsRepo.fillZeroBudget(tx, companyId, projectId, total.toFixed(2));
  },
};
