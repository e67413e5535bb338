import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insightDto } from '@/contracts/ai';
import { insightPaths } from '@/contracts/insights';
import { apiRequest } from '@/web/lib/api-client';
import { insightKeys } from './keys';

/** POST /api/ai-insights/{id}/dismiss. */
export async function dismissInsight(id: number) {
  return insightDto.parse(await apiRequest('POST', insightPaths.dismiss(id)));
}

export function useDismissInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissInsight,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.all() }),
  });
}
