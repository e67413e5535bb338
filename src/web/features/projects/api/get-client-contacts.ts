import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactPaths, contactsByTypeDto } from '@/contracts/contacts';
import { getQueryFn } from '@/web/lib/api-client';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/**
 * The contact lists' keys as the projects feature uses them: the same GET paths as the contacts
 * screen's, so both read one cache entry and invalidating the contacts refreshes the client list.
 */
export const contactListKeys = {
  all: () => [contactPaths.list] as const,
  byType: () => [contactPaths.list, 'by-type'] as const,
};

/** GET /api/contacts/by-type, for its clients: the project form's Client suggestions, by name. */
export const clientContactsQueryOptions = () =>
  queryOptions({
    queryKey: contactListKeys.byType(),
    queryFn: async (context) => contactsByTypeDto.parse(await fetchJson(context)),
    select: (groups) => groups.clients,
  });

export function useClientContacts() {
  return useQuery(clientContactsQueryOptions());
}
