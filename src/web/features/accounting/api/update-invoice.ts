import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceDto, invoicePath, type UpdateInvoiceBody } from '@/contracts/accounting';
import { apiRequest } from '@/web/lib/api-client';
import { accountingKeys } from './keys';

/** PATCH /api/invoices/{invoiceId}: a draft's dates, memo or lines. */
export async function updateInvoice({ invoiceId, body }: { invoiceId: number; body: UpdateInvoiceBody }) {
  return invoiceDto.parse(await apiRequest('PATCH', invoicePath(invoiceId), body));
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: (invoice) =>
      queryClient.invalidateQueries({ queryKey: accountingKeys.projectInvoices(invoice.projectId) }),
  });
}
