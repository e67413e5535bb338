import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountingMappingsDto,
  accountingPaths,
  type PutAccountingMappingsBody,
} from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** PUT /api/accounting/mappings: writes the rows given. */
export async function saveMappings(body: PutAccountingMappingsBody) {
  return accountingMappingsDto.parse(await apiRequest('PUT', accountingPaths.mappings, body));
}

export function useSaveMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMappings,
    onSuccess: (mappings) => {
      queryClient.setQueryData(accountingKeys.mappings(), mappings);
      return queryClient.invalidateQueries({ queryKey: ['/api/accounting/export/check'] });
    },
  });
}
