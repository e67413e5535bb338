import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { companyMemberDto, companyPaths } from '@/contracts/companies';
import { getQueryFn } from '@/web/lib/api-client';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/companies/members: the company's members by name (the assignee picker). */
export const companyMembersQueryOptions = () =>
  queryOptions({
    queryKey: [companyPaths.members] as const,
    queryFn: async (context) => z.array(companyMemberDto).parse(await fetchJson(context)),
  });

export function useCompanyMembers() {
  return useQuery(companyMembersQueryOptions());
}
