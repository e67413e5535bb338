import { useMutation } from '@tanstack/react-query';
import { type UserDto, userDto } from '@/contracts/auth';
import { type TwoFactorVerifyBody, twoFactorApi } from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/two-factor/verify: the second step of signing in; answers the signed-in user. */
export async function verifyTwoFactor(body: TwoFactorVerifyBody): Promise<UserDto> {
  return userDto.parse(await apiRequest('POST', twoFactorApi.verify, body));
}

/** The caller stores the user in the session query when it is ready to move on. */
export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
