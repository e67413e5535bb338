import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type RecoveryCodesDto,
  recoveryCodesDto,
  type TwoFactorConfirmBody,
  twoFactorApi,
} from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { twoFactorKeys } from './two-factor-keys';

/** POST /api/auth/two-factor/confirm: turns it on with a first code; answers the recovery codes. */
export async function confirmTwoFactor(body: TwoFactorConfirmBody): Promise<RecoveryCodesDto> {
  return recoveryCodesDto.parse(await apiRequest('POST', twoFactorApi.confirm, body));
}

/** The session's user says whether it is on (the gate reads it): both are read again. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}
