import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyTwoFactorBody,
  type CompanyTwoFactorDto,
  companyTwoFactorDto,
  twoFactorApi,
} from '@/contracts/two-factor';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';
import { twoFactorKeys } from './two-factor-keys';

/** PUT /api/companies/two-factor-requirement: whether every user of the company must use it. */
export async function setCompanyTwoFactor(body: CompanyTwoFactorBody): Promise<CompanyTwoFactorDto> {
  return companyTwoFactorDto.parse(await apiRequest('PUT', twoFactorApi.companyRequirement, body));
}

/** The session's company carries the requirement: it is read again after a change. */
export function useSetCompanyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user() });
      await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });
    },
  });
}
