import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PasswordChangeBody,
  type PasswordChangeDto,
  passwordChangeDto,
  passwordChangePath,
} from '@/contracts/password-change';
import { apiRequest } from '@/web/lib/api-client';
import { accountSessionKeys } from './sessions-keys';

/** POST /api/account/password: every other session ends; this browser stays signed in on a new one. */
export async function changePassword(body: PasswordChangeBody): Promise<PasswordChangeDto> {
  return passwordChangeDto.parse(await apiRequest('POST', passwordChangePath, body));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.list() }),
  });
}
