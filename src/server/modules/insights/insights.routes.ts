import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insightDto } from '../../../contracts/ai.js';
import { errorResponses } from '../../../contracts/common.js';
import {
  dismissInsightBody,
  insightIdParams,
  insightPaths,
  insightsQuery,
  portfolioAnalysisDto,
  refreshInsightsBody,
} from '../../../contracts/insights.js';
import type { AppContext } from '../../context.js';
import { insightsService } from './insights.service.js';
import { createSummaryWriter } from './summary-writer.js';

/** The insights screen: the list, the portfolio analysis, Refresh Analysis and dismissing one. */
export async function insightsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One writer (and its HTTP client and answers kept) for the app's lifetime.
  const service = insightsService(ctx, createSummaryWriter(ctx.config.analyzer, app.log));
  const tags = ['insights'];

  r.get(
    insightPaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The company's active insights, newest first (of one project with ?projectId=)",
        querystring: insightsQuery,
        response: { 200: z.array(insightDto), ...errorResponses },
      },
    },
    async (request) => service.list(request.tenant, request.query.projectId),
  );

  r.get(
    insightPaths.portfolioAnalysis,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'A written analysis of the portfolio (or one project with ?projectId=) and its active insights',
        querystring: insightsQuery,
        response: { 200: portfolioAnalysisDto, ...errorResponses },
      },
    },
    async (request) => service.portfolioAnalysis(request.tenant, request.query.projectId),
  );

  r.post(
    insightPaths.refresh,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "Recomputes the company's insights (the previous ones are kept inactive); answers the active ones",
        body: refreshInsightsBody,
        response: { 200: z.array(insightDto), ...errorResponses },
      },
    },
    async (request) => service.refresh(request.tenant),
  );

  r.post(
    insightPaths.dismiss(':id'),
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Dismisses an insight: inactive, and not raised again by a refresh',
        params: insightIdParams,
        body: dismissInsightBody,
        response: { 200: insightDto, ...errorResponses },
      },
    },
    async (request) => service.dismiss(request.tenant, request.params.id),
  );
}
