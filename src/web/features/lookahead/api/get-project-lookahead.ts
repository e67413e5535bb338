import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectLookaheadDto } from '@/contracts/lookahead';
import { apiRequest } from '@/web/lib/api-client';
import { lookaheadKeys } from './keys';

/** GET /api/projects/{id}/lookahead?weeks: the project's work of the next weeks. */
export const projectLookaheadQueryOptions = (projectId: number, weeks: number) =>
  queryOptions({
    queryKey: lookaheadKeys.project(projectId, weeks),
    queryFn: async () =>
      projectLookaheadDto.parse(
        await apiRequest('GET', `/api/projects/${projectId}/lookahead?weeks=${weeks}`),
      ),
    // While another span loads, the one before stays on screen.
    placeholderData: keepPreviousData,
  });

export function useProjectLookahead(projectId: number, weeks: number) {
  return useQuery(projectLookaheadQueryOptions(projectId, weeks));
}
