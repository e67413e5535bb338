import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateProjectBody, type ProjectDto, projectDto } from '@/contracts/projects';
import { apiRequest } from '@/web/lib/api-client';
import { contactListKeys } from './get-client-contacts';
import { projectKeys } from './keys';

/**
 * POST /api/projects: a new project (active, progress 0 unless given), and with `newClientContact`
 * its client saved as a client contact in the same step.
 */
export async function createProject(body: CreateProjectBody): Promise<ProjectDto> {
  return projectDto.parse(await apiRequest('POST', '/api/projects', body));
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (_project, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.stats() }),
        body.newClientContact
          ? queryClient.invalidateQueries({ queryKey: contactListKeys.all() })
          : Promise.resolve(),
      ]);
    },
  });
}
