import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetConfirmBody } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** POST /api/auth/password-reset/confirm: sets a new password with the emailed token. */
export async function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
  await apiRequest('POST', api.passwordResetConfirm, body);
}

/** The server ends every session of that account, so the session query is re-read afterwards. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user() }),
  });
}
