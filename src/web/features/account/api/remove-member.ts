import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamPaths } from '@/contracts/team';
import { apiRequest } from '@/web/lib/api-client';
import { teamKeys } from './team-keys';

/** DELETE /api/team/members/{userId}: takes the member out of the company and signs them out. */
export async function removeMember(userId: string): Promise<void> {
  await apiRequest('DELETE', teamPaths.member.replace(':userId', encodeURIComponent(userId)));
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
