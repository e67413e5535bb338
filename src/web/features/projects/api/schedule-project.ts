import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectScheduleDto, projectScheduleDto } from '@/contracts/schedule';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateProjectFinish } from './invalidate-project-finish';
import { projectKeys } from './keys';

/**
 * POST /api/projects/{id}/schedule: recomputes the critical path from the project's start, writes
 * every task's dates and critical flag, and answers the schedule (with each task's floats).
 * 422 on a dependency cycle. Task saves re-schedule on their own; this writes the schedule's dates
 * to tasks whose saved dates are older (dated by hand, or added without links).
 */
export async function scheduleProject(projectId: number): Promise<ProjectScheduleDto> {
  return projectScheduleDto.parse(await apiRequest('POST', `/api/projects/${projectId}/schedule`));
}

/** Re-schedules the project and writes the dates, stores the answer and refetches the tasks. */
export function useScheduleProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleProject,
    onSuccess: async (schedule) => {
      queryClient.setQueryData(projectKeys.schedule(schedule.projectId), schedule);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(schedule.projectId) }),
        invalidateProjectFinish(queryClient, schedule.projectId),
      ]);
    },
  });
}
