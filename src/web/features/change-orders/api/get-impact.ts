import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { changeOrderImpactPath, scheduleImpactDto, type TaskChangesInput } from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/**
 * POST /api/change-orders/{coId}/impact with the task changes as they are on screen: the project's CPM
 * run with them applied (new finish, working days, critical tasks that move). Nothing is saved. Keyed
 * by the changes themselves, so each edit asks once and going back to an earlier state asks no more.
 */
export const impactQueryOptions = (coId: number, taskChanges: TaskChangesInput) => {
  const changes = JSON.stringify(taskChanges);
  return queryOptions({
    queryKey: changeOrderKeys.impact(coId, changes),
    queryFn: async () =>
      scheduleImpactDto.parse(await apiRequest('POST', changeOrderImpactPath(coId), { taskChanges })),
    staleTime: 30_000,
    retry: false,
  });
};

export function useImpact(coId: number, taskChanges: TaskChangesInput, enabled: boolean) {
  return useQuery({ ...impactQueryOptions(coId, taskChanges), enabled, placeholderData: keepPreviousData });
}
