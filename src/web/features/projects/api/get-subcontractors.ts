import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactPaths, contactsByTypeDto } from '@/contracts/contacts';
import { getQueryFn } from '@/web/lib/api-client';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/**
 * GET /api/contacts/by-type, read for its subcontractors (the assignee picker). The key is the one
 * the contacts screen gives this call, so adding or editing a contact there refreshes the picker.
 */
export const subcontractorsQueryOptions = () =>
  queryOptions({
    queryKey: [contactPaths.list, 'by-type'] as const,
    queryFn: async (context) => contactsByTypeDto.parse(await fetchJson(context)),
    select: (byType) => byType.subcontractors,
  });

export function useSubcontractors() {
  return useQuery(subcontractorsQueryOptions());
}
