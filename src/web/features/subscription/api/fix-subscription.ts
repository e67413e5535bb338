import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FixSubscriptionDto, fixSubscriptionDto, subscriptionPaths } from '@/contracts/subscription';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** POST /api/emergency/fix-subscription: recomputes the company's status from the billing record. */
export async function fixSubscription(): Promise<FixSubscriptionDto> {
  return fixSubscriptionDto.parse(await apiRequest('POST', subscriptionPaths.fixSubscription, {}));
}

/** A fixed status changes what the gate allows, so the session is re-read. */
export function useFixSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fixSubscription,
    onSuccess: (result) => {
      if (result.success) return queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}
