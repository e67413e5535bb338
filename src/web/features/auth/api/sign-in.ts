import { useMutation } from '@tanstack/react-query';
import { type SigninBody, type UserDto, userDto } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/signin: starts a session; answers the user. */
export async function signIn(body: SigninBody): Promise<UserDto> {
  return userDto.parse(await apiRequest('POST', api.authSignin, body));
}

/** The caller stores the user in the session query when it is ready to move on. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
