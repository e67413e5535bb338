/**
 * Query keys of the budget. A project's budget starts with the project's own keys (`/api/projects`,
 * id), so whatever refreshes a project after a plan refreshes its budget too.
 */
export const budgetKeys = {
  project: (projectId: number) => ['/api/projects', projectId, 'budget'] as const,
  costCodes: () => ['/api/cost-codes'] as const,
};
