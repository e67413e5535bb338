/**
 * Estimate → saved, scheduled plan. One generation per (project, estimate text): claimed with an
 * insert that a unique index arbitrates, run under a lease its heartbeat renews (`plan-lease.ts`),
 * its progress written step by step so the overlay can poll it, and the plan's writes (tasks,
 * links, dates, insights, the stored answer) in one transaction (`save-plan.ts`). See README.md
 * beside this file.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { GeneratedPlanDto, GenerateProjectPlanBody, PlanProgressDto } from '../../../contracts/ai.js';
import type {
  EstimatePlan,
  EstimateToPlanOptions,
  Trade,
  WorkPackage,
} from '../../../domain/estimate/types.js';
import { MAX_MONEY } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { EstimateAnalyzer } from '../../providers/analyzer/estimate-analyzer.js';
import { requireProject } from '../projects/project-scope.js';
import { toPlanProgressDto } from './ai.dto.js';
import { aiRepo, type GenerationRun } from './ai.repo.js';
import { planLeases } from './plan-lease.js';
import { type PlanProgress, planSaver, storedPlan } from './save-plan.js';

/** How often a request waiting for an identical running generation looks at it again. */
const POLL_MS = 150;
/** How long a request waits for an identical running generation (plus the model's timeout) before answering 409. */
const WAIT_LIMIT_MS = 2 * 60_000;

/** Packages the sequencing adds to every plan: alone they are no work read from the estimate. */
const ALWAYS_ADDED_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'closeout', 'punch-list']);

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The plan's packages that are work read from the estimate (not only the chain every job gets). */
function estimateWork(plan: EstimatePlan): WorkPackage[] {
  return plan.packages.filter(
    (p) => !ALWAYS_ADDED_TRADES.has(p.trade) || p.sourceLines.length > 0 || p.estimatedCost > 0,
  );
}

export function aiService(ctx: AppContext, analyzer: EstimateAnalyzer) {
  const { db } = ctx;
  const modelTimeoutMs = ctx.config.analyzer.kind === 'model' ? ctx.config.analyzer.timeoutMs : 0;
  const leases = planLeases(ctx);
  const savePlan = planSaver(ctx);
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
      if (claimed !== undefined) return run(tenant, { id: claimed, startedAt: now }, body, log);
      const existing = await aiRepo.find(db, companyId, body.projectId, contentHash);
      if (!existing) continue; // removed between the two statements (its project was deleted): claim again
      if (existing.status === 'succeeded') return { ...storedPlan(existing), reused: true };
      if (existing.status === 'failed' || leases.isAbandoned(existing, now)) {
        const reclaimed = await aiRepo.reclaim(db, companyId, existing.id, {
          fileName,
          createdBy: tenant.userId,
          now,
          staleBefore: leases.cutoff(now),
        });
        if (reclaimed) return run(tenant, { id: existing.id, startedAt: now }, body, log);
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

  /**
   * Runs a claimed generation under a lease its heartbeat renews; on any failure nothing of the
   * plan is kept and the row says why.
   */
  async function run(
    tenant: Tenant,
    generation: GenerationRun,
    body: GenerateProjectPlanBody,
    log: FastifyBaseLogger,
  ): Promise<GeneratedPlanDto> {
    const { companyId } = tenant;
    const generationId = generation.id;
    const lease = leases.hold(companyId, generation, log);
    // Steps inside the transaction are queued one after another on another connection and not
    // waited for: the transaction must never wait for a free pooled connection it may itself hold.
    // A queued write that lands after the commit finds the row no longer running and changes nothing.
    let queued: Promise<void> = Promise.resolve();
    const progress: PlanProgress = async (next, percent, inTransaction = false) => {
      if (!inTransaction) {
        await aiRepo.setProgress(db, companyId, generation, next, percent, ctx.now());
        return;
      }
      if (!progressInsideTransaction) return;
      const at = ctx.now();
      queued = queued
        .then(() => aiRepo.setProgress(db, companyId, generation, next, percent, at))
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
      const tooLarge = plan.packages.find((p) => Math.abs(p.estimatedCost) > MAX_MONEY);
      if (tooLarge) {
        throw unprocessable(
          'amount_too_large',
          `"${tooLarge.name}" comes to ${tooLarge.estimatedCost.toLocaleString('en-US')}, more than a task's cost can hold (${MAX_MONEY.toLocaleString('en-US')}).`,
        );
      }

      await progress('generating-tasks', 60);
      return await db.transaction((tx) =>
        savePlan(tx, tenant, generation, body, analysis.analyzer, plan, analysis.notes, progress),
      );
    } catch (err) {
      const message =
        err instanceof AppError
          ? err.message
          : 'The plan could not be generated because of an internal error.';
      if (!(err instanceof AppError)) log.error({ err, generationId }, 'plan generation failed');
      try {
        await aiRepo.markFailed(db, companyId, generation, message, ctx.now());
      } catch (markErr) {
        log.error({ err: markErr, generationId }, 'could not mark the plan generation failed');
      }
      throw err;
    } finally {
      await lease.stopHeartbeat();
      await queued;
      lease.release();
    }
  }

  return {
    generate,

    /** `GET /api/ai/plan-progress/{projectId}`: the project's latest generation; 404 when none. */
    async progress(tenant: Tenant, projectId: number): Promise<PlanProgressDto> {
      await requireProject(db, tenant.companyId, projectId);
      const row = await aiRepo.latestForProject(db, tenant.companyId, projectId);
      if (!row) throw notFound('plan generation');
      return toPlanProgressDto(await leases.settle(tenant.companyId, row));
    },
  };
}
