import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RevokeOtherSessionsDto, revokeOtherSessionsDto, sessionPaths } from '@/contracts/sessions';
import { apiRequest } from '@/web/lib/api-client';
import { accountSessionKeys } from './sessions-keys';

/** DELETE /api/account/sessions/others: signs the user out everywhere but here. */
export async function signOutOtherSessions(): Promise<RevokeOtherSessionsDto> {
  return revokeOtherSessionsDto.parse(await apiRequest('DELETE', sessionPaths.others));
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.list() }),
  });
}
