import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeOrderDto,
  changeOrderDto,
  changeOrderPath,
  type UpdateChangeOrderInput,
} from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/** PATCH /api/change-orders/{coId}: a draft's fields; lines and task changes are replaced whole. */
export async function updateChangeOrder({
  coId,
  body,
}: {
  coId: number;
  body: UpdateChangeOrderInput;
}): Promise<ChangeOrderDto> {
  return changeOrderDto.parse(await apiRequest('PATCH', changeOrderPath(coId), body));
}

export function useUpdateChangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChangeOrder,
    onSuccess: async (saved) => {
      queryClient.setQueryData(changeOrderKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: changeOrderKeys.list(saved.projectId) });
    },
  });
}
