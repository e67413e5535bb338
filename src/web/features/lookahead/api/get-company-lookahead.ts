import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { companyLookaheadDto } from '@/contracts/lookahead';
import { apiRequest } from '@/web/lib/api-client';
import { lookaheadKeys } from './keys';

/** GET /api/lookahead?weeks: the work of every project under way, from today. */
export const companyLookaheadQueryOptions = (weeks: number) =>
  queryOptions({
    queryKey: lookaheadKeys.company(weeks),
    queryFn: async () => companyLookaheadDto.parse(await apiRequest('GET', `/api/lookahead?weeks=${weeks}`)),
    placeholderData: keepPreviousData,
  });

export function useCompanyLookahead(weeks: number) {
  return useQuery(companyLookaheadQueryOptions(weeks));
}
