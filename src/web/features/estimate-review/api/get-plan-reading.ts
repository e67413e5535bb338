import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiPaths } from '@/contracts/ai';
import { planReadingDto } from '@/contracts/estimate-review';
import { apiRequest } from '@/web/lib/api-client';
import { reviewKeys } from './keys';

/**
 * GET /api/plans/{generationId}/reading: the stored estimate's text as the reader reads it, the
 * project's type and the answers and corrections given so far.
 */
export const planReadingQueryOptions = (generationId: number) =>
  queryOptions({
    queryKey: reviewKeys.reading(generationId),
    queryFn: async () => planReadingDto.parse(await apiRequest('GET', aiPaths.planReading(generationId))),
  });

export function usePlanReading(generationId: number) {
  return useQuery(planReadingQueryOptions(generationId));
}
