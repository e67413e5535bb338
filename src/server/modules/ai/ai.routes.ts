import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiPaths,
  generatedPlanDto,
  generateProjectPlanBody,
  planProgressDto,
} from '../../../contracts/ai.js';
import { errorDto, errorResponses, idText } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { createEstimateAnalyzer } from '../../providers/analyzer/create-analyzer.js';
import { aiService } from './ai.service.js';

const projectIdParams = z.object({
  projectId: idText('Invalid project id'),
});

/** `POST /api/ai/generate-project-plan` and its progress (the insights are the insights module's). */
export async function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One analyzer (and its HTTP client) for the app's lifetime.
  const analyzer = createEstimateAnalyzer(ctx.config.analyzer, app.log);
  const service = aiService(ctx, analyzer);
  const tags = ['ai'];

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
