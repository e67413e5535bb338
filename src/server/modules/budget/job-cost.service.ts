/**
 * The job cost report: figures by cost code and by task from one aggregate (job-cost.repo.ts), the
 * user's cost-to-complete estimates, work in progress against the contract amount and what the
 * client was billed (the accounting module's `projectBilledToClientCents`), and the lines behind a
 * figure. The formulas are the budget domain's (decision 0015).
 */
import type {
  JobCostLinesDto,
  JobCostLinesQuery,
  JobCostReportDto,
  JobCostSourceLineDto,
  SetJobCostEstimatesBody,
} from '../../../contracts/job-cost.js';
import { decimalToCents, jobCostReport, workInProgress } from '../../../domain/budget/index.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { projectBilledToClientCents } from '../accounting/accounting.service.js';
import { projectsService } from '../projects/projects.service.js';
import { budgetRepo } from './budget.repo.js';
import { budgetService } from './budget.service.js';
import { jobCostRepo } from './job-cost.repo.js';
import { writeJobCostCsv, writeJobCostPdf } from './job-cost-files.js';

export function jobCostService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);
  const budget = budgetService(ctx);

  async function report(tenant: Tenant, projectId: number): Promise<JobCostReportDto> {
    const project = await projects.get(tenant, projectId);
    const { companyId } = tenant;
    const [codes, tasks, cells, billed] = await Promise.all([
      budget.costCodes(tenant),
      jobCostRepo.projectTasks(db, companyId, projectId),
      jobCostRepo.cells(db, companyId, projectId),
      projectBilledToClientCents(db, companyId, projectId),
    ]);
    const report = jobCostReport(cells, codes, tasks);
    const contractCents = decimalToCents(project.budget);
    const wip = workInProgress({
      actualCents: report.total.actualCents,
      eacCents: report.total.eacCents,
      contractCents,
      billedToClientCents: billed,
    });
    return {
      projectId,
      projectName: project.name,
      currency: project.currency,
      ...report,
      workInProgress: {
        contractCents,
        billedToClientCents: billed,
        percentComplete: wip.percentComplete,
        earnedCents: wip.earnedCents,
        overUnderBillingCents: wip.overUnderBillingCents,
      },
    };
  }

  return {
    report,

    async csv(tenant: Tenant, projectId: number) {
      const r = await report(tenant, projectId);
      return {
        fileName: `${r.projectName} job cost.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: writeJobCostCsv(r),
      };
    },

    async pdf(tenant: Tenant, projectId: number) {
      const r = await report(tenant, projectId);
      const body = Buffer.from(await writeJobCostPdf(r, new Date()));
      return { fileName: `${r.projectName} job cost.pdf`, contentType: 'application/pdf', body };
    },

    /** Sets (or, with null, clears) cells' estimates of the uncommitted cost still to come. */
    async setEstimates(
      tenant: Tenant,
      projectId: number,
      body: SetJobCostEstimatesBody,
    ): Promise<JobCostReportDto> {
      await projects.get(tenant, projectId);
      const { companyId } = tenant;
      await db.transaction(async (tx) => {
        const codes = new Set((await budgetRepo.costCodes(tx, companyId)).map((c) => c.id));
        const taskIds = body.estimates.flatMap((e) => (e.taskId === null ? [] : [e.taskId]));
        const tasks = await budgetRepo.projectTaskIds(tx, companyId, projectId, taskIds);
        const errors: Record<string, string> = {};
        body.estimates.forEach((e, i) => {
          if (e.costCodeId !== null && !codes.has(e.costCodeId))
            errors[`estimates.${i}.costCodeId`] = 'Cost code not found';
          if (e.taskId !== null && !tasks.has(e.taskId))
            errors[`estimates.${i}.taskId`] = 'Task not found in this project';
        });
        const first = Object.values(errors)[0];
        if (first) throw badRequest(first, errors);
        await jobCostRepo.setEstimates(tx, companyId, projectId, tenant.userId, body.estimates);
      });
      return report(tenant, projectId);
    },

    /** The lines behind one figure of a cell, a code, a task or the job; they add up to it. */
    async lines(tenant: Tenant, projectId: number, query: JobCostLinesQuery): Promise<JobCostLinesDto> {
      await projects.get(tenant, projectId);
      const rows = await jobCostRepo.sources(
        db,
        tenant.companyId,
        projectId,
        query.figure,
        query.costCodeId,
        query.taskId,
      );
      const lines = rows.map(
        (r): JobCostSourceLineDto => ({
          source: r.source as JobCostSourceLineDto['source'],
          id: Number(r.id),
          description: r.description,
          amountCents: Number(r.amount_cents),
          costCodeId: r.cost_code_id === null ? null : Number(r.cost_code_id),
          taskId: r.task_id === null ? null : Number(r.task_id),
          date: r.date,
          parentId: r.parent_id === null ? null : Number(r.parent_id),
          reference: r.reference,
          vendorName: r.vendor_name,
          hours: r.hours,
          rateCents: r.rate_cents === null ? null : Number(r.rate_cents),
          documentId: r.document_id === null ? null : Number(r.document_id),
        }),
      );
      return {
        figure: query.figure,
        lines,
        totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
        generatedAt: new Date().toISOString(),
      };
    },
  };
}
