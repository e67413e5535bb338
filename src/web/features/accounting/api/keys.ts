/**
 * Query keys of accounting. A project's invoices start with the project's own keys, so whatever
 * refreshes the project refreshes them too.
 */
export const accountingKeys = {
  projectInvoices: (projectId: number) => ['/api/projects', projectId, 'invoices'] as const,
  mappings: () => ['/api/accounting/mappings'] as const,
  check: (query: string) => ['/api/accounting/export/check', query] as const,
};
