import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamPaths } from '@/contracts/team';
import { apiRequest } from '@/web/lib/api-client';
import { teamKeys } from './team-keys';

/** DELETE /api/team/invites/{id}: withdraws an open invitation. */
export async function revokeInvite(id: number): Promise<void> {
  await apiRequest('DELETE', teamPaths.invite.replace(':id', String(id)));
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
