import { queryOptions, useQuery } from '@tanstack/react-query';
import { insightPaths, portfolioAnalysisDto } from '@/contracts/insights';
import { apiRequest } from '@/web/lib/api-client';
import { insightKeys, projectQuery } from './keys';

/** GET /api/ai-portfolio-analysis[?projectId=]: the written summary. */
export const portfolioAnalysisQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: insightKeys.analysis(projectId),
    queryFn: async () =>
      portfolioAnalysisDto.parse(
        await apiRequest('GET', `${insightPaths.portfolioAnalysis}${projectQuery(projectId)}`),
      ),
    staleTime: 0,
  });

export function usePortfolioAnalysis(projectId: number | null) {
  return useQuery(portfolioAnalysisQueryOptions(projectId));
}
