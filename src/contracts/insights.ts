/**
 * AI insights: the company's risks, opportunities and recommendations (`insightDto` lives with the
 * plan generator's contracts, which answer it too), the written portfolio analysis, a refresh and
 * a dismissal.
 */
import { z } from 'zod';
import { emptyBody, idText } from './common.js';

/** `GET /api/ai-insights` and `GET /api/ai-portfolio-analysis`: optionally one project's. */
export const insightsQuery = z.object({
  projectId: idText('Invalid project id').optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** `POST /api/ai-insights/refresh` and `…/{id}/dismiss` take no body (an empty object is accepted). */
export const refreshInsightsBody = emptyBody;
export const dismissInsightBody = emptyBody;

export const insightIdParams = z.object({ id: idText('Invalid insight id') });

/** `GET /api/ai-portfolio-analysis`: a written summary of the portfolio and its active insights. */
export const portfolioAnalysisDto = z
  .object({
    analysis: z.string(),
  })
  .meta({ id: 'PortfolioAnalysis' });
export type PortfolioAnalysisDto = z.infer<typeof portfolioAnalysisDto>;

export const insightPaths = {
  list: '/api/ai-insights',
  portfolioAnalysis: '/api/ai-portfolio-analysis',
  refresh: '/api/ai-insights/refresh',
  dismiss: (id: number | string) => `/api/ai-insights/${id}/dismiss`,
} as const;
