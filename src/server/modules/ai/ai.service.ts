/**
 * Estimate → saved, scheduled plan (issue 6 §4). One generation per (project, estimate text):
 * claimed with an insert that a unique index arbitrates, its progress written step by step so the
 * overlay can poll it, and the plan's writes (tasks, links, dates, insights, the stored answer) in
 * one transaction. See README.md beside this file.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type GeneratedPlanDto,
  type GenerateProjectPlanBody,
  generatedPlanDto,
  type InsightDto,
  PLAN_STEPS,
  type PlanProgressDto,
  type PlanStep,
} from '../../../contracts/ai.js';
import { estimateTotal, planInsights } from '../../../domain/estimate/index.js';
import type {
  EstimatePlan,
  EstimateToPlanOptions,
  Trade,
  WorkPackage,
} from '../../../domain/estimate/types.js';
import { type Dependency, parseDependencies, serializeDependencies } from '../../../domain/tasks/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { EstimateAnalyzer } from '../../providers/analyzer/estimate-analyzer.js';
import { requireProject } from '../projects/project-scope.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { toTaskDto } from '../tasks/tasks.service.js';
import { aiRepo, type InsightRow, type NewPlanTask, type PlanGenerationRow } from './ai.repo.js';

/** How often a request waiting for an identical running generation looks at it again. */
const POLL_MS = 150;
/** A running generation silent for longer than this (plus the model's timeout) is taken to have died with its server. */
const STALE_AFTER_MS = 5 * 60_000;
/** How long a request waits for an identical running generation (plus the model's timeout) before answering 409. */
const WAIT_LIMIT_MS = 2 * 60_000;
/** `tasks.estimated_cost` is numeric(10, 2). */
const MAX_TASK_COST = 99_999_999.99;

/**
 * Trades every job has once: a second estimate for the same project links its work into the
 * permits, inspections, punch list and closeout tasks of the first instead of adding another chain.
 */
const SHARED_CHAIN_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'punch-list', 'closeout']);
/** Packages the sequencing adds to every plan: alone they are no work read from the estimate. */
const ALWAYS_ADDED_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'closeout', 'punch-list']);

/** What a succeeded generation keeps: its answer, and which task each of its packages became. */
interface StoredResult {
  plan: GeneratedPlanDto;
  taskIdsByKey: Record<string, number>;
  /** The trade of each package key (for tests and for linking a later estimate into this one's chain). */
  tradesByKey: Record<string, Trade>;
  /** The whole estimate (grand total with allowances and charges), what the budget is compared with. */
  wholeTotal: number;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const isoDateOf = (value: Date) => value.toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function toInsightDto(row: InsightRow): InsightDto {
  return {
    id: row.id,
    projectId: row.projectId,
    type: row.type,
    severity: row.severity,
    title: row.title,
    description: row.description,
    impact: row.impact,
    recommendation: row.recommendation,
    potentialSavings: row.potentialSavings,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPlanProgressDto(row: PlanGenerationRow): PlanProgressDto {
  const step = (PLAN_STEPS as readonly string[]).includes(row.step) ? (row.step as PlanStep) : 'initializing';
  const status = row.status === 'succeeded' || row.status === 'failed' ? row.status : 'running';
  return {
    generationId: row.id,
    projectId: row.projectId,
    status,
    step,
    percent: Math.max(0, Math.min(100, row.percent)),
    fileName: row.fileName,
    error: row.error,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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

function describe(p: WorkPackage): string {
  const parts = [p.description.trim()];
  if (p.durationBasis) parts.push(`Duration: ${p.durationBasis}.`);
  return parts.filter(Boolean).join('\n').slice(0, 10_000);
}

/** The plan's packages that are work read from the estimate (not only the chain every job gets). */
function estimateWork(plan: EstimatePlan): WorkPackage[] {
  return plan.packages.filter(
    (p) => !ALWAYS_ADDED_TRADES.has(p.trade) || p.sourceLines.length > 0 || p.estimatedCost > 0,
  );
}

export function aiService(ctx: AppContext, analyzer: EstimateAnalyzer) {
  const { db } = ctx;
  const schedule = scheduleService(ctx);
  const modelTimeoutMs = ctx.config.analyzer.kind === 'model' ? ctx.config.analyzer.timeoutMs : 0;
  /**
   * Progress written while the plan's transaction is open: on PostgreSQL through another pooled
   * connection, committed at once, so a poller sees it. PGlite has one connection and queues every
   * statement behind an open transaction (a write from outside it would wait for its end, which
   * waits for the write), and a poller could not read before the commit anyway: there those steps
   * are not written separately and the poller sees 60 % and then 100 %.
   */
  const progressInsideTransaction = ctx.database.kind === 'postgresql';

  /** Waits for, reuses, reruns or runs the generation of this estimate for this project. */
  async function generate(
    tenant: Tenant,
    body: GenerateProjectPlanBody,
    log: FastifyBaseLogger,
  ): Promise<GeneratedPlanDto> {
    const { companyId } = tenant;
    await requireProject(db, companyId, body.projectId);
    const contentHash = sha256(body.estimateContent);
    const fileName = body.fileName?.trim() || null;
    const waitUntil = Date.now() + WAIT_LIMIT_MS + modelTimeoutMs;
    for (;;) {
      const now = ctx.now();
      const claimed = await aiRepo.claim(db, companyId, {
        projectId: body.projectId,
        contentHash,
        fileName,
        createdBy: tenant.userId,
        now,
      });
      if (claimed !== undefined) return run(tenant, claimed, body, log);
      const existing = await aiRepo.find(db, companyId, body.projectId, contentHash);
      if (!existing) continue; // removed between the two statements (its project was deleted): claim again
      if (existing.status === 'succeeded') return { ...storedPlan(existing), reused: true };
      const staleBefore = new Date(now.getTime() - STALE_AFTER_MS - modelTimeoutMs);
      if (existing.status === 'failed' || existing.updatedAt < staleBefore) {
        const reclaimed = await aiRepo.reclaim(db, companyId, existing.id, {
          fileName,
          createdBy: tenant.userId,
          now,
          staleBefore,
        });
        if (reclaimed) return run(tenant, existing.id, body, log);
        continue;
      }
      if (Date.now() > waitUntil) {
        throw conflict(
          'plan_generation_running',
          'A plan for this estimate is still being generated. Try again in a minute.',
        );
      }
      await sleep(POLL_MS);
    }
  }

  /** The answer a succeeded generation stored. */
  function storedPlan(row: PlanGenerationRow): GeneratedPlanDto {
    const plan = generatedPlanDto.safeParse((row.result as Partial<StoredResult> | null)?.plan);
    if (!plan.success) throw new Error(`plan generation ${row.id} has no readable stored result`);
    return plan.data;
  }

  /** Runs a claimed generation; on any failure nothing of the plan is kept and the row says why. */
  async function run(
    tenant: Tenant,
    generationId: number,
    body: GenerateProjectPlanBody,
    log: FastifyBaseLogger,
  ): Promise<GeneratedPlanDto> {
    const { companyId } = tenant;
    // Steps inside the transaction are queued one after another on another connection and not
    // waited for: the transaction must never wait for a free pooled connection it may itself hold.
    // A queued write that lands after the commit finds the row no longer running and changes nothing.
    let queued: Promise<void> = Promise.resolve();
    const progress = async (next: PlanStep, percent: number, inTransaction = false) => {
      if (!inTransaction) {
        await aiRepo.setProgress(db, companyId, generationId, next, percent, ctx.now());
        return;
      }
      if (!progressInsideTransaction) return;
      const at = ctx.now();
      queued = queued
        .then(() => aiRepo.setProgress(db, companyId, generationId, next, percent, at))
        .catch((err: unknown) => log.warn({ err, generationId }, 'plan progress not written'));
    };
    try {
      await progress('processing-files', 20);
      const project = await aiRepo.project(db, companyId, body.projectId);
      if (!project) throw notFound('project');
      const options: EstimateToPlanOptions = {
        projectType: body.projectType ?? project.type,
        ...(body.fileName ? { fileName: body.fileName } : {}),
      };

      await progress('ai-analysis', 30);
      const analysis = await analyzer.analyze(body.estimateContent, options);
      await progress('ai-analysis', 50);
      const { plan } = analysis;
      if (estimateWork(plan).length === 0) {
        const why = plan.document.problems.find((p) => p.code === 'no-items')?.message;
        throw unprocessable(
          'no_work_items',
          `No work items could be read from this estimate${why ? ` (${why})` : ''}.`,
        );
      }
      const tooLarge = plan.packages.find((p) => Math.abs(p.estimatedCost) > MAX_TASK_COST);
      if (tooLarge) {
        throw unprocessable(
          'amount_too_large',
          `"${tooLarge.name}" comes to ${tooLarge.estimatedCost.toLocaleString('en-US')}, more than a task's cost can hold (${MAX_TASK_COST.toLocaleString('en-US')}).`,
        );
      }

      await progress('generating-tasks', 60);
      return await db.transaction((tx) =>
        savePlan(tx, tenant, generationId, body, analysis.analyzer, plan, analysis.notes, progress),
      );
    } catch (err) {
      const message =
        err instanceof AppError
          ? err.message
          : 'The plan could not be generated because of an internal error.';
      if (!(err instanceof AppError)) log.error({ err, generationId }, 'plan generation failed');
      try {
        await aiRepo.markFailed(db, companyId, generationId, message, ctx.now());
      } catch (markErr) {
        log.error({ err: markErr, generationId }, 'could not mark the plan generation failed');
      }
      throw err;
    } finally {
      await queued;
    }
  }

  /** The plan's writes, all in the caller's transaction. */
  async function savePlan(
    tx: Db,
    tenant: Tenant,
    generationId: number,
    body: GenerateProjectPlanBody,
    analyzerKind: 'builtin' | 'model',
    plan: EstimatePlan,
    analyzerNotes: string[],
    progress: (step: PlanStep, percent: number, inTransaction?: boolean) => Promise<void>,
  ): Promise<GeneratedPlanDto> {
    const { companyId } = tenant;
    const projectId = body.projectId;
    // The project's schedule lock first: generations and reschedules of one project run one at a time.
    await schedule.lockProject(tx, companyId, projectId);
    const project = await aiRepo.project(tx, companyId, projectId);
    if (!project) throw notFound('project');
    const state = await aiRepo.companyState(tx, companyId);
    const earlier = await earlierGenerations(tx, companyId, projectId, generationId);
    const notes = [...analyzerNotes];

    // Packages of the shared chain already in the project (from an earlier estimate) are reused.
    const reused = new Map<string, number>();
    for (const p of plan.packages) {
      const existingId = earlier.taskIdsByKey.get(p.key);
      if (existingId !== undefined && SHARED_CHAIN_TRADES.has(p.trade)) reused.set(p.key, existingId);
    }
    const created = plan.packages.filter((p) => !reused.has(p.key));
    const firstPosition = await aiRepo.nextPosition(tx, companyId, projectId);
    const placeholder = project.startDate;
    const values: NewPlanTask[] = created.map((p, i) => ({
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
    const inserted = await aiRepo.insertTasks(tx, companyId, values);
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
        list.push({ taskId: from, type: link.type, lagDays: link.lagDays });
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
    await aiRepo.setDependenciesAndCosts(tx, companyId, projectId, updates);
    if (reused.size > 0) {
      notes.push(
        `This estimate's work was linked into the project's existing ${[...reused.keys()].join(', ')} tasks from an earlier estimate.`,
      );
    }
    await progress('generating-tasks', 70, true);

    const scheduled = await schedule.reschedule(tx, tenant, projectId);
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
    let budget = budgetOf(body.budget, project.budget);
    if (budget !== null && earlier.wholeTotals > 0) {
      budget = Math.round((budget - earlier.wholeTotals) * 100) / 100;
      notes.push(
        `The budget is compared with this estimate after the project's earlier estimates (${earlier.wholeTotals.toLocaleString('en-US')}): ${budget.toLocaleString('en-US')} of it is left.`,
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
      projectEndDate: isoDateOf(project.endDate),
    });
    const insightRows = await aiRepo.insertInsights(
      tx,
      companyId,
      drafts.map((d) => ({
        projectId,
        type: d.type,
        severity: d.severity,
        title: d.title.slice(0, 500),
        description: d.description,
        impact: d.impact,
        recommendation: d.recommendation,
        potentialSavings: d.potentialSavings === null ? null : money(d.potentialSavings),
        createdBy: tenant.userId,
      })),
    );
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
      insights: insightRows.map(toInsightDto),
      finishDate: scheduled.finishDate,
      analyzer: analyzerKind,
      notes: [...new Set([...notes, ...plan.notes])],
      estimateTotal: document.statedTotal ?? document.itemsTotal,
      reused: false,
    };
    const stored: StoredResult = {
      plan: result,
      taskIdsByKey: Object.fromEntries(idOfKey),
      tradesByKey: Object.fromEntries(plan.packages.map((p) => [p.key, p.trade])),
      wholeTotal: estimateTotal(document),
    };
    await aiRepo.markSucceeded(tx, companyId, generationId, {
      analyzer: analyzerKind,
      result: stored,
      now: ctx.now(),
    });
    return result;
  }

  /** What earlier estimates of the project left: their packages' tasks (still in the project) and totals. */
  async function earlierGenerations(tx: Db, companyId: number, projectId: number, generationId: number) {
    const rows = await aiRepo.succeededResults(tx, companyId, projectId, generationId);
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
    return { taskIdsByKey, wholeTotals };
  }

  return {
    generate,

    /** `GET /api/ai/plan-progress/{projectId}`: the project's latest generation; 404 when none. */
    async progress(tenant: Tenant, projectId: number): Promise<PlanProgressDto> {
      await requireProject(db, tenant.companyId, projectId);
      const row = await aiRepo.latestForProject(db, tenant.companyId, projectId);
      if (!row) throw notFound('plan generation');
      return toPlanProgressDto(row);
    },

    /** `GET /api/ai-insights`: the company's active insights, newest first, of one project when asked. */
    async insights(tenant: Tenant, projectId: number | undefined): Promise<InsightDto[]> {
      if (projectId !== undefined) await requireProject(db, tenant.companyId, projectId);
      return (await aiRepo.listInsights(db, tenant.companyId, projectId)).map(toInsightDto);
    },
  };
}
