import { useMutation } from '@tanstack/react-query';
import { type CreateCheckoutDto, createCheckoutDto, subscriptionPaths } from '@/contracts/subscription';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/subscription/create-checkout: answers the URL the browser opens next. */
export async function createCheckout(): Promise<CreateCheckoutDto> {
  return createCheckoutDto.parse(await apiRequest('POST', subscriptionPaths.createCheckout, {}));
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
