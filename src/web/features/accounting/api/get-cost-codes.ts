import { queryOptions, useQuery } from '@tanstack/react-query';
import { budgetPaths, costCodeListDto } from '@/contracts/budget';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/cost-codes: the company's cost codes, for an invoice line's optional code. */
export const costCodesQueryOptions = () =>
  queryOptions({
    queryKey: [budgetPaths.costCodes] as const,
    queryFn: async () => costCodeListDto.parse(await apiRequest('GET', budgetPaths.costCodes)).costCodes,
  });

export function useCostCodes() {
  return useQuery(costCodesQueryOptions());
}
