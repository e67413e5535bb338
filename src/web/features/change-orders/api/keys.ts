/**
 * Query keys of change orders. A project's list starts with the project's own keys (`/api/projects`,
 * id), so whatever refreshes a project refreshes its change orders; an approval refreshes the whole
 * project (its tasks, schedule, delays and budget moved with it).
 */
export const changeOrderKeys = {
  project: (projectId: number) => ['/api/projects', projectId] as const,
  list: (projectId: number) => ['/api/projects', projectId, 'change-orders'] as const,
  detail: (coId: number) => ['/api/change-orders', coId] as const,
  impact: (coId: number, changes: string) => ['/api/change-orders', coId, 'impact', changes] as const,
  tasks: (projectId: number) => ['/api/projects', projectId, 'tasks', 'change-order-choices'] as const,
  /** The project itself (GET /api/projects/{id}): the same entry the project page reads. */
  projectDetail: (projectId: number) => ['/api/projects', projectId] as const,
  costCodes: () => ['/api/cost-codes'] as const,
  clients: () => ['/api/contacts', 'by-type'] as const,
  signing: (token: string) => ['/api/sign', token] as const,
  signingPdf: (token: string) => ['/api/sign', token, 'pdf'] as const,
};
