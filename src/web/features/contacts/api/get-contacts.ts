import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactDto } from '@/contracts/contacts';
import { getQueryFn } from '@/web/lib/api-client';
import { contactKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** GET /api/contacts: the company's contacts, by name. */
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: contactKeys.list(),
    queryFn: async (context) => z.array(contactDto).parse(await fetchJson(context)),
  });

export function useContacts() {
  return useQuery(contactsQueryOptions());
}
