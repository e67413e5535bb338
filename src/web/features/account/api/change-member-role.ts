import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TeamMemberDto, type TeamRole, teamMemberDto, teamPaths } from '@/contracts/team';
import { apiRequest } from '@/web/lib/api-client';
import { teamKeys } from './team-keys';

/** PATCH /api/team/members/{userId}: member or admin. */
export async function changeMemberRole({
  userId,
  role,
}: {
  userId: string;
  role: TeamRole;
}): Promise<TeamMemberDto> {
  return teamMemberDto.parse(
    await apiRequest('PATCH', teamPaths.member.replace(':userId', encodeURIComponent(userId)), { role }),
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
