import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ReauthBody,
  type RecoveryCodesDto,
  recoveryCodesDto,
  twoFactorApi,
} from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';
import { twoFactorKeys } from './two-factor-keys';

/** POST /api/auth/two-factor/recovery-codes: new codes replacing the old ones, after re-authentication. */
export async function regenerateRecoveryCodes(body: ReauthBody): Promise<RecoveryCodesDto> {
  return recoveryCodesDto.parse(await apiRequest('POST', twoFactorApi.recoveryCodes, body));
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() }),
  });
}
