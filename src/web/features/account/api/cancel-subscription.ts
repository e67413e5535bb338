import { useMutation } from '@tanstack/react-query';
import {
  type CancelSubscriptionDto,
  cancelSubscriptionDto,
  subscriptionPaths,
} from '@/contracts/subscription';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/subscription/cancel: account settings send {deleteDataOnCancel} (optionally deleting the
 * company's data); the profile sends no payload.
 */
export async function cancelSubscription(
  body?: { deleteDataOnCancel: boolean } | undefined,
): Promise<CancelSubscriptionDto> {
  return cancelSubscriptionDto.parse(await apiRequest('POST', subscriptionPaths.cancel, body));
}

/**
 * The caller re-reads the session once it has shown its notice: a cancelled company needs payment,
 * and the gate then moves the user to /payment-required.
 */
export function useCancelSubscription() {
  return useMutation({ mutationFn: cancelSubscription });
}
