import { z } from 'zod';
import { idNumber, idText, isoDate, MAX_MONEY_CENTS } from './common.js';

/**
 * A project's budget and the company's cost codes. Money travels as whole cents (integers), as it
 * is stored: a report's totals are the sums of its rows to the cent.
 */
export const budgetPaths = {
  costCodes: '/api/cost-codes',
  costCode: '/api/cost-codes/:codeId',
  importCostCodes: '/api/cost-codes/import',
  projectBudget: '/api/projects/:id/budget',
  budgetTransfers: '/api/projects/:id/budget/transfers',
} as const;

export const projectBudgetPath = (projectId: number) => `/api/projects/${projectId}/budget`;
export const costCodePath = (codeId: number) => `/api/cost-codes/${codeId}`;

/** The cost types of a budget line (the budget domain's `COST_TYPES`; a test keeps the two equal). */
export const COST_TYPE_VALUES = ['labor', 'material', 'equipment', 'subcontract', 'other'] as const;
/** What a budget line is (the budget domain's `BUDGET_LINE_KINDS`). */
export const BUDGET_LINE_KIND_VALUES = ['work', 'allowance', 'charge'] as const;

export const MAX_COST_CODE = 20;
export const MAX_COST_CODE_NAME = 120;
export const MAX_COST_CODES = 500;

export const costCodeDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The estimate trades whose lines land on this code. */
  trades: z.array(z.string()),
  /** `charges`: takes overhead, profit, tax and contingency; `unclaimed`: work no code takes. */
  takes: z.enum(['charges', 'unclaimed']).nullable(),
});
export type CostCodeDto = z.infer<typeof costCodeDto>;

export const costCodeListDto = z.object({ costCodes: z.array(costCodeDto) });
export type CostCodeListDto = z.infer<typeof costCodeListDto>;

const codeText = z
  .string({ message: 'Code is required' })
  .trim()
  .min(1, { message: 'Code is required' })
  .max(MAX_COST_CODE, { message: `Code must be at most ${MAX_COST_CODE} characters` })
  .regex(/^[\w .\-/]+$/, { message: 'Code may hold letters, digits, spaces and . - / _ only' });
const nameText = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, { message: 'Name is required' })
  .max(MAX_COST_CODE_NAME, { message: `Name must be at most ${MAX_COST_CODE_NAME} characters` });

/** `PATCH /api/cost-codes/{codeId}` */
export const updateCostCodeBody = z
  .object({ code: codeText.optional(), name: nameText.optional() })
  .refine((b) => b.code !== undefined || b.name !== undefined, {
    message: 'Give a code or a name to change',
  });
export type UpdateCostCodeBody = z.infer<typeof updateCostCodeBody>;

export const costCodeParams = z.object({ codeId: idText() });

/** `POST /api/cost-codes/import`: the whole list as CSV text (`code,name`, a header row optional). */
export const importCostCodesBody = z.object({
  csv: z
    .string({ message: 'Give the cost codes as CSV text' })
    .min(1, { message: 'The file is empty' })
    .max(200_000, { message: 'The file is too large for a list of cost codes' }),
});
export type ImportCostCodesBody = z.infer<typeof importCostCodesBody>;

export const replaceCostCodesResponse = z.object({
  costCodes: z.array(costCodeDto),
  /** Budget lines whose code went away and were put on a code of the new list. */
  linesMoved: z.number().int(),
});
export type ReplaceCostCodesResponse = z.infer<typeof replaceCostCodesResponse>;

export const budgetLineDto = z.object({
  id: z.number().int(),
  description: z.string(),
  kind: z.enum(BUDGET_LINE_KIND_VALUES),
  costCodeId: z.number().int().nullable(),
  costType: z.enum(COST_TYPE_VALUES),
  originalCents: z.number().int(),
  taskId: z.number().int().nullable(),
  taskName: z.string().nullable(),
  /** The estimate line it came from (1-based) and its sheet, when it came from an estimate. */
  sourceLine: z.number().int().nullable(),
  sheet: z.string().nullable(),
});
export type BudgetLineDto = z.infer<typeof budgetLineDto>;

export const budgetCodeTotalDto = z.object({
  costCodeId: z.number().int().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  originalCents: z.number().int(),
  lines: z.number().int(),
});

export const projectBudgetDto = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  /** The project's currency (ISO 4217), in which every figure is. */
  currency: z.string(),
  lines: z.array(budgetLineDto),
  byCode: z.array(budgetCodeTotalDto),
  originalCents: z.number().int(),
});
export type ProjectBudgetDto = z.infer<typeof projectBudgetDto>;

/** `POST /api/projects/{id}/budget/transfers` (owner or admin). */
export const budgetTransfersPath = (projectId: number) => `/api/projects/${projectId}/budget/transfers`;

const transferDescription = z
  .string({ message: 'Say why the money moves' })
  .trim()
  .min(1, { message: 'Say why the money moves' })
  .max(500, { message: 'The reason must be at most 500 characters' });

/**
 * Moves an amount of the budget from one cost code (and task, optional) to another: two transfer
 * adjustments, the amount taken from one and given to the other, summing to zero.
 */
export const createBudgetTransferBody = z
  .object({
    fromCostCodeId: idNumber('Choose the cost code the money comes from'),
    fromTaskId: idNumber('Invalid task').nullable().optional(),
    toCostCodeId: idNumber('Choose the cost code the money goes to'),
    toTaskId: idNumber('Invalid task').nullable().optional(),
    amountCents: z
      .number({ message: 'Amount must be a whole number of cents' })
      .int({ message: 'Amount must be a whole number of cents' })
      .positive({ message: 'Amount must be more than zero' })
      .max(MAX_MONEY_CENTS, { message: 'Amount is too large' }),
    description: transferDescription,
  })
  .refine((b) => b.fromCostCodeId !== b.toCostCodeId || (b.fromTaskId ?? null) !== (b.toTaskId ?? null), {
    message: 'Move the money to another cost code or task',
    path: ['toCostCodeId'],
  });
export type CreateBudgetTransferBody = z.infer<typeof createBudgetTransferBody>;

export const BUDGET_ADJUSTMENT_KIND_VALUES = ['change_order', 'transfer'] as const;

export const budgetAdjustmentDto = z.object({
  id: z.number().int(),
  kind: z.enum(BUDGET_ADJUSTMENT_KIND_VALUES),
  changeOrderId: z.number().int().nullable(),
  costCodeId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  description: z.string(),
  amountCents: z.number().int(),
  createdAt: isoDate,
});
export type BudgetAdjustmentDto = z.infer<typeof budgetAdjustmentDto>;

export const budgetTransferDto = z.object({ adjustments: z.array(budgetAdjustmentDto) });
export type BudgetTransferDto = z.infer<typeof budgetTransferDto>;
