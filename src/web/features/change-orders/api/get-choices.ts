import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { costCodeListDto } from '@/contracts/budget';
import { contactsByTypeDto } from '@/contracts/contacts';
import { projectDto } from '@/contracts/projects';
import { taskDto } from '@/contracts/tasks';
import { apiRequest, getQueryFn } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

/** What the editor shows of a task: to lengthen it, link it, or put a line on it. */
const taskChoice = taskDto.pick({
  id: true,
  name: true,
  duration: true,
  isCritical: true,
  status: true,
  startDate: true,
  endDate: true,
});
export type TaskChoice = z.infer<typeof taskChoice>;

/** GET /api/projects/{id}/tasks, read for the tasks a change order can change. */
export const taskChoicesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: changeOrderKeys.tasks(projectId),
    queryFn: async () =>
      z.array(taskChoice).parse(await apiRequest('GET', `/api/projects/${projectId}/tasks`)),
  });

export function useTaskChoices(projectId: number) {
  return useQuery(taskChoicesQueryOptions(projectId));
}

/** GET /api/cost-codes: the company's cost codes, for the priced lines. */
export const costCodesQueryOptions = () =>
  queryOptions({
    queryKey: changeOrderKeys.costCodes(),
    // The whole answer is kept, as other screens keep this same GET.
    queryFn: async (context) => costCodeListDto.parse(await fetchJson(context)),
    select: (list) => list.costCodes,
  });

export function useCostCodes() {
  return useQuery(costCodesQueryOptions());
}

/** GET /api/projects/{id}: the project's name and client, the same cache entry as the project page's. */
export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: changeOrderKeys.projectDetail(projectId),
    queryFn: async (context) => projectDto.parse(await fetchJson(context)),
  });

export function useProject(projectId: number) {
  return useQuery(projectQueryOptions(projectId));
}

/** GET /api/contacts/by-type, for its clients: who a change order can be sent to. */
export function useClientContacts(enabled: boolean) {
  return useQuery({
    queryKey: changeOrderKeys.clients(),
    queryFn: async (context) => contactsByTypeDto.parse(await fetchJson(context)),
    select: (groups) => groups.clients,
    enabled,
  });
}
