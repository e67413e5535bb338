import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactDto, contactDto, contactPaths, type UpdateContactBody } from '@/contracts/contacts';
import { apiRequest } from '@/web/lib/api-client';
import { contactKeys } from './keys';

/** PUT /api/contacts/{id}: the edit form's fields. */
export async function updateContact({
  id,
  body,
}: {
  id: number;
  body: UpdateContactBody;
}): Promise<ContactDto> {
  return contactDto.parse(await apiRequest('PUT', contactPaths.one(id), body));
}

/** Success puts the answer in the list at once, then refreshes every contact query. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (contact) => {
      queryClient.setQueryData(contactKeys.list(), (list: ContactDto[] | undefined) =>
        list?.map((c) => (c.id === contact.id ? contact : c)),
      );
      await queryClient.invalidateQueries({ queryKey: contactKeys.all() });
    },
  });
}
