import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileBody, type UserDto, userDto } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** PATCH /api/auth/profile: first and last name (the email is sent as is and cannot change). */
export async function updateProfile(body: ProfileBody): Promise<UserDto> {
  return userDto.parse(await apiRequest('PATCH', api.authProfile, body));
}

/** The answer is the updated signed-in user: it replaces the session query. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user(), user),
  });
}
