import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/password-reset/request: emails a reset link (same answer whether or not the account exists). */
export async function requestPasswordReset(body: PasswordResetRequestBody): Promise<void> {
  await apiRequest('POST', api.passwordResetRequest, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
