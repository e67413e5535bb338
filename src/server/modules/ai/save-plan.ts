/**
 * A generation's plan written to the project, all in the caller's transaction: the tasks (or, for
 * the shared chain, the tasks an earlier estimate already made), their links, the schedule, the
 * insights and the answer stored on the generation row; and reading that stored answer back.
 */
import {
  type GeneratedPlanDto,
  type GenerateProjectPlanBody,
  generatedPlanDto,
  type PlanStep,
} from '../../../contracts/ai.js';
import type { ProjectScheduleDto } from '../../../contracts/schedule.js';
import {
  estimateTotal,
  formatMoney,
  LEVEL_OF_EFFORT_KEYS,
  planInsights,
} from '../../../domain/estimate/index.js';
import type { EstimatePlan, Trade, WorkPackage } from '../../../domain/estimate/types.js';
import { type Dependency, parseDependencies, serializeDependencies } from '../../../domain/tasks/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { saveEstimateBudget } from '../budget/budget.service.js';
import { insightsService } from '../insights/insights.service.js';
import { adoptEstimateCurrency, type PlanCurrency } from '../projects/project-currency.js';
import { projectScheduleFacts } from '../projects/project-schedule-facts.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { bulkTaskWrites, type NewTaskRow } from '../tasks/bulk-task-writes.js';
import { toTaskDto } from '../tasks/tasks.service.js';
import { aiRepo, type GenerationRun, type PlanGenerationRow } from './ai.repo.js';
import { planSourceLines, taskOfSourceLine } from './source-lines.js';

/**
 * Trades every job has once: a second estimate for the same project links its work into the
 * permits, inspections, punch list and closeout tasks of the first instead of adding another chain.
 */
const SHARED_CHAIN_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'punch-list', 'closeout']);

/** What a succeeded generation keeps: its answer, and which task each of its packages became. */
interface StoredResult {
  plan: GeneratedPlanDto;
  taskIdsByKey: Record<string, number>;
  /** The trade of each package key (for tests and for linking a later estimate into this one's chain). */
  tradesByKey: Record<string, Trade>;
  /** The whole estimate (grand total with allowances and charges), what the budget is compared with. */
  wholeTotal: number;
}

const isoDateOf = (value: Date) => value.toISOString().slice(0, 10);

/** The budget the dialog sent (`"125000"`, `125000`, `"$125,000"`), else the project's; null when unset or 0. */
function budgetOf(sent: GenerateProjectPlanBody['budget'], stored: string): number | null {
  const read = (v: string | number | undefined) => {
    if (v === undefined) return null;
    const n = typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''));
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  return read(sent) ?? read(stored);
}

const money = (n: number) => n.toFixed(2);

/** What the plan's notes say about the project's currency, when the plan changed or could not follow it. */
function currencyNotes(decided: PlanCurrency): string[] {
  if (decided.changedFrom !== null) {
    return [
      `The project's money is now in ${decided.currency}, the estimate's currency (it was ${decided.changedFrom}); its budget figure is read in ${decided.currency}.`,
    ];
  }
  if (decided.unconverted !== null) {
    return [
      `This estimate is in ${decided.unconverted} but the project's earlier estimates are in ${decided.currency}: its amounts were kept as written (not converted), and the budget was not compared with it.`,
    ];
  }
  return [];
}

function describe(p: WorkPackage): string {
  const parts = [p.description.trim()];
  if (p.durationBasis) parts.push(`Duration: ${p.durationBasis}.`);
  return parts.filter(Boolean).join('\n').slice(0, 10_000);
}

/**
 * General conditions span the job from their start link to the punch list's finish. The plan measured
 * that span without weather; the dated schedule may be longer (the adverse-weather allowance), so the
 * span is set again from it and the project rescheduled once. Answers the schedule that holds.
 */
function levelOfEffortUpdates(
  plan: EstimatePlan,
  idOfKey: ReadonlyMap<string, number>,
  created: readonly WorkPackage[],
  scheduled: ProjectScheduleDto,
): { id: number; duration: number }[] {
  const byId = new Map(scheduled.tasks.map((t) => [t.id, t] as const));
  const out: { id: number; duration: number }[] = [];
  for (const p of created) {
    if (!LEVEL_OF_EFFORT_KEYS.has(p.key)) continue;
    const id = idOfKey.get(p.key);
    if (id === undefined || !byId.has(id)) continue;
    const into = plan.links.filter((l) => l.to === p.key);
    const bound = (key: string, f: (t: (typeof scheduled.tasks)[number]) => number) => {
      const t = byId.get(idOfKey.get(key) ?? -1);
      return t ? f(t) : null;
    };
    const starts = into
      .filter((l) => l.type !== 'FF')
      .map((l) => bound(l.from, (t) => (l.type === 'FS' ? t.earlyFinish : t.earlyStart) + l.lagDays));
    const finishes = into
      .filter((l) => l.type === 'FF')
      .map((l) => bound(l.from, (t) => t.earlyFinish + l.lagDays));
    const start = Math.max(0, ...starts.filter((v): v is number => v !== null));
    const finish = Math.max(start, ...finishes.filter((v): v is number => v !== null));
    const span = Math.max(1, Math.round(finish - start));
    if (span !== Math.round(p.durationDays)) out.push({ id, duration: span });
  }
  return out;
}

/** Moves the generation to a step; `inTransaction` for the steps written while the plan's transaction is open. */
export type PlanProgress = (step: PlanStep, percent: number, inTransaction?: boolean) => Promise<void>;

/** The answer a succeeded generation stored. */
export function storedPlan(row: PlanGenerationRow): GeneratedPlanDto {
  const plan = generatedPlanDto.safeParse((row.result as Partial<StoredResult> | null)?.plan);
  if (!plan.success) throw new Error(`plan generation ${row.id} has no readable stored result`);
  return plan.data;
}

/** The plan's writes of one app. */
export function planSaver(ctx: AppContext) {
  const schedule = scheduleService(ctx);
  const insights = insightsService(ctx);

  /** What earlier estimates of the project left: their packages' tasks (still in the project) and totals. */
  async function earlierGenerations(tx: Db, companyId: number, projectId: number, generationId: number) {
    const rows = await aiRepo.succeededResults(tx, companyId, projectId, generationId);
    const plans = rows.length;
    const taskIdsByKey = new Map<string, number>();
    let wholeTotals = 0;
    for (const row of rows) {
      const value = row.result as Partial<StoredResult> | null;
      wholeTotals += value?.wholeTotal ?? 0;
      for (const [key, id] of Object.entries(value?.taskIdsByKey ?? {})) {
        if (!taskIdsByKey.has(key)) taskIdsByKey.set(key, id);
      }
    }
    // Only tasks that still exist in this project (a user may have deleted some since).
    const alive = new Set(
      (await aiRepo.tasksByIds(tx, companyId, projectId, [...new Set(taskIdsByKey.values())])).map(
        (t) => t.id,
      ),
    );
    for (const [key, id] of taskIdsByKey) if (!alive.has(id)) taskIdsByKey.delete(key);
    return { plans, taskIdsByKey, wholeTotals };
  }

  /** Sets the level-of-effort spans from the dated schedule and reschedules when one changed. */
  async function withLevelOfEffortSpans(
    tx: Db,
    tenant: Tenant,
    projectId: number,
    plan: EstimatePlan,
    idOfKey: ReadonlyMap<string, number>,
    created: readonly WorkPackage[],
    scheduled: ProjectScheduleDto,
  ): Promise<ProjectScheduleDto> {
    const updates = levelOfEffortUpdates(plan, idOfKey, created, scheduled);
    if (updates.length === 0) return scheduled;
    for (const u of updates)
      await bulkTaskWrites.setDuration(tx, tenant.companyId, projectId, u.id, u.duration);
    return schedule.reschedule(tx, tenant, projectId);
  }

  /** The plan's writes, all in the caller's transaction. */
  return async function savePlan(
    tx: Db,
    tenant: Tenant,
    generation: GenerationRun,
    body: GenerateProjectPlanBody,
    analyzerKind: 'builtin' | 'model',
    plan: EstimatePlan,
    analyzerNotes: string[],
    progress: PlanProgress,
  ): Promise<GeneratedPlanDto> {
    const { companyId } = tenant;
    const generationId = generation.id;
    const projectId = body.projectId;
    // The project's schedule lock first: generations and reschedules of one project run one at a time.
    await schedule.lockProject(tx, companyId, projectId);
    const project = await aiRepo.project(tx, companyId, projectId);
    if (!project) throw notFound('project');
    // The project's own state or region for the weather, else the company's.
    const state = await projectScheduleFacts.weatherState(tx, companyId, projectId);
    const earlier = await earlierGenerations(tx, companyId, projectId, generationId);
    // The projects module owns the table: the project takes the estimate's currency through it.
    const currency = await adoptEstimateCurrency(
      tx,
      companyId,
      project,
      plan.document.currency,
      earlier.plans > 0,
    );
    const notes = [...analyzerNotes, ...currencyNotes(currency)];

    // Packages of the shared chain already in the project (from an earlier estimate) are reused.
    const reused = new Map<string, number>();
    for (const p of plan.packages) {
      const existingId = earlier.taskIdsByKey.get(p.key);
      if (existingId !== undefined && SHARED_CHAIN_TRADES.has(p.trade)) reused.set(p.key, existingId);
    }
    const created = plan.packages.filter((p) => !reused.has(p.key));
    const firstPosition = await bulkTaskWrites.nextPosition(tx, companyId, projectId);
    const placeholder = project.startDate;
    const values: NewTaskRow[] = created.map((p, i) => ({
      projectId,
      name: p.name.trim().slice(0, 300) || p.trade,
      description: describe(p),
      phase: p.phase.slice(0, 100),
      duration: Math.max(0, Math.min(10_000, Math.round(p.durationDays))),
      startDate: placeholder,
      endDate: placeholder,
      estimatedCost: money(p.estimatedCost),
      materials: JSON.stringify(p.materials),
      specifications: JSON.stringify(p.specifications),
      planGenerationId: generationId,
      position: firstPosition + i,
      createdBy: tenant.userId,
    }));
    const inserted = await bulkTaskWrites.insertMany(tx, companyId, values);
    const idAtPosition = new Map(inserted.map((r) => [r.position, r.id]));
    const idOfKey = new Map(reused);
    created.forEach((p, i) => {
      const id = idAtPosition.get(firstPosition + i);
      if (id === undefined) throw new Error(`task of package ${p.key} was not inserted`);
      idOfKey.set(p.key, id);
    });

    // Links by key → dependencies by task id; reused chain tasks gain links from the new work.
    const incoming = new Map<number, Dependency[]>();
    for (const link of plan.links) {
      const from = idOfKey.get(link.from);
      const to = idOfKey.get(link.to);
      if (from === undefined || to === undefined || from === to) continue;
      const list = incoming.get(to) ?? [];
      if (!list.some((d) => d.taskId === from)) {
        list.push({ taskId: from, type: link.type, lagDays: link.lagDays, reason: link.reason });
      }
      incoming.set(to, list);
    }
    const existingRows = await aiRepo.tasksByIds(tx, companyId, projectId, [...reused.values()]);
    const updates: { id: number; dependencies: string | null; estimatedCost?: string | null }[] = [];
    for (const id of idAtPosition.values()) {
      updates.push({ id, dependencies: serializeDependencies(incoming.get(id) ?? []) });
    }
    for (const row of existingRows) {
      const current = parseDependencies(row.dependencies);
      const kept = current.ok ? current.value : [];
      const added = (incoming.get(row.id) ?? []).filter((d) => !kept.some((k) => k.taskId === d.taskId));
      const pkg = plan.packages.find((p) => reused.get(p.key) === row.id);
      const extraCost = pkg?.estimatedCost ?? 0;
      updates.push({
        id: row.id,
        dependencies: serializeDependencies([...kept, ...added]),
        ...(extraCost !== 0 ? { estimatedCost: money(Number(row.estimatedCost ?? 0) + extraCost) } : {}),
      });
    }
    await bulkTaskWrites.setDependencies(tx, companyId, projectId, updates);
    if (reused.size > 0) {
      notes.push(
        `This estimate's work was linked into the project's existing ${[...reused.keys()].join(', ')} tasks from an earlier estimate.`,
      );
    }
    await progress('generating-tasks', 70, true);

    const scheduled = await withLevelOfEffortSpans(
      tx,
      tenant,
      projectId,
      plan,
      idOfKey,
      created,
      await schedule.reschedule(tx, tenant, projectId),
    );
    await progress('creating-insights', 85, true);

    const byTask = new Map(scheduled.tasks.map((t) => [t.id, t]));
    const scheduledPackages = plan.packages.flatMap((p) => {
      const t = byTask.get(idOfKey.get(p.key) ?? -1);
      return t
        ? [
            {
              key: p.key,
              startDate: t.startDate,
              endDate: t.endDate,
              isCritical: t.isCritical,
              totalFloat: t.totalFloat,
            },
          ]
        : [];
    });
    // A budget in another currency than the estimate's cannot be compared with it.
    let budget = currency.unconverted === null ? budgetOf(body.budget, project.budget) : null;
    // A project created without a budget takes this estimate's whole total as its budget.
    if (
      currency.unconverted === null &&
      earlier.wholeTotals === 0 &&
      (await projectScheduleFacts.fillBudgetFromEstimate(
        tx,
        companyId,
        projectId,
        estimateTotal(plan.document),
      ))
    ) {
      notes.push("The project's budget was set to the estimate's total.");
    }
    if (budget !== null && earlier.wholeTotals > 0) {
      budget = Math.round((budget - earlier.wholeTotals) * 100) / 100;
      notes.push(
        `The budget is compared with this estimate after the project's earlier estimates (${formatMoney(earlier.wholeTotals, currency.currency)}): ${formatMoney(budget, currency.currency)} of it is left.`,
      );
    }
    const drafts = planInsights({
      document: plan.document,
      packages: plan.packages,
      scheduled: scheduledPackages,
      budget,
      state,
      projectStartDate: scheduled.startDate,
      finishDate: scheduled.finishDate,
      // The contractual deadline when one was typed; else the end date the project had before this plan.
      projectEndDate: project.deadline ?? isoDateOf(project.endDate),
    });
    // The insights module owns the table: it stores the plan's and answers the project's active ones.
    const projectInsights = await insights.savePlanInsights(tx, tenant, projectId, drafts);
    // The budget module owns the budget: the estimate's lines become the project's original budget,
    // when they are in the project's currency (an estimate in another is kept as written, unconverted).
    if (currency.unconverted === null) {
      await saveEstimateBudget(
        tx,
        tenant,
        { projectId, generationId },
        plan.document,
        taskOfSourceLine(plan, idOfKey),
      );
    } else {
      notes.push(`The budget was not given this estimate's lines: they are in ${currency.unconverted}.`);
    }
    await progress('finalizing', 95, true);

    const taskRows = await aiRepo.tasksByIds(tx, companyId, projectId, [...idOfKey.values()]);
    const order = new Map([...idOfKey.values()].map((id, i) => [id, i]));
    taskRows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const { document } = plan;
    const result: GeneratedPlanDto = {
      generationId,
      projectId,
      tasks: taskRows.map(toTaskDto),
      criticalPath: scheduled.criticalPath,
      insights: projectInsights,
      finishDate: scheduled.finishDate,
      analyzer: analyzerKind,
      notes: [...new Set([...notes, ...plan.notes])],
      estimateTotal: document.statedTotal ?? document.itemsTotal,
      reused: false,
      sourceLines: planSourceLines(plan, idOfKey),
      weather: scheduled.weather ?? null,
    };
    const stored: StoredResult = {
      plan: result,
      taskIdsByKey: Object.fromEntries(idOfKey),
      tradesByKey: Object.fromEntries(plan.packages.map((p) => [p.key, p.trade])),
      wholeTotal: estimateTotal(document),
    };
    const stillOurs = await aiRepo.markSucceeded(tx, companyId, generation, {
      analyzer: analyzerKind,
      result: stored,
      now: ctx.now(),
    });
    // Given up for dead and taken over by another request: that run's plan is the one to keep.
    if (!stillOurs) {
      throw conflict(
        'plan_generation_running',
        'A plan for this estimate is being generated by another request. Try again in a minute.',
      );
    }
    return result;
  };
}
