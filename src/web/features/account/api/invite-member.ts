import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateInviteInput, type InviteDto, inviteDto, teamPaths } from '@/contracts/team';
import { apiRequest } from '@/web/lib/api-client';
import { teamKeys } from './team-keys';

/** POST /api/team/invites: emails a single-use invitation link to the address. */
export async function inviteMember(body: CreateInviteInput): Promise<InviteDto> {
  return inviteDto.parse(await apiRequest('POST', teamPaths.invites, body));
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team() }),
  });
}
