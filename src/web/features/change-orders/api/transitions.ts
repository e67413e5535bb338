import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApproveOnPaperBody,
  type ChangeOrderDto,
  changeOrderApproveOnPaperPath,
  changeOrderDto,
  changeOrderSendPath,
  changeOrderVoidPath,
  type SendChangeOrderBody,
  type VoidChangeOrderBody,
} from '@/contracts/change-orders';
import { apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/** POST /api/change-orders/{coId}/send: renders the PDF and e-mails the client the signing link. */
export async function sendChangeOrder({ coId, body }: { coId: number; body: SendChangeOrderBody }) {
  return changeOrderDto.parse(await apiRequest('POST', changeOrderSendPath(coId), body));
}

/** POST /api/change-orders/{coId}/void: a draft or sent change order set aside, with the reason. */
export async function voidChangeOrder({ coId, body }: { coId: number; body: VoidChangeOrderBody }) {
  return changeOrderDto.parse(await apiRequest('POST', changeOrderVoidPath(coId), body));
}

/** POST /api/change-orders/{coId}/approve-on-paper: the owner's approval with the signed scan. */
export async function approveOnPaper({ coId, body }: { coId: number; body: ApproveOnPaperBody }) {
  return changeOrderDto.parse(await apiRequest('POST', changeOrderApproveOnPaperPath(coId), body));
}

/**
 * The change order as it now is, and its project's lists. An approval also moved the project's
 * tasks, schedule, delays and budget: everything under the project's key reads again.
 */
function useTransition<B>(fn: (input: { coId: number; body: B }) => Promise<ChangeOrderDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (saved) => {
      queryClient.setQueryData(changeOrderKeys.detail(saved.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: changeOrderKeys.project(saved.projectId) }),
        saved.status === 'approved'
          ? queryClient.invalidateQueries({ queryKey: ['/api/tasks'] })
          : Promise.resolve(),
      ]);
    },
  });
}

export const useSendChangeOrder = () => useTransition(sendChangeOrder);
export const useVoidChangeOrder = () => useTransition(voidChangeOrder);
export const useApproveOnPaper = () => useTransition(approveOnPaper);
