import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveInvoicePath, invoiceDto } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** POST /api/invoices/{invoiceId}/approve (owner or admin): the draft is billed from now on. */
export async function approveInvoice(invoiceId: number) {
  return invoiceDto.parse(await apiRequest('POST', approveInvoicePath(invoiceId)));
}

export function useApproveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveInvoice,
    onSuccess: (invoice) =>
      queryClient.invalidateQueries({ queryKey: accountingKeys.projectInvoices(invoice.projectId) }),
  });
}
