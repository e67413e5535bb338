import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountingPaths, exportCheckDto } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** GET /api/accounting/export/check?…: what the export would write and what it could not map. */
export const exportCheckQueryOptions = (query: string) =>
  queryOptions({
    queryKey: accountingKeys.check(query),
    queryFn: async () =>
      exportCheckDto.parse(await apiRequest('GET', `${accountingPaths.exportCheck}?${query}`)),
  });

export function useExportCheck(query: string) {
  return useQuery(exportCheckQueryOptions(query));
}
