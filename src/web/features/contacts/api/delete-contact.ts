import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactDto, contactPaths } from '@/contracts/contacts';
import { apiRequest } from '@/web/lib/api-client';
import { contactKeys } from './keys';

/** DELETE /api/contacts/{id}. Projects and tasks that named the contact keep its name. */
export async function deleteContact(id: number): Promise<void> {
  await apiRequest('DELETE', contactPaths.one(id));
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: async (_data, id) => {
      queryClient.setQueryData(contactKeys.list(), (list: ContactDto[] | undefined) =>
        list?.filter((c) => c.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: contactKeys.all() });
    },
  });
}
