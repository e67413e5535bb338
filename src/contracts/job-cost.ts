import { z } from 'zod';
import { idNumber, idText, isoDate, MAX_MONEY_CENTS } from './common.js';

/**
 * The job cost report of a project: its budget, changes, commitments and costs by cost code and by
 * task, in whole cents, with the figures of the budget domain (`jobCostFigures`, decision 0015).
 * Every total is the sum of its rows to the cent.
 */
export const jobCostPaths = {
  report: '/api/projects/:id/job-cost',
  csv: '/api/projects/:id/job-cost.csv',
  pdf: '/api/projects/:id/job-cost.pdf',
  estimates: '/api/projects/:id/job-cost/estimates',
  lines: '/api/projects/:id/job-cost/lines',
} as const;

export const jobCostPath = (projectId: number) => `/api/projects/${projectId}/job-cost`;
export const jobCostCsvPath = (projectId: number) => `/api/projects/${projectId}/job-cost.csv`;
export const jobCostPdfPath = (projectId: number) => `/api/projects/${projectId}/job-cost.pdf`;
export const jobCostEstimatesPath = (projectId: number) => `/api/projects/${projectId}/job-cost/estimates`;

/** The figures of one row (a cell, a code, a task, the job); each is additive. */
export const jobCostFiguresDto = z.object({
  originalCents: z.number().int(),
  /** Approved change orders' lines. */
  approvedChangeCents: z.number().int(),
  /** Budget transfers in (positive) and out (negative). */
  transferCents: z.number().int(),
  revisedCents: z.number().int(),
  /** Issued purchase orders and subcontracts on the row. */
  committedCents: z.number().int(),
  /** What issued commitments still owe: committed less billed against them, never below 0. */
  openCommittedCents: z.number().int(),
  /** Bills, expenses and labour. */
  actualCents: z.number().int(),
  uncommittedToCompleteCents: z.number().int(),
  costToCompleteCents: z.number().int(),
  eacCents: z.number().int(),
  varianceCents: z.number().int(),
});
export type JobCostFiguresDto = z.infer<typeof jobCostFiguresDto>;

/** One cell of the report: a cost code and a task (either may be none). */
export const jobCostCellDto = jobCostFiguresDto.extend({
  costCodeId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  /** The user's estimate of the uncommitted cost to come, when they gave one. */
  estimateCents: z.number().int().nullable(),
});
export type JobCostCellDto = z.infer<typeof jobCostCellDto>;

export const jobCostCodeRowDto = jobCostFiguresDto.extend({
  costCodeId: z.number().int().nullable(),
  code: z.string().nullable(),
  name: z.string(),
});
export type JobCostCodeRowDto = z.infer<typeof jobCostCodeRowDto>;

export const jobCostTaskRowDto = jobCostFiguresDto.extend({
  taskId: z.number().int().nullable(),
  name: z.string(),
});
export type JobCostTaskRowDto = z.infer<typeof jobCostTaskRowDto>;

export const workInProgressDto = z.object({
  /** The project's contract amount (its `budget`), in cents. */
  contractCents: z.number().int(),
  /** Approved invoices to the client; null while client invoicing is not there to ask. */
  billedToClientCents: z.number().int().nullable(),
  /** Cost to date ÷ estimate at completion, 0 to 100, one decimal. */
  percentComplete: z.number(),
  earnedCents: z.number().int(),
  /** Billed − earned: positive is over billing, negative under billing; null without billing. */
  overUnderBillingCents: z.number().int().nullable(),
});
export type WorkInProgressDto = z.infer<typeof workInProgressDto>;

export const jobCostReportDto = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  currency: z.string(),
  cells: z.array(jobCostCellDto),
  byCode: z.array(jobCostCodeRowDto),
  byTask: z.array(jobCostTaskRowDto),
  total: jobCostFiguresDto,
  workInProgress: workInProgressDto,
});
export type JobCostReportDto = z.infer<typeof jobCostReportDto>;

/** `PUT /api/projects/{id}/job-cost/estimates`: set (or clear, with null) cells' estimates. */
export const setJobCostEstimatesBody = z.object({
  estimates: z
    .array(
      z.object({
        costCodeId: idNumber('Cost code not found').nullable(),
        taskId: idNumber('Task not found in this project').nullable(),
        uncommittedCents: z
          .number({ message: 'Cost to complete must be a whole number of cents' })
          .int({ message: 'Cost to complete must be a whole number of cents' })
          .min(0, { message: 'Cost to complete cannot be negative' })
          .max(MAX_MONEY_CENTS, { message: 'Cost to complete is too large' })
          .nullable(),
      }),
    )
    .min(1, { message: 'Give at least one estimate' })
    .max(2000, { message: 'At most 2,000 estimates at once' }),
});
export type SetJobCostEstimatesBody = z.infer<typeof setJobCostEstimatesBody>;

export const JOB_COST_FIGURE_VALUES = ['original', 'revised', 'committed', 'actual'] as const;
export type JobCostFigure = (typeof JOB_COST_FIGURE_VALUES)[number];

/** `none` asks for the rows without a code (or task); absent asks for every one. */
const cellFilter = (message: string) => z.union([z.literal('none'), idText(message)]).optional();

export const jobCostLinesQuery = z.object({
  costCodeId: cellFilter('Cost code must be an id or none'),
  taskId: cellFilter('Task must be an id or none'),
  figure: z.enum(JOB_COST_FIGURE_VALUES, {
    message: `Figure must be one of ${JOB_COST_FIGURE_VALUES.join(', ')}`,
  }),
});
export type JobCostLinesQuery = z.output<typeof jobCostLinesQuery>;

export const JOB_COST_SOURCE_VALUES = [
  'budget_line',
  'change_order',
  'transfer',
  'commitment_line',
  'billed_on_commitment',
  'bill',
  'expense',
  'labor',
] as const;

/** One document line behind a figure. */
export const jobCostSourceLineDto = z.object({
  source: z.enum(JOB_COST_SOURCE_VALUES),
  /** The line's own id (budget line, adjustment, commitment line or cost entry line). */
  id: z.number().int(),
  description: z.string(),
  amountCents: z.number().int(),
  costCodeId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  /** The day it counts from (an entry's date, a commitment's issue, an adjustment's creation). */
  date: z.string().nullable(),
  /** The document it belongs to: a commitment (PO-001), a cost entry, a change order. */
  parentId: z.number().int().nullable(),
  /** PO-001, the vendor's bill number, the estimate's sheet and line… */
  reference: z.string().nullable(),
  vendorName: z.string().nullable(),
  hours: z.string().nullable(),
  rateCents: z.number().int().nullable(),
  /** The attachment kept in Documents (a bill's photo or PDF). */
  documentId: z.number().int().nullable(),
});
export type JobCostSourceLineDto = z.infer<typeof jobCostSourceLineDto>;

export const jobCostLinesDto = z.object({
  figure: z.enum(JOB_COST_FIGURE_VALUES),
  lines: z.array(jobCostSourceLineDto),
  /** The sum of the lines; for `committed`, commitment lines less what was billed on them. */
  totalCents: z.number().int(),
  generatedAt: isoDate,
});
export type JobCostLinesDto = z.infer<typeof jobCostLinesDto>;

/** The drill-down's path; a code or task of null asks for the rows without one, undefined for all. */
export const jobCostLinesPath = (
  projectId: number,
  query: { figure: JobCostFigure; costCodeId?: number | null; taskId?: number | null },
) => {
  const params = new URLSearchParams({ figure: query.figure });
  if (query.costCodeId !== undefined) params.set('costCodeId', String(query.costCodeId ?? 'none'));
  if (query.taskId !== undefined) params.set('taskId', String(query.taskId ?? 'none'));
  return `/api/projects/${projectId}/job-cost/lines?${params}`;
};

export const jobCostCsvResponse = z
  .string()
  .meta({ description: 'The job cost report as CSV, an attachment' });
export const jobCostPdfResponse = z.any().meta({ description: 'The job cost report as a printable PDF' });
