import type { BudgetLineDto, ProjectBudgetDto } from '@/contracts/budget';
import { formatMoneyExact } from '@/domain/money';

/** Whole cents as the project's money, to the cent (a budget is read line by line). */
export function money(cents: number, currency: string): string {
  return formatMoneyExact(cents / 100, currency);
}

export const COST_TYPE_LABELS: Readonly<Record<BudgetLineDto['costType'], string>> = {
  labor: 'Labor',
  material: 'Material',
  equipment: 'Equipment',
  subcontract: 'Subcontract',
  other: 'Other',
};

export const KIND_LABELS: Readonly<Record<BudgetLineDto['kind'], string>> = {
  work: 'Work',
  allowance: 'Allowance',
  charge: 'Charge',
};

/** One cost code of the report with its lines, in the order the codes are listed. */
export interface CodeGroup {
  key: string;
  code: string | null;
  name: string;
  originalCents: number;
  lines: BudgetLineDto[];
}

export function codeGroups(budget: ProjectBudgetDto): CodeGroup[] {
  return budget.byCode.map((total) => ({
    key: String(total.costCodeId ?? 'none'),
    code: total.code,
    name: total.name,
    originalCents: total.originalCents,
    lines: budget.lines.filter((line) => line.costCodeId === total.costCodeId),
  }));
}
