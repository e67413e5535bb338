import { useMutation } from '@tanstack/react-query';
import { accountPaths, type DeleteAccountDto, deleteAccountDto } from '@/contracts/account';
import { apiRequest } from '@/web/lib/api-client';

/** DELETE /api/account/delete {confirmation: 'DELETE', deleteAllData: true}: ends every session of the user. */
export async function deleteAccount(confirmation: string): Promise<DeleteAccountDto> {
  return deleteAccountDto.parse(
    await apiRequest('DELETE', accountPaths.delete, { confirmation, deleteAllData: true }),
  );
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
