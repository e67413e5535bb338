import { queryOptions, useQuery } from '@tanstack/react-query';
import { changeOrderDto, changeOrderPath } from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/** GET /api/change-orders/{coId}: one change order with its lines, task changes, impact and audit trail. */
export const changeOrderQueryOptions = (coId: number) =>
  queryOptions({
    queryKey: changeOrderKeys.detail(coId),
    queryFn: async () => changeOrderDto.parse(await apiRequest('GET', changeOrderPath(coId))),
  });

export function useChangeOrder(coId: number) {
  return useQuery(changeOrderQueryOptions(coId));
}
