import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okDto } from '@/contracts/common';
import { type ReauthBody, twoFactorApi } from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { twoFactorKeys } from './two-factor-keys';

/** POST /api/auth/two-factor/disable: turns it off after re-authentication. */
export async function disableTwoFactor(body: ReauthBody) {
  return okDto.parse(await apiRequest('POST', twoFactorApi.disable, body));
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
    },
  });
}
