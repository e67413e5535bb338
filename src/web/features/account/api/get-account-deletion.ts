import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDeletionDto, accountPaths } from '@/contracts/account';
import { getQueryFn } from '@/web/lib/api-client';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

export const accountDeletionKeys = { preview: () => [accountPaths.deletion] as const };

/**
 * GET /api/account/deletion: whether deleting the account takes the company along, with how many
 * projects, documents and contacts go with it. Read fresh each time the dialog opens.
 */
export const accountDeletionQueryOptions = () =>
  queryOptions({
    queryKey: accountDeletionKeys.preview(),
    queryFn: async (context) => accountDeletionDto.parse(await fetchJson(context)),
    staleTime: 0,
  });

export function useAccountDeletion(enabled: boolean) {
  return useQuery({ ...accountDeletionQueryOptions(), enabled });
}
