import { useMutation } from '@tanstack/react-query';
import { type SigninBody, type UserDto, userDto } from '@/contracts/auth';
import { api } from '@/contracts/paths';
import { type TwoFactorChallengeDto, twoFactorChallengeDto } from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/auth/signin: starts a session; answers the user, or (the password was right and the
 * account has two-step sign-in) that a code is needed next.
 */
export async function signIn(body: SigninBody): Promise<UserDto | TwoFactorChallengeDto> {
  const data = await apiRequest('POST', api.authSignin, body);
  const challenge = twoFactorChallengeDto.safeParse(data);
  return challenge.success ? challenge.data : userDto.parse(data);
}

/** The caller stores the user in the session query when it is ready to move on. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
