/**
 * Budget: the company's cost codes and each project's budget lines. A project's original budget is
 * written when a plan of its estimate is saved, in the plan's own transaction, one line per priced
 * line of the estimate (`estimateBudget` of the domain). This module owns `cost_codes` and
 * `budget_lines`; other modules call it.
 */
import type {
  BudgetAdjustmentDto,
  BudgetLineDto,
  BudgetTransferDto,
  CostCodeDto,
  CreateBudgetTransferBody,
  ImportCostCodesBody,
  ProjectBudgetDto,
  ReplaceCostCodesResponse,
  UpdateCostCodeBody,
} from '../../../contracts/budget.js';
import {
  type CompanyCostCode,
  costCodeFor,
  estimateBudget,
  STANDARD_COST_CODES,
  standardSetFor,
} from '../../../domain/budget/index.js';
import type { EstimateDocument } from '../../../domain/estimate/types.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { findCompanyType } from '../companies/companies.service.js';
import { projectsService } from '../projects/projects.service.js';
import {
  type BudgetAdjustmentRow,
  type BudgetLineRow,
  budgetRepo,
  type CostCodeRow,
  type NewBudgetAdjustment,
} from './budget.repo.js';
import { readCostCodesCsv } from './cost-codes-csv.js';

const takesOf = (row: CostCodeRow): CostCodeDto['takes'] =>
  row.takes === 'charges' || row.takes === 'unclaimed' ? row.takes : null;

export function toCostCodeDto(row: CostCodeRow): CostCodeDto {
  return { id: row.id, code: row.code, name: row.name, trades: row.trades, takes: takesOf(row) };
}

const asCompanyCode = (row: CostCodeRow): CompanyCostCode => ({
  id: row.id,
  code: row.code,
  trades: row.trades,
  takes: takesOf(row),
});

function toBudgetLineDto(row: BudgetLineRow, taskName: string | null): BudgetLineDto {
  return {
    id: row.id,
    description: row.description,
    kind: row.kind as BudgetLineDto['kind'],
    costCodeId: row.costCodeId,
    costType: row.costType as BudgetLineDto['costType'],
    originalCents: row.originalCents,
    taskId: row.taskId,
    taskName,
    sourceLine: row.sourceLine,
    sheet: row.sheet,
  };
}

export function toBudgetAdjustmentDto(row: BudgetAdjustmentRow): BudgetAdjustmentDto {
  return {
    id: row.id,
    kind: row.kind as BudgetAdjustmentDto['kind'],
    changeOrderId: row.changeOrderId,
    costCodeId: row.costCodeId,
    taskId: row.taskId,
    description: row.description,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The company's codes, seeded on first use from the standard set for its kind of work. `db` may be
 * a transaction; two first uses at once seed each code once.
 */
async function companyCodes(db: Db, companyId: number): Promise<CostCodeRow[]> {
  const rows = await budgetRepo.costCodes(db, companyId);
  if (rows.length > 0) return rows;
  const set = STANDARD_COST_CODES[standardSetFor(await findCompanyType(db, companyId))];
  await budgetRepo.addCostCodes(
    db,
    companyId,
    set.map((c, position) => ({
      code: c.code,
      name: c.name,
      trades: [...c.trades],
      takes: c.takes ?? null,
      position,
    })),
  );
  return budgetRepo.costCodes(db, companyId);
}

/**
 * For the plan's save, inside its transaction: the estimate's budget lines for this plan, replacing
 * any the same plan wrote before. `taskOfLine` maps each estimate line to the task it went into.
 */
export async function saveEstimateBudget(
  tx: Db,
  tenant: Tenant,
  target: { projectId: number; generationId: number },
  document: EstimateDocument,
  taskOfLine: ReadonlyMap<number, number>,
): Promise<void> {
  const codes = (await companyCodes(tx, tenant.companyId)).map(asCompanyCode);
  const lines = estimateBudget(document, taskOfLine, codes);
  await budgetRepo.replaceGenerationLines(
    tx,
    tenant.companyId,
    target.generationId,
    lines.map((l) => ({
      projectId: target.projectId,
      generationId: target.generationId,
      sourceLine: l.sourceLine,
      sheet: l.sheet,
      description: l.description,
      kind: l.kind,
      trade: l.trade,
      costCodeId: l.costCodeId,
      costType: l.costType,
      originalCents: l.amountCents,
      taskId: l.taskId,
    })),
  );
}

/**
 * Checks that each row's cost code is the company's and its task the project's, else a 400 naming
 * the field (`<field>.<i>.costCodeId`, or the fields given), before anything is written.
 */
async function checkCells(
  tx: Db,
  companyId: number,
  projectId: number,
  cells: readonly {
    costCodeId: number | null;
    taskId: number | null;
    codeField: string;
    taskField: string;
  }[],
): Promise<void> {
  const codes = new Set((await companyCodes(tx, companyId)).map((c) => c.id));
  const taskIds = cells.flatMap((c) => (c.taskId === null ? [] : [c.taskId]));
  const tasks = await budgetRepo.projectTaskIds(tx, companyId, projectId, taskIds);
  const errors: Record<string, string> = {};
  for (const cell of cells) {
    if (cell.costCodeId !== null && !codes.has(cell.costCodeId))
      errors[cell.codeField] = 'Cost code not found';
    if (cell.taskId !== null && !tasks.has(cell.taskId))
      errors[cell.taskField] = 'Task not found in this project';
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

export interface ApprovedChangeOrderLine {
  costCodeId: number | null;
  taskId: number | null;
  description: string;
  amountCents: number;
}

/**
 * For the change orders module, inside its approval transaction: the approved change order's lines
 * become change-order adjustments of the project's revised budget (a deductive line is negative).
 * A cost code not the company's or a task not the project's is a 400 (`lines.<i>.costCodeId`) and
 * nothing is written; the caller's transaction then rolls back the rest of the approval.
 */
export async function recordApprovedChangeOrder(
  tx: Db,
  companyId: number,
  userId: string | null,
  order: { projectId: number; changeOrderId: number; lines: readonly ApprovedChangeOrderLine[] },
): Promise<BudgetAdjustmentDto[]> {
  const errors: Record<string, string> = {};
  order.lines.forEach((line, i) => {
    if (!Number.isSafeInteger(line.amountCents))
      errors[`lines.${i}.amountCents`] = 'Amount must be whole cents';
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  await checkCells(
    tx,
    companyId,
    order.projectId,
    order.lines.map((line, i) => ({
      costCodeId: line.costCodeId,
      taskId: line.taskId,
      codeField: `lines.${i}.costCodeId`,
      taskField: `lines.${i}.taskId`,
    })),
  );
  const rows = await budgetRepo.addAdjustments(
    tx,
    companyId,
    order.lines.map(
      (line): NewBudgetAdjustment => ({
        projectId: order.projectId,
        kind: 'change_order',
        changeOrderId: order.changeOrderId,
        costCodeId: line.costCodeId,
        taskId: line.taskId,
        description: line.description,
        amountCents: line.amountCents,
        createdBy: userId,
      }),
    ),
  );
  return rows.map(toBudgetAdjustmentDto);
}

export function budgetService(ctx: AppContext) {
  const { db } = ctx;
  const projects = projectsService(ctx);

  return {
    async costCodes(tenant: Tenant): Promise<CostCodeDto[]> {
      return (await companyCodes(db, tenant.companyId)).map(toCostCodeDto);
    },

    /** Renames or recodes one code (the route lets only the owner and admins call it). */
    async updateCostCode(tenant: Tenant, id: number, body: UpdateCostCodeBody): Promise<CostCodeDto> {
      return db.transaction(async (tx) => {
        const codes = await companyCodes(tx, tenant.companyId);
        if (!codes.some((c) => c.id === id)) throw notFound('cost code');
        if (body.code && codes.some((c) => c.id !== id && c.code.toLowerCase() === body.code?.toLowerCase()))
          throw conflict('cost_code_in_use', `The code ${body.code} is already in the list`);
        const row = await budgetRepo.updateCostCode(tx, tenant.companyId, id, body);
        if (!row) throw notFound('cost code');
        return toCostCodeDto(row);
      });
    },

    /**
     * Replaces the company's codes with a CSV list, whole or not at all: codes kept by their code
     * keep their lines and trades; lines of a code that goes are put on the code the new list gives
     * their trade (or its first code).
     */
    async importCostCodes(tenant: Tenant, body: ImportCostCodesBody): Promise<ReplaceCostCodesResponse> {
      const listed = readCostCodesCsv(body.csv);
      return db.transaction(async (tx) => {
        const before = await companyCodes(tx, tenant.companyId);
        const byCode = new Map(before.map((c) => [c.code.toLowerCase(), c]));
        await budgetRepo.upsertCostCodes(
          tx,
          tenant.companyId,
          listed.map((c, position) => {
            const kept = byCode.get(c.code.toLowerCase());
            return {
              code: kept?.code ?? c.code,
              name: c.name,
              trades: kept ? kept.trades : [],
              takes: kept?.takes ?? null,
              position,
            };
          }),
        );
        const keep = listed.map((c) => byCode.get(c.code.toLowerCase())?.code ?? c.code);
        const going = before.filter((c) => !keep.includes(c.code)).map((c) => c.id);
        const orphans = await budgetRepo.linesOnCodes(tx, tenant.companyId, going);
        await budgetRepo.removeCostCodesExcept(tx, tenant.companyId, keep);
        const after = await budgetRepo.costCodes(tx, tenant.companyId);
        const codes = after.map(asCompanyCode);
        // Each orphan's new code, then one update per code they go to.
        const linesByCode = new Map<number | null, number[]>();
        for (const line of orphans) {
          const kind = line.kind as BudgetLineDto['kind'];
          const to = costCodeFor(codes, { kind, trade: line.trade })?.id ?? null;
          linesByCode.set(to, [...(linesByCode.get(to) ?? []), line.id]);
        }
        for (const [to, lineIds] of linesByCode)
          await budgetRepo.setLinesCode(tx, tenant.companyId, lineIds, to);
        return { costCodes: after.map(toCostCodeDto), linesMoved: orphans.length };
      });
    },

    /** The project's budget: its lines and their totals by cost code, in whole cents. */
    async projectBudget(tenant: Tenant, projectId: number): Promise<ProjectBudgetDto> {
      const project = await projects.get(tenant, projectId);
      const [codes, rows] = await Promise.all([
        companyCodes(db, tenant.companyId),
        budgetRepo.projectLines(db, tenant.companyId, projectId),
      ]);
      const lines = rows.map((r) => toBudgetLineDto(r.line, r.taskName));
      const totals = new Map<number | null, { cents: number; lines: number }>();
      for (const line of lines) {
        const sum = totals.get(line.costCodeId) ?? { cents: 0, lines: 0 };
        sum.cents += line.originalCents;
        sum.lines += 1;
        totals.set(line.costCodeId, sum);
      }
      const byCode: ProjectBudgetDto['byCode'] = codes
        .filter((c) => totals.has(c.id))
        .map((c) => ({
          costCodeId: c.id,
          code: c.code,
          name: c.name,
          originalCents: totals.get(c.id)?.cents ?? 0,
          lines: totals.get(c.id)?.lines ?? 0,
        }));
      const uncoded = totals.get(null);
      if (uncoded)
        byCode.push({
          costCodeId: null,
          code: null,
          name: 'No cost code',
          originalCents: uncoded.cents,
          lines: uncoded.lines,
        });
      return {
        projectId,
        projectName: project.name,
        currency: project.currency,
        lines,
        byCode,
        originalCents: lines.reduce((sum, l) => sum + l.originalCents, 0),
      };
    },

    /**
     * Moves an amount from one cost code (and task) to another (the route lets only the owner and
     * admins call it): two transfer adjustments summing to zero, in one transaction.
     */
    async transfer(
      tenant: Tenant,
      projectId: number,
      body: CreateBudgetTransferBody,
    ): Promise<BudgetTransferDto> {
      await projects.get(tenant, projectId);
      return db.transaction(async (tx) => {
        const from = { costCodeId: body.fromCostCodeId, taskId: body.fromTaskId ?? null };
        const to = { costCodeId: body.toCostCodeId, taskId: body.toTaskId ?? null };
        await checkCells(tx, tenant.companyId, projectId, [
          { ...from, codeField: 'fromCostCodeId', taskField: 'fromTaskId' },
          { ...to, codeField: 'toCostCodeId', taskField: 'toTaskId' },
        ]);
        const rows = await budgetRepo.addAdjustments(tx, tenant.companyId, [
          {
            projectId,
            kind: 'transfer',
            ...from,
            description: body.description,
            amountCents: -body.amountCents,
            createdBy: tenant.userId,
          },
          {
            projectId,
            kind: 'transfer',
            ...to,
            description: body.description,
            amountCents: body.amountCents,
            createdBy: tenant.userId,
          },
        ]);
        return { adjustments: rows.map(toBudgetAdjustmentDto) };
      });
    },
  };
}
