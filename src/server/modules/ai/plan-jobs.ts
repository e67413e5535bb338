/**
 * Plans run by the server from the project's stored documents: the request answers as soon as each
 * estimate's generation is claimed, and the generation reads the stored file, analyses it and saves
 * the plan on its own, under the same lease, progress and single transaction as a generation given
 * the estimate's text. Closing the browser does not stop it; the project shows the plan when it is done.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type PlanGenerationDto,
  type PlanGenerationSummaryDto,
  type PlanQuestionsDto,
  planAnswersBody,
  planQuestionsDto,
  type StartedPlansDto,
} from '../../../contracts/ai.js';
import { isReadableEstimate } from '../../../contracts/estimate-files.js';
import type { PlanReadingDto } from '../../../contracts/estimate-review.js';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import type { UploadPart } from '../../uploads.js';
import { type DocumentRow, documentsService } from '../documents/documents.service.js';
import { sharedIngestion } from '../ingestion/ingestion.service.js';
import { requireProject } from '../projects/project-scope.js';
import { toPlanProgressDto } from './ai.dto.js';
import { aiRepo, type PlanGenerationRow } from './ai.repo.js';
import type { aiService } from './ai.service.js';
import { sha256 } from './ai.service.js';
import { toEstimateCorrections } from './corrections.js';
import { checkAnswers, NO_ANSWERS, type PlanAnswers } from './plan-questions.js';
import { readWithRememberedRules, rememberRules, rulesToRemember } from './reading-rules.js';
import { storedPlan } from './save-plan.js';

type AiService = ReturnType<typeof aiService>;

/** How many of a project's generations its list shows. */
const LISTED_GENERATIONS = 20;

/** The questions a generation waiting for the user stored as its result. */
function storedQuestions(row: PlanGenerationRow): PlanQuestionsDto | null {
  const parsed = planQuestionsDto.safeParse((row.result as { questions?: unknown } | null)?.questions);
  return parsed.success ? parsed.data : null;
}

/** The answers a generation was last run with (none for a first run or an unreadable row). */
function storedAnswers(input: unknown): PlanAnswers {
  const parsed = planAnswersBody.safeParse(input ?? {});
  return parsed.success ? parsed.data : NO_ANSWERS;
}

/** A file's generation key: its bytes' hash, apart from the hashes of estimate texts. */
const fileKey = (bytes: Uint8Array) => `file:${sha256(bytes)}`;

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Refuses a file the reader cannot plan before anything of the upload is stored. */
async function* estimatesOnly(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  for await (const part of parts) {
    if (part.kind === 'file' && !isReadableEstimate(part.fileName)) {
      throw new AppError(
        415,
        'not_an_estimate',
        `"${part.fileName}" cannot be planned: send estimates as PDF, image, Word, Excel, CSV or text files (keep drawings as project documents).`,
      );
    }
    yield part;
  }
}

export function planJobs(ctx: AppContext, service: AiService) {
  const { db } = ctx;
  const documents = documentsService(ctx);
  /** The generations this app is running in the background; closing the app waits for them. */
  const running = new Set<Promise<unknown>>();
  let closed = false;

  /** The stored documents to plan, all checked before any generation starts. */
  async function estimateDocuments(tenant: Tenant, projectId: number, ids: readonly number[]) {
    const rows: DocumentRow[] = [];
    for (const id of new Set(ids)) {
      const row = await documents.get(tenant, id);
      if (row.projectId !== projectId) throw notFound('document');
      if (!isReadableEstimate(row.type)) {
        throw unprocessable(
          'not_an_estimate',
          `"${row.originalName}" is kept with the project but cannot be read as an estimate.`,
        );
      }
      rows.push(row);
    }
    return rows;
  }

  /** The document's text as the reader reads it; a file with no text is a 422. */
  async function parsedContent(row: DocumentRow, bytes: Buffer, log: FastifyBaseLogger): Promise<string> {
    const parsed = await sharedIngestion(ctx).parse(
      { fileName: row.originalName, mimeType: row.mimeType, read: async () => bytes },
      log,
    );
    if (parsed.content.trim() === '') {
      throw unprocessable('no_text', `No text could be read from "${row.originalName}".`);
    }
    return parsed.content;
  }

  async function storedBytes(tenant: Tenant, row: DocumentRow): Promise<Buffer> {
    const { stream } = await documents.open(tenant, row.id);
    return readAll(stream);
  }

  /** Runs a claimed generation in the background; its outcome is on its row. */
  function launch(
    tenant: Tenant,
    run: { id: number; startedAt: Date },
    row: DocumentRow,
    bytes: Buffer,
    log: FastifyBaseLogger,
    answers: PlanAnswers = NO_ANSWERS,
  ) {
    const jobLog = log.child({ generationId: run.id, documentId: row.id });
    const readEstimate = () => parsedContent(row, bytes, jobLog);
    const job = service
      .run(tenant, run, { projectId: row.projectId, fileName: row.originalName }, readEstimate, jobLog, {
        answers,
        ask: true,
      })
      // The failure is stored on the generation's row (and logged there when unexpected).
      .catch(() => undefined)
      .finally(() => running.delete(job));
    running.add(job);
  }

  /** Claims (or finds) each document's generation and starts the ones to run; answers their ids. */
  async function startForDocuments(
    tenant: Tenant,
    projectId: number,
    rows: readonly DocumentRow[],
    log: FastifyBaseLogger,
  ): Promise<StartedPlansDto> {
    if (closed) throw new AppError(503, 'shutting_down', 'The server is restarting; try again in a moment.');
    const generationIds: number[] = [];
    const reusedIds: number[] = [];
    for (const row of rows) {
      const bytes = await storedBytes(tenant, row);
      const found = await service.claimOrFind(tenant, {
        projectId,
        contentHash: fileKey(bytes),
        fileName: row.originalName,
        documentId: row.id,
        input: {},
      });
      if ('run' in found) {
        launch(tenant, found.run, row, bytes, log, storedAnswers(found.input));
        generationIds.push(found.run.id);
      } else {
        generationIds.push(found.row.id);
        if (found.row.status === 'succeeded') reusedIds.push(found.row.id);
      }
    }
    const [generationId = 0] = generationIds;
    return { generationId, generationIds, reusedIds };
  }

  return {
    /** `POST /api/projects/{id}/plans` with stored document ids. */
    async start(tenant: Tenant, projectId: number, documentIds: readonly number[], log: FastifyBaseLogger) {
      await requireProject(db, tenant.companyId, projectId);
      return startForDocuments(
        tenant,
        projectId,
        await estimateDocuments(tenant, projectId, documentIds),
        log,
      );
    },

    /** `POST /api/projects/{id}/plans` with new files: kept as the project's documents, then planned. */
    async startFromUpload(
      tenant: Tenant,
      projectId: number,
      parts: AsyncIterable<UploadPart>,
      log: FastifyBaseLogger,
    ) {
      const rows = await documents.upload(tenant, projectId, estimatesOnly(parts), log);
      return startForDocuments(tenant, projectId, rows, log);
    },

    /** `GET /api/projects/{id}/plans`: the latest generations, a dead server's written failed. */
    async list(tenant: Tenant, projectId: number): Promise<PlanGenerationSummaryDto[]> {
      await requireProject(db, tenant.companyId, projectId);
      const rows = await aiRepo.listForProject(db, tenant.companyId, projectId, LISTED_GENERATIONS);
      const settled = await Promise.all(rows.map((row) => service.leases.settle(tenant.companyId, row)));
      return settled.map((row) => ({ ...toPlanProgressDto(row), documentId: row.documentId }));
    },

    /** `GET /api/plans/{generationId}`. */
    async get(tenant: Tenant, generationId: number): Promise<PlanGenerationDto> {
      const found = await aiRepo.findById(db, tenant.companyId, generationId);
      if (!found) throw notFound('plan generation');
      const row = await service.leases.settle(tenant.companyId, found);
      return {
        ...toPlanProgressDto(row),
        documentId: row.documentId,
        result: row.status === 'succeeded' ? { ...storedPlan(row), reused: false } : null,
        questions: row.status === 'needs-input' ? storedQuestions(row) : null,
      };
    },

    /**
     * `POST /api/plans/{generationId}/answers`: a generation waiting for the user runs again with
     * the answers (409 when it is not waiting; 400 for an answer to a question it did not ask).
     */
    async answer(tenant: Tenant, generationId: number, answers: PlanAnswers, log: FastifyBaseLogger) {
      if (closed)
        throw new AppError(503, 'shutting_down', 'The server is restarting; try again in a moment.');
      const row = await aiRepo.findById(db, tenant.companyId, generationId);
      if (!row) throw notFound('plan generation');
      const questions = row.status === 'needs-input' ? storedQuestions(row) : null;
      if (!questions || row.documentId === null) {
        throw conflict('plan_not_waiting', 'This plan is not waiting for answers.');
      }
      checkAnswers(questions, answers);
      toEstimateCorrections(answers.corrections);
      const document = await documents.get(tenant, row.documentId);
      const bytes = await storedBytes(tenant, document);
      const remembered = answers.remember
        ? rulesToRemember(await parsedContent(document, bytes, log), answers)
        : null;
      const now = ctx.now();
      // The answer and the rules it asks to remember are kept together or not at all.
      await db.transaction(async (tx) => {
        const resumed = await aiRepo.resume(tx, tenant.companyId, generationId, {
          input: answers,
          createdBy: tenant.userId,
          now,
        });
        if (!resumed) throw conflict('plan_not_waiting', 'This plan is not waiting for answers.');
        if (remembered) await rememberRules(tx, tenant.companyId, remembered, tenant.userId, now);
      });
      launch(tenant, { id: generationId, startedAt: now }, document, bytes, log, answers);
      return { generationId, generationIds: [generationId], reusedIds: [] };
    },

    /**
     * `GET /api/plans/{generationId}/reading`: the stored estimate's text as the reader reads it, with
     * the answers and corrections so far, for the review to redo the reading in the browser.
     */
    async reading(tenant: Tenant, generationId: number, log: FastifyBaseLogger): Promise<PlanReadingDto> {
      const row = await aiRepo.findById(db, tenant.companyId, generationId);
      if (!row) throw notFound('plan generation');
      if (row.documentId === null) {
        throw conflict(
          'no_document',
          'This plan was made from pasted text: there is no stored estimate to review.',
        );
      }
      const document = await documents.get(tenant, row.documentId);
      const content = await parsedContent(document, await storedBytes(tenant, document), log);
      const project = await aiRepo.project(db, tenant.companyId, row.projectId);
      const answers = storedAnswers(row.input);
      return {
        generationId,
        projectId: row.projectId,
        fileName: row.fileName,
        projectType: project?.type ?? null,
        content,
        choices: answers.choices,
        corrections: answers.corrections,
        rememberedRules: readWithRememberedRules(row.input),
      };
    },

    /** Stops taking new work and waits for the generations running here (the app is closing). */
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}
