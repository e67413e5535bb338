import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateProjectBody, type ProjectDto, projectDto } from '@/contracts/projects';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys } from './keys';

/** POST /api/projects: a new project (active, progress 0 unless given). */
export async function createProject(body: CreateProjectBody): Promise<ProjectDto> {
  return projectDto.parse(await apiRequest('POST', '/api/projects', body));
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
      ]);
    },
  });
}
