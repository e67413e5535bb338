import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeOrderDto,
  type CreateChangeOrderInput,
  changeOrderDto,
  projectChangeOrdersPath,
} from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/** POST /api/projects/{id}/change-orders: a new draft (the server numbers it CO-001…). */
export async function createChangeOrder({
  projectId,
  body,
}: {
  projectId: number;
  body: CreateChangeOrderInput;
}): Promise<ChangeOrderDto> {
  return changeOrderDto.parse(await apiRequest('POST', projectChangeOrdersPath(projectId), body));
}

export function useCreateChangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChangeOrder,
    onSuccess: async (created, { projectId }) => {
      queryClient.setQueryData(changeOrderKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: changeOrderKeys.list(projectId) });
    },
  });
}
