import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectBudgetDto, projectBudgetPath } from '@/contracts/budget';
import { apiRequest } from '@/web/lib/api-client';
import { budgetKeys } from './keys';

/** GET /api/projects/{id}/budget: the project's budget lines and their totals by cost code. */
export const budgetQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: budgetKeys.project(projectId),
    queryFn: async () => projectBudgetDto.parse(await apiRequest('GET', projectBudgetPath(projectId))),
  });

export function useProjectBudget(projectId: number) {
  return useQuery(budgetQueryOptions(projectId));
}
