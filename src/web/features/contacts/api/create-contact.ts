import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactDto, type CreateContactBody, contactDto, contactPaths } from '@/contracts/contacts';
import { apiRequest } from '@/web/lib/api-client';
import { contactKeys } from './keys';

/** POST /api/contacts: a new contact. */
export async function createContact(body: CreateContactBody): Promise<ContactDto> {
  return contactDto.parse(await apiRequest('POST', contactPaths.list, body));
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all() }),
  });
}
