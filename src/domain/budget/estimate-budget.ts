/**
 * A project's original budget from its estimate's reading: each priced line becomes a budget line
 * with its words, its amount in cents, its task, a cost code and a cost type. Allowances and
 * charges (overhead, profit, tax, contingency) stay lines of their own; nothing is spread into the
 * work. The lines add up to the estimate as read, to the cent.
 */
import type { EstimateDocument } from '../estimate/types.js';
import { type BudgetLineKind, type CompanyCostCode, type CostType, costCodeFor } from './cost-codes.js';
import { costTypeOf } from './cost-type.js';

export interface EstimateBudgetLine {
  /** The estimate's line number (1-based), and its sheet in a workbook. */
  sourceLine: number;
  sheet: string | null;
  description: string;
  kind: BudgetLineKind;
  trade: string | null;
  costCodeId: number | null;
  costType: CostType;
  /** Whole cents: money is never kept as a floating-point figure. */
  amountCents: number;
  taskId: number | null;
}

/** A figure of the estimate in whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

const DESCRIPTION_MAX = 500;

/**
 * The budget lines of one estimate. `taskOfLine` is the task each line of work went into (the
 * plan's packages know their source lines); `codes` are the company's cost codes.
 */
export function estimateBudget(
  document: EstimateDocument,
  taskOfLine: ReadonlyMap<number, number>,
  codes: readonly CompanyCostCode[],
): EstimateBudgetLine[] {
  const supplierQuote = document.kind === 'supplier-quote';
  const lines: EstimateBudgetLine[] = [];
  for (const item of document.items) {
    if (item.amount === null || item.amount === 0) continue;
    const kind: BudgetLineKind = item.kind;
    lines.push({
      sourceLine: item.line,
      sheet: item.sheet ?? null,
      description: item.description.slice(0, DESCRIPTION_MAX),
      kind,
      trade: item.trade,
      costCodeId: costCodeFor(codes, { kind, trade: item.trade })?.id ?? null,
      costType: costTypeOf({ kind, trade: item.trade, description: item.description, supplierQuote }),
      amountCents: toCents(item.amount),
      taskId: kind === 'work' || kind === 'allowance' ? (taskOfLine.get(item.line) ?? null) : null,
    });
  }
  for (const charge of document.charges ?? []) {
    if (charge.amount === null || charge.amount === 0) continue;
    lines.push({
      sourceLine: charge.line,
      sheet: null,
      description: charge.description.slice(0, DESCRIPTION_MAX),
      kind: 'charge',
      trade: null,
      costCodeId: costCodeFor(codes, { kind: 'charge', trade: null })?.id ?? null,
      costType: 'other',
      amountCents: toCents(charge.amount),
      taskId: null,
    });
  }
  return lines.sort((a, b) => a.sourceLine - b.sourceLine);
}
