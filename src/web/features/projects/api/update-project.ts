import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectDto, projectDto, type UpdateProjectBody } from '@/contracts/projects';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { projectKeys, taskKeys } from './keys';

/** PUT /api/projects/{id}: the edit form's body, or only `progress` (the card's progress bar). */
export async function updateProject({
  id,
  body,
}: {
  id: number;
  body: UpdateProjectBody;
}): Promise<ProjectDto> {
  return projectDto.parse(await apiRequest('PUT', `/api/projects/${id}`, body));
}

/** Success stores the answer and refreshes the list, the stats and the project's tasks and schedule. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      queryClient.setQueryData(projectKeys.list(), (list: ProjectDto[] | undefined) =>
        list?.map((p) => (p.id === project.id ? project : p)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        // The schedule lists tasks with their project: it reads them again when next shown.
        queryClient.invalidateQueries({ queryKey: taskListKeys.all() }),
        // A new start (moved with the schedule or not) changes the project's schedule and task dates.
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(project.id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.schedule(project.id) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all() }),
      ]);
    },
  });
}
