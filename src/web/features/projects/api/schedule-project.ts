import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectScheduleDto, projectScheduleDto } from '@/contracts/schedule';
import { apiRequest } from '@/web/lib/api-client';
import { projectKeys } from './keys';

/**
 * POST /api/projects/{id}/schedule: recomputes the critical path from the project's start, writes
 * every task's dates and critical flag, and answers the schedule (with each task's floats).
 * 422 on a dependency cycle.
 */
export async function scheduleProject(projectId: number): Promise<ProjectScheduleDto> {
  return projectScheduleDto.parse(await apiRequest('POST', `/api/projects/${projectId}/schedule`));
}

/**
 * The project's schedule, computed when the Gantt opens. Scheduling is a function of the stored
 * durations and links, so asking again gives the same answer until a task changes; the tasks it
 * re-dated are refetched once it answers.
 */
export function useProjectSchedule(projectId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: projectKeys.schedule(projectId),
    queryFn: async () => {
      const schedule = await scheduleProject(projectId);
      await queryClient.invalidateQueries({ queryKey: projectKeys.tasks(projectId) });
      return schedule;
    },
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Re-schedules the project (after a task change), stores the answer and refetches the tasks. */
export function useScheduleProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleProject,
    onSuccess: async (schedule) => {
      queryClient.setQueryData(projectKeys.schedule(schedule.projectId), schedule);
      await queryClient.invalidateQueries({ queryKey: projectKeys.tasks(schedule.projectId) });
    },
  });
}
