/**
 * The job cost report's reads. The figures are one SQL aggregate over the project's budget lines,
 * adjustments and estimates (this module's) and its commitment and cost entry lines (the costs
 * module's tables, read here only: it writes them), grouped by cost code and task. Every query is
 * scoped by company id, the second argument.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { JobCostCellInputs } from '../../../domain/budget/index.js';
import { type Db, rowsOf } from '../../db/client.js';
import { jobCostEstimates, tasks } from '../../db/schema/index.js';

/** The report's aggregate, alone (the bench runs it by itself beside the route). */
export function jobCostCellsSql(companyId: number, projectId: number): SQL {
  return sql`
    select cost_code_id, task_id,
      sum(original)::bigint as original, sum(changes)::bigint as changes,
      sum(transfers)::bigint as transfers, sum(committed)::bigint as committed,
      sum(billed_on)::bigint as billed_on, sum(actual)::bigint as actual,
      max(estimate)::bigint as estimate
    from (
      select cost_code_id, task_id, original_cents as original, 0::bigint as changes,
        0::bigint as transfers, 0::bigint as committed, 0::bigint as billed_on, 0::bigint as actual,
        null::bigint as estimate
      from budget_lines where company_id = ${companyId} and project_id = ${projectId}
      union all
      select cost_code_id, task_id, 0,
        case when kind = 'change_order' then amount_cents else 0 end,
        case when kind = 'transfer' then amount_cents else 0 end, 0, 0, 0, null
      from budget_adjustments where company_id = ${companyId} and project_id = ${projectId}
      union all
      select l.cost_code_id, l.task_id, 0, 0, 0, l.amount_cents, 0, 0, null
      from commitment_lines l
      join commitments c on c.company_id = l.company_id and c.id = l.commitment_id
      where c.company_id = ${companyId} and c.project_id = ${projectId} and c.status = 'issued'
      union all
      select l.cost_code_id, l.task_id, 0, 0, 0, 0,
        case when c.id is null then 0 else l.amount_cents end, l.amount_cents, null
      from cost_entry_lines l
      join cost_entries e on e.company_id = l.company_id and e.id = l.entry_id
      left join commitments c
        on c.company_id = e.company_id and c.id = e.commitment_id and c.status = 'issued'
      where e.company_id = ${companyId} and e.project_id = ${projectId}
      union all
      select cost_code_id, task_id, 0, 0, 0, 0, 0, 0, uncommitted_cents
      from job_cost_estimates where company_id = ${companyId} and project_id = ${projectId}
    ) s
    group by cost_code_id, task_id`;
}

interface CellRow {
  cost_code_id: number | null;
  task_id: number | null;
  original: string | number;
  changes: string | number;
  transfers: string | number;
  committed: string | number;
  billed_on: string | number;
  actual: string | number;
  estimate: string | number | null;
}

const cents = (v: string | number | bigint) => Number(v);
const id = (v: number | string | null) => (v === null ? null : Number(v));

/** A filter on a cell's code or task: an id, `none` (null) or absent (any). */
export type CellFilter = number | 'none' | undefined;

const cellIs = (column: SQL, filter: CellFilter) =>
  filter === undefined ? sql`true` : filter === 'none' ? sql`${column} is null` : sql`${column} = ${filter}`;

export interface SourceRow {
  source: string;
  id: number;
  description: string;
  amount_cents: string | number;
  cost_code_id: number | null;
  task_id: number | null;
  date: string | null;
  parent_id: number | null;
  reference: string | null;
  vendor_name: string | null;
  hours: string | null;
  rate_cents: string | number | null;
  document_id: number | null;
}

export const jobCostRepo = {
  async cells(db: Db, companyId: number, projectId: number): Promise<JobCostCellInputs[]> {
    const rows = rowsOf<CellRow>(await db.execute(jobCostCellsSql(companyId, projectId)));
    return rows.map((r) => ({
      costCodeId: id(r.cost_code_id),
      taskId: id(r.task_id),
      originalCents: cents(r.original),
      approvedChangeCents: cents(r.changes),
      transferCents: cents(r.transfers),
      committedCents: cents(r.committed),
      billedOnCommitmentsCents: cents(r.billed_on),
      actualCents: cents(r.actual),
      estimateCents: r.estimate === null ? null : cents(r.estimate),
    }));
  },

  /** The project's tasks in its order (read here, written by the tasks module). */
  projectTasks(db: Db, companyId: number, projectId: number) {
    return db
      .select({ id: tasks.id, name: tasks.name })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.position), asc(tasks.id));
  },

  /** Sets each cell's estimate, or clears it (null). */
  async setEstimates(
    db: Db,
    companyId: number,
    projectId: number,
    userId: string,
    rows: readonly { costCodeId: number | null; taskId: number | null; uncommittedCents: number | null }[],
  ): Promise<void> {
    for (const row of rows) {
      const cell = and(
        eq(jobCostEstimates.companyId, companyId),
        eq(jobCostEstimates.projectId, projectId),
        row.costCodeId === null
          ? sql`${jobCostEstimates.costCodeId} is null`
          : eq(jobCostEstimates.costCodeId, row.costCodeId),
        row.taskId === null
          ? sql`${jobCostEstimates.taskId} is null`
          : eq(jobCostEstimates.taskId, row.taskId),
      );
      if (row.uncommittedCents === null) {
        await db.delete(jobCostEstimates).where(cell);
        continue;
      }
      await db
        .insert(jobCostEstimates)
        .values({
          companyId,
          projectId,
          costCodeId: row.costCodeId,
          taskId: row.taskId,
          uncommittedCents: row.uncommittedCents,
          updatedBy: userId,
        })
        .onConflictDoUpdate({
          target: [jobCostEstimates.projectId, jobCostEstimates.costCodeId, jobCostEstimates.taskId],
          set: { uncommittedCents: row.uncommittedCents, updatedBy: userId, updatedAt: sql`now()` },
        });
    }
  },

  /**
   * The lines behind one figure of a cell (or of a code, a task, the job): `original` the budget
   * lines; `revised` those and the adjustments; `committed` issued commitment lines and, negative,
   * what was billed on them; `actual` bills, expenses and labour.
   */
  async sources(
    db: Db,
    companyId: number,
    projectId: number,
    figure: 'original' | 'revised' | 'committed' | 'actual',
    costCode: CellFilter,
    task: CellFilter,
  ): Promise<SourceRow[]> {
    const parts: SQL[] = [];
    if (figure === 'original' || figure === 'revised')
      parts.push(sql`
        select 'budget_line' as source, b.id, b.description, b.original_cents as amount_cents,
          b.cost_code_id, b.task_id, to_char(b.created_at, 'YYYY-MM-DD') as date,
          b.generation_id as parent_id,
          case when b.source_line is null then null
            else concat_ws(' ', b.sheet, 'line ' || b.source_line) end as reference,
          null as vendor_name, null as hours, null::bigint as rate_cents, null::integer as document_id,
          1 as ord, b.id as ord2
        from budget_lines b
        where b.company_id = ${companyId} and b.project_id = ${projectId}
          and ${cellIs(sql`b.cost_code_id`, costCode)} and ${cellIs(sql`b.task_id`, task)}`);
    if (figure === 'revised')
      parts.push(sql`
        select a.kind, a.id, a.description, a.amount_cents, a.cost_code_id, a.task_id,
          to_char(a.created_at, 'YYYY-MM-DD'), a.change_order_id, null, null, null, null, null, 2, a.id
        from budget_adjustments a
        where a.company_id = ${companyId} and a.project_id = ${projectId}
          and ${cellIs(sql`a.cost_code_id`, costCode)} and ${cellIs(sql`a.task_id`, task)}`);
    if (figure === 'committed')
      parts.push(
        sql`
        select 'commitment_line' as source, l.id, l.description, l.amount_cents, l.cost_code_id,
          l.task_id, to_char(c.issued_at, 'YYYY-MM-DD') as date, c.id as parent_id,
          c.number || ' ' || c.title as reference, v.name as vendor_name, null as hours,
          null::bigint as rate_cents, null::integer as document_id, 3 as ord, l.id as ord2
        from commitment_lines l
        join commitments c on c.company_id = l.company_id and c.id = l.commitment_id
        left join contacts v on v.company_id = c.company_id and v.id = c.vendor_contact_id
        where c.company_id = ${companyId} and c.project_id = ${projectId} and c.status = 'issued'
          and ${cellIs(sql`l.cost_code_id`, costCode)} and ${cellIs(sql`l.task_id`, task)}`,
        sql`
        select 'billed_on_commitment', l.id, l.description, -l.amount_cents, l.cost_code_id,
          l.task_id, e.entry_date::text, e.id, c.number || coalesce(' · bill ' || e.number, ''),
          v.name, null, null, e.document_id, 4, l.id
        from cost_entry_lines l
        join cost_entries e on e.company_id = l.company_id and e.id = l.entry_id
        join commitments c on c.company_id = e.company_id and c.id = e.commitment_id and c.status = 'issued'
        left join contacts v on v.company_id = e.company_id and v.id = e.vendor_contact_id
        where e.company_id = ${companyId} and e.project_id = ${projectId}
          and ${cellIs(sql`l.cost_code_id`, costCode)} and ${cellIs(sql`l.task_id`, task)}`,
      );
    if (figure === 'actual')
      parts.push(sql`
        select e.kind as source, l.id, l.description, l.amount_cents, l.cost_code_id, l.task_id,
          e.entry_date::text as date, e.id as parent_id,
          nullif(concat_ws(' · ', e.number, (select c.number from commitments c
            where c.company_id = e.company_id and c.id = e.commitment_id)), '') as reference,
          v.name as vendor_name, l.hours::text as hours, l.rate_cents, e.document_id, 5 as ord,
          l.id as ord2
        from cost_entry_lines l
        join cost_entries e on e.company_id = l.company_id and e.id = l.entry_id
        left join contacts v on v.company_id = e.company_id and v.id = e.vendor_contact_id
        where e.company_id = ${companyId} and e.project_id = ${projectId}
          and ${cellIs(sql`l.cost_code_id`, costCode)} and ${cellIs(sql`l.task_id`, task)}`);
    const query = sql`select * from (${sql.join(parts, sql` union all `)}) s order by ord, date nulls first, ord2`;
    return rowsOf<SourceRow>(await db.execute(query));
  },
};
