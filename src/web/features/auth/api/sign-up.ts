import { useMutation } from '@tanstack/react-query';
import { type SignupBody, type UserDto, userDto } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/signup: creates the account and signs in; answers the user (no company yet). */
export async function signUp(body: SignupBody): Promise<UserDto> {
  return userDto.parse(await apiRequest('POST', api.authSignup, body));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
