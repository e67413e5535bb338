import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiPaths, planGenerationDto } from '@/contracts/ai';
import { apiRequest } from '@/web/lib/api-client';
import { reviewKeys } from './keys';

/**
 * GET /api/plans/{generationId}: the reviewed generation's status (only one waiting for answers can
 * be planned from the review) and the questions it asked.
 */
export const reviewedGenerationQueryOptions = (generationId: number) =>
  queryOptions({
    queryKey: reviewKeys.generation(generationId),
    queryFn: async () => planGenerationDto.parse(await apiRequest('GET', aiPaths.plan(generationId))),
  });

export function useReviewedGeneration(generationId: number) {
  return useQuery(reviewedGenerationQueryOptions(generationId));
}
