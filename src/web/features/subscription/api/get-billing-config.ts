import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingConfigDto, billingConfigDto, subscriptionPaths } from '@/contracts/subscription';
import { getQueryFn } from '@/web/lib/api-client';

const fetchConfig = getQueryFn<unknown>({ on401: 'throw' });

export const billingKeys = { config: () => [subscriptionPaths.config] as const };

/** GET /api/subscription/config: which provider takes payments, and its card form's publishable key. */
export async function getBillingConfig(context: QueryFunctionContext): Promise<BillingConfigDto> {
  return billingConfigDto.parse(await fetchConfig(context));
}

export const billingConfigQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.config(), queryFn: getBillingConfig });

export function useBillingConfig() {
  return useQuery(billingConfigQueryOptions());
}
