import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingMappingsDto, accountingPaths } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** GET /api/accounting/mappings (owner or admin): how codes, jobs and vendors are named in the books. */
export const mappingsQueryOptions = () =>
  queryOptions({
    queryKey: accountingKeys.mappings(),
    queryFn: async () => accountingMappingsDto.parse(await apiRequest('GET', accountingPaths.mappings)),
  });

export function useAccountingMappings() {
  return useQuery(mappingsQueryOptions());
}
