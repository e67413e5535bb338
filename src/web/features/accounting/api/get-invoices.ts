import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceListDto, projectInvoicesPath } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** GET /api/projects/{id}/invoices: the project's invoices to its client and what is billed. */
export const invoicesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: accountingKeys.projectInvoices(projectId),
    queryFn: async () => invoiceListDto.parse(await apiRequest('GET', projectInvoicesPath(projectId))),
  });

export function useProjectInvoices(projectId: number) {
  return useQuery(invoicesQueryOptions(projectId));
}
