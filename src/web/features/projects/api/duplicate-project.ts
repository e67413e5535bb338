import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectDto, projectDto } from '@/contracts/projects';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { projectKeys } from './keys';

/**
 * POST /api/projects/{id}/duplicate: the copy (" (Copy)", status planning, progress 0, from now for
 * 90 days) with its tasks, made by the server.
 */
export async function duplicateProject(id: number): Promise<ProjectDto> {
  return projectDto.parse(await apiRequest('POST', `/api/projects/${id}/duplicate`, {}));
}

export function useDuplicateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProject,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        // The schedule lists tasks with their project: it reads them again when next shown.
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
      ]);
    },
  });
}
