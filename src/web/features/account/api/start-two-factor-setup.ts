import { useMutation } from '@tanstack/react-query';
import {
  type ReauthBody,
  type TwoFactorSetupDto,
  twoFactorApi,
  twoFactorSetupDto,
} from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/two-factor/setup: a new secret for the authenticator app (not in use until confirmed). */
export async function startTwoFactorSetup(body: ReauthBody): Promise<TwoFactorSetupDto> {
  return twoFactorSetupDto.parse(await apiRequest('POST', twoFactorApi.setup, body));
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
