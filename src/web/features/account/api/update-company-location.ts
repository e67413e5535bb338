import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyLocationBody,
  type CompanyLocationDto,
  companyLocationDto,
  companyPaths,
} from '@/contracts/companies';
import { apiRequest } from '@/web/lib/api-client';
import { sessionKeys } from '@/web/lib/session-keys';

/** PUT /api/companies/location: the company's default country and state or region. */
export async function updateCompanyLocation(body: CompanyLocationBody): Promise<CompanyLocationDto> {
  return companyLocationDto.parse(await apiRequest('PUT', companyPaths.location, body));
}

/** The session's user carries the company's location: it is read again after a change. */
export function useUpdateCompanyLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user() }),
  });
}
