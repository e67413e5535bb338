import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiPaths,
  generatedPlanDto,
  generateProjectPlanBody,
  planAnswersBody,
  planGenerationDto,
  planGenerationSummaryDto,
  planProgressDto,
  startedPlansDto,
  startPlansBody,
} from '../../../contracts/ai.js';
import { errorDto, errorResponses, idParams, idText } from '../../../contracts/common.js';
import { planReadingDto } from '../../../contracts/estimate-review.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { createEstimateAnalyzer } from '../../providers/analyzer/create-analyzer.js';
import { warmUpAnalysis } from '../../providers/analyzer/warm-up.js';
import { multipartParts } from '../../uploads.js';
import { MAX_FILES_PER_UPLOAD } from '../documents/documents.service.js';
import { aiService } from './ai.service.js';
import { planJobs } from './plan-jobs.js';

const projectIdParams = z.object({
  projectId: idText('Invalid project id'),
});
const generationIdParams = z.object({
  generationId: idText('Invalid plan generation id'),
});

/** `POST /api/ai/generate-project-plan` and its progress (the insights are the insights module's). */
export async function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One analyzer (and its HTTP client) for the app's lifetime.
  const analyzer = createEstimateAnalyzer(ctx.config.analyzer, app.log, ctx.config.ingestion.analysisScript);
  const service = aiService(ctx, analyzer);
  const jobs = planJobs(ctx, service);
  // Generations still running finish (or fail and stay retryable) before the app's reader and its
  // analysis thread close.
  app.addHook('onClose', async () => {
    await jobs.close();
    await analyzer.close();
  });
  // A running server starts the analysis thread and compiles the analysis once right after it is
  // ready, in the background, so that the first estimate runs warm; tests (many apps) skip it.
  if (ctx.config.env !== 'test' && analyzer.kind === 'builtin') {
    app.addHook('onReady', async () => {
      warmUpAnalysis(analyzer).catch((err: unknown) => app.log.warn({ err }, 'analysis warm-up failed'));
    });
  }
  const maxMb = String(Number((ctx.config.maxUploadBytes / (1024 * 1024)).toFixed(2)));
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: 100 },
    throwFileSizeLimit: true,
  });
  const tags = ['ai'];

  r.post(
    aiPaths.projectPlans(':id'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "Plans estimates on the server: the project's stored documents (JSON `documentIds`) or new files (multipart parts named `file`, kept as documents); answers at once with one generation per estimate",
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        // A multipart body is read as a stream by the handler; the parser leaves it empty (null).
        body: startPlansBody.nullish(),
        response: {
          202: startedPlansDto,
          ...errorResponses,
          413: errorDto,
          415: errorDto,
          422: errorDto,
          503: errorDto,
        },
      },
    },
    async (request, reply) => {
      const projectId = request.params.id;
      let started: z.infer<typeof startedPlansDto>;
      if (request.isMultipart()) {
        const parts = multipartParts(request, {
          maxMb,
          multipartExpected: 'Send the estimates as multipart/form-data in parts named "file"',
          tooMany: () =>
            new AppError(
              413,
              'too_many_files',
              `Too many files (at most ${MAX_FILES_PER_UPLOAD} per request)`,
            ),
        });
        started = await jobs.startFromUpload(request.tenant, projectId, parts, request.log);
      } else {
        if (!request.body) {
          throw badRequest('Send documentIds, or the estimates as multipart parts named "file"', {
            documentIds: 'Required',
          });
        }
        started = await jobs.start(request.tenant, projectId, request.body.documentIds, request.log);
      }
      return reply.code(202).send(started);
    },
  );

  r.get(
    aiPaths.projectPlans(':id'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's plan generations, most recently active first (the latest 20)",
        params: idParams,
        response: { 200: z.array(planGenerationSummaryDto), ...errorResponses },
      },
    },
    async (request) => jobs.list(request.tenant, request.params.id),
  );

  r.post(
    aiPaths.planAnswers(':generationId'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'Answers the questions of a generation waiting for the user (which bid column, which model, alternates, a total that does not add up); it then plans the estimate',
        params: generationIdParams,
        body: planAnswersBody,
        response: { 202: startedPlansDto, ...errorResponses, 409: errorDto, 503: errorDto },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await jobs.answer(request.tenant, request.params.generationId, request.body, request.log)),
  );

  r.get(
    aiPaths.plan(':generationId'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "A plan generation's step, percent and, once it succeeded, the plan",
        params: generationIdParams,
        response: { 200: planGenerationDto, ...errorResponses },
      },
    },
    async (request) => jobs.get(request.tenant, request.params.generationId),
  );

  r.get(
    aiPaths.planReading(':generationId'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "A server-run generation's estimate as the reader reads it (its extracted text), with the answers and corrections so far: what the review reads",
        params: generationIdParams,
        response: { 200: planReadingDto, ...errorResponses, 409: errorDto, 422: errorDto },
      },
    },
    async (request) => jobs.reading(request.tenant, request.params.generationId, request.log),
  );

  r.post(
    aiPaths.generateProjectPlan,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "Turns an estimate's text into the project's tasks, links, dates and insights (once per project and estimate)",
        body: generateProjectPlanBody,
        response: { 200: generatedPlanDto, ...errorResponses, 422: errorDto },
      },
    },
    async (request) => service.generate(request.tenant, request.body, request.log),
  );

  r.get(
    aiPaths.planProgress(':projectId'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's latest plan generation: status, overlay step and percent",
        params: projectIdParams,
        response: { 200: planProgressDto, ...errorResponses },
      },
    },
    async (request) => service.progress(request.tenant, request.params.projectId),
  );
}
