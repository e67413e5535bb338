import { queryOptions, useQuery } from '@tanstack/react-query';
import { changeOrderListDto, projectChangeOrdersPath } from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/** GET /api/projects/{id}/change-orders: the project's change orders, newest first. */
export const changeOrdersQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: changeOrderKeys.list(projectId),
    queryFn: async () =>
      changeOrderListDto.parse(await apiRequest('GET', projectChangeOrdersPath(projectId))),
  });

export function useChangeOrders(projectId: number) {
  return useQuery(changeOrdersQueryOptions(projectId));
}
