/**
 * Estimate → saved, scheduled plan. One generation per (project, estimate text): claimed with an
 * insert that a unique index arbitrates, run under a lease its heartbeat renews (`plan-lease.ts`),
 * its progress written step by step so the overlay can poll it, and the plan's writes (tasks,
 * links, dates, insights, the stored answer) in one transaction (`save-plan.ts`). See README.md
 * beside this file.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  GeneratedPlanDto,
  GenerateProjectPlanBody,
  PlanProgressDto,
  PlanQuestionsDto,
} from '../../../contracts/ai.js';
import { MAX_MONEY } from '../../../contracts/common.js';
import type {
  EstimatePlan,
  EstimateToPlanOptions,
  Trade,
  WorkPackage,
} from '../../../domain/estimate/types.js';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { EstimateAnalyzer } from '../../providers/analyzer/estimate-analyzer.js';
import { requireProject } from '../projects/project-scope.js';
import { toPlanProgressDto } from './ai.dto.js';
import { aiRepo, type GenerationRun, type PlanGenerationRow } from './ai.repo.js';
import { toEstimateCorrections } from './corrections.js';
import { planLeases } from './plan-lease.js';
import { NO_ANSWERS, type PlanAnswers, planQuestions, refuseOpenChoice } from './plan-questions.js';
import {
  hasNoLayout,
  NOT_REMEMBERED_NOTE,
  nothingAnswered,
  REMEMBERED_NOTE,
  rememberedReading,
  withRemembered,
  withRememberedMark,
} from './reading-rules.js';
import { type PlanProgress, planSaver, storedPlan } from './save-plan.js';

/** How often a request waiting for an identical running generation looks at it again. */
const POLL_MS = 150;
/** How long a request waits for an identical running generation (plus the model's timeout) before answering 409. */
const WAIT_LIMIT_MS = 2 * 60_000;

/** Packages the sequencing adds to every plan: alone they are no work read from the estimate. */
const ALWAYS_ADDED_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'closeout', 'punch-list']);

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How a run ended: its saved plan, or the questions it stopped to ask (nothing written). */
export type RunOutcome = { plan: GeneratedPlanDto } | { questions: PlanQuestionsDto };

/** What a generation is asked besides the estimate itself (the text, or the stored file it reads). */
export type PlanRequest = Omit<GenerateProjectPlanBody, 'estimateContent'>;

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

  /**
   * Claims the generation of `source` (an estimate text's or a stored file's hash) for this project,
   * or finds where it stands: `run` when this caller must run it now (new, failed, or abandoned by a
   * server that stopped), else the existing row (succeeded or still running elsewhere).
   */
  async function claimOrFind(
    tenant: Tenant,
    source: {
      projectId: number;
      contentHash: string;
      fileName: string | null;
      documentId?: number;
      input?: unknown;
    },
  ): Promise<{ run: GenerationRun; input?: unknown } | { row: PlanGenerationRow }> {
    const { companyId } = tenant;
    for (;;) {
      const now = ctx.now();
      const claimed = await aiRepo.claim(db, companyId, { ...source, createdBy: tenant.userId, now });
      if (claimed !== undefined) return { run: { id: claimed, startedAt: now } };
      const existing = await aiRepo.find(db, companyId, source.projectId, source.contentHash);
      if (!existing) continue; // removed between the two statements (its project was deleted): claim again
      if (existing.status === 'failed' || leases.isAbandoned(existing, now)) {
        const reclaimed = await aiRepo.reclaim(db, companyId, existing.id, {
          fileName: source.fileName,
          createdBy: tenant.userId,
          now,
          staleBefore: leases.cutoff(now),
        });
        // A rerun keeps what the user answered and corrected the last time.
        if (reclaimed) return { run: { id: existing.id, startedAt: now }, input: existing.input };
        continue;
      }
      return { row: existing };
    }
  }

  /** Waits for, reuses, reruns or runs the generation of this estimate for this project. */
  async function generate(
    tenant: Tenant,
    body: GenerateProjectPlanBody,
    log: FastifyBaseLogger,
  ): Promise<GeneratedPlanDto> {
    await requireProject(db, tenant.companyId, body.projectId);
    const source = {
      projectId: body.projectId,
      contentHash: sha256(body.estimateContent),
      fileName: body.fileName?.trim() || null,
    };
    const { estimateContent, ...request } = body;
    const waitUntil = Date.now() + WAIT_LIMIT_MS + modelTimeoutMs;
    for (;;) {
      const found = await claimOrFind(tenant, source);
      if ('run' in found) {
        const outcome = await run(tenant, found.run, request, async () => estimateContent, log);
        // A generation that does not ask never stops with questions (see `run`).
        if ('plan' in outcome) return outcome.plan;
        throw new Error('a plan generation that may not ask stopped with questions');
      }
      if (found.row.status === 'succeeded') return { ...storedPlan(found.row), reused: true };
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
   * The answers a generation reads with: on a server-run generation's first reading (nothing answered
   * yet), the company's remembered rules for the estimate's layout beneath the user's answers, kept
   * as the generation's answers so that the review shows them and a rerun keeps them.
   */
  async function answersToReadWith(
    companyId: number,
    generation: GenerationRun,
    content: string,
    asking: { answers: PlanAnswers; ask: boolean },
  ): Promise<{ answers: PlanAnswers; notes: string[] }> {
    const notes = asking.answers.remember && hasNoLayout(content) ? [NOT_REMEMBERED_NOTE] : [];
    if (!asking.ask || !nothingAnswered(asking.answers)) return { answers: asking.answers, notes };
    const remembered = await rememberedReading(db, companyId, content);
    if (!remembered) return { answers: asking.answers, notes };
    const answers = withRemembered(asking.answers, remembered);
    await aiRepo.setInput(db, companyId, generation, withRememberedMark(answers), ctx.now());
    return { answers, notes: [...notes, REMEMBERED_NOTE] };
  }

  /**
   * Runs a claimed generation under a lease its heartbeat renews; on any failure nothing of the
   * plan is kept and the row says why.
   */
  async function run(
    tenant: Tenant,
    generation: GenerationRun,
    request: PlanRequest,
    readEstimate: () => Promise<string>,
    log: FastifyBaseLogger,
    /** The user's answers, and whether the run may stop to ask (a server-run generation) or not. */
    asking: { answers: PlanAnswers; ask: boolean } = { answers: NO_ANSWERS, ask: false },
  ): Promise<RunOutcome> {
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
      const project = await aiRepo.project(db, companyId, request.projectId);
      if (!project) throw notFound('project');
      const estimateContent = await readEstimate();
      const { answers, notes: ruleNotes } = await answersToReadWith(
        companyId,
        generation,
        estimateContent,
        asking,
      );
      const options: EstimateToPlanOptions = {
        projectType: request.projectType ?? project.type,
        ...(request.fileName ? { fileName: request.fileName } : {}),
        choices: answers.choices,
        corrections: toEstimateCorrections(answers.corrections),
      };

      await progress('ai-analysis', 30);
      const analysis = await analyzer.analyze(estimateContent, options);
      await progress('ai-analysis', 50);
      const { plan } = analysis;
      if (asking.ask) {
        const questions = planQuestions(plan.document, answers);
        if (questions) {
          await aiRepo.markNeedsInput(db, companyId, generation, questions, ctx.now());
          return { questions };
        }
      } else {
        refuseOpenChoice(plan.document, answers);
      }
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
      const saved = await db.transaction((tx) =>
        savePlan(
          tx,
          tenant,
          generation,
          { ...request, estimateContent },
          analysis.analyzer,
          plan,
          [...analysis.notes, ...ruleNotes],
          progress,
        ),
      );
      return { plan: saved };
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
    claimOrFind,
    run,
    leases,

    /** `GET /api/ai/plan-progress/{projectId}`: the project's latest generation; 404 when none. */
    async progress(tenant: Tenant, projectId: number): Promise<PlanProgressDto> {
      await requireProject(db, tenant.companyId, projectId);
      const row = await aiRepo.latestForProject(db, tenant.companyId, projectId);
      if (!row) throw notFound('plan generation');
      return toPlanProgressDto(await leases.settle(tenant.companyId, row));
    },
  };
}
