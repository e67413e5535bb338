import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { insightDto } from '@/contracts/ai';
import { insightPaths } from '@/contracts/insights';
import { apiRequest } from '@/web/lib/api-client';
import { insightKeys } from './keys';

/** POST /api/ai-insights/refresh: recomputes the company's insights. */
export async function refreshInsights() {
  return z.array(insightDto).parse(await apiRequest('POST', insightPaths.refresh));
}

export function useRefreshInsights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshInsights,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.all() }),
  });
}
