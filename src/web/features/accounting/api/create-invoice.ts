import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateInvoiceBody, invoiceDto, projectInvoicesPath } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** POST /api/projects/{id}/invoices: a draft invoice, numbered by the server. */
export async function createInvoice({ projectId, body }: { projectId: number; body: CreateInvoiceBody }) {
  return invoiceDto.parse(await apiRequest('POST', projectInvoicesPath(projectId), body));
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: (invoice) =>
      queryClient.invalidateQueries({ queryKey: accountingKeys.projectInvoices(invoice.projectId) }),
  });
}
