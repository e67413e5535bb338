/**
 * The job cost report from its cells: each cell (a cost code and a task, either possibly none)
 * carries the sums of the lines on it; its figures are `jobCostFigures` of those sums, and a code's,
 * a task's and the job's figures are sums of cells' figures, so every total is the sum of its rows
 * to the cent.
 */
import { type JobCostFigures, jobCostFigures } from './job-cost.js';

export interface JobCostCellInputs {
  costCodeId: number | null;
  taskId: number | null;
  originalCents: number;
  approvedChangeCents: number;
  transferCents: number;
  committedCents: number;
  billedOnCommitmentsCents: number;
  actualCents: number;
  estimateCents: number | null;
}

export interface ReportFigures extends JobCostFigures {
  approvedChangeCents: number;
  transferCents: number;
  committedCents: number;
}

export interface ReportCell extends ReportFigures {
  costCodeId: number | null;
  taskId: number | null;
  estimateCents: number | null;
}

export interface ReportCodeRow extends ReportFigures {
  costCodeId: number | null;
  code: string | null;
  name: string;
}

export interface ReportTaskRow extends ReportFigures {
  taskId: number | null;
  name: string;
}

export interface JobCostReport {
  cells: ReportCell[];
  byCode: ReportCodeRow[];
  byTask: ReportTaskRow[];
  total: ReportFigures;
}

const FIGURE_KEYS = [
  'originalCents',
  'approvedChangeCents',
  'transferCents',
  'revisedCents',
  'committedCents',
  'openCommittedCents',
  'actualCents',
  'uncommittedToCompleteCents',
  'costToCompleteCents',
  'eacCents',
  'varianceCents',
] as const satisfies readonly (keyof ReportFigures)[];

export const zeroFigures = (): ReportFigures =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as ReportFigures;

/** Rows' figures added up, key by key. */
export function sumFigures(rows: readonly ReportFigures[]): ReportFigures {
  const total = zeroFigures();
  for (const row of rows) for (const key of FIGURE_KEYS) total[key] += row[key];
  return total;
}

export const figuresOf = (row: ReportFigures): ReportFigures =>
  Object.fromEntries(FIGURE_KEYS.map((k) => [k, row[k]])) as unknown as ReportFigures;

export function reportCell(input: JobCostCellInputs): ReportCell {
  return {
    costCodeId: input.costCodeId,
    taskId: input.taskId,
    estimateCents: input.estimateCents,
    approvedChangeCents: input.approvedChangeCents,
    transferCents: input.transferCents,
    committedCents: input.committedCents,
    ...jobCostFigures({
      originalCents: input.originalCents,
      approvedChangeCents: input.approvedChangeCents,
      transferCents: input.transferCents,
      committedCents: input.committedCents,
      billedOnCommitmentsCents: input.billedOnCommitmentsCents,
      actualCents: input.actualCents,
      uncommittedEstimateCents: input.estimateCents,
    }),
  };
}

/**
 * The report: cells in code then task order; codes in the company's order (only those with a row),
 * then "No cost code"; tasks in the project's order, then "No task".
 */
export function jobCostReport(
  inputs: readonly JobCostCellInputs[],
  codes: readonly { id: number; code: string; name: string }[],
  tasks: readonly { id: number; name: string }[],
): JobCostReport {
  const codeOrder = new Map(codes.map((c, i) => [c.id, i]));
  const taskOrder = new Map(tasks.map((t, i) => [t.id, i]));
  const rank = (order: Map<number, number>, id: number | null) =>
    id === null ? Number.MAX_SAFE_INTEGER : (order.get(id) ?? Number.MAX_SAFE_INTEGER - 1);
  const cells = inputs
    .map(reportCell)
    .sort(
      (a, b) =>
        rank(codeOrder, a.costCodeId) - rank(codeOrder, b.costCodeId) ||
        rank(taskOrder, a.taskId) - rank(taskOrder, b.taskId),
    );
  const group = <K>(key: (c: ReportCell) => K) => {
    const out = new Map<K, ReportCell[]>();
    for (const cell of cells) out.set(key(cell), [...(out.get(key(cell)) ?? []), cell]);
    return out;
  };
  const byCodeCells = group((c) => c.costCodeId);
  const byTaskCells = group((c) => c.taskId);
  const codeById = new Map(codes.map((c) => [c.id, c]));
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const byCode: ReportCodeRow[] = [...byCodeCells.keys()]
    .sort((a, b) => rank(codeOrder, a) - rank(codeOrder, b))
    .map((id) => {
      const code = id === null ? undefined : codeById.get(id);
      return {
        costCodeId: id,
        code: code?.code ?? null,
        name: id === null ? 'No cost code' : (code?.name ?? 'Removed cost code'),
        ...sumFigures(byCodeCells.get(id) ?? []),
      };
    });
  const byTask: ReportTaskRow[] = [...byTaskCells.keys()]
    .sort((a, b) => rank(taskOrder, a) - rank(taskOrder, b))
    .map((id) => ({
      taskId: id,
      name: id === null ? 'No task' : (taskById.get(id)?.name ?? 'Removed task'),
      ...sumFigures(byTaskCells.get(id) ?? []),
    }));
  return { cells, byCode, byTask, total: sumFigures(cells) };
}

/** A money column (numeric(15, 2) as text, `"1234.5"`, `"-3"`) in whole cents, without floats. */
export function decimalToCents(text: string): number {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return 0;
  const whole = Number(match[2] || '0');
  const fraction = Number(`${match[3] ?? ''}00`.slice(0, 2));
  const cents = whole * 100 + fraction;
  return match[1] === '-' ? -cents : cents;
}
