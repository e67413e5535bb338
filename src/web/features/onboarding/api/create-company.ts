import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UserDto, userDto } from '@/contracts/auth';
import type { CreateCompanyBody } from '@/contracts/companies';
import { api } from '@/contracts/paths';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** POST /api/companies: creates the caller's company, makes them its owner, starts the trial. */
export async function createCompany(body: CreateCompanyBody): Promise<UserDto> {
  return userDto.parse(await apiRequest('POST', api.companies, body));
}

/** The answer is the refreshed signed-in user (now with a company): it replaces the session query. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user(), user),
  });
}
