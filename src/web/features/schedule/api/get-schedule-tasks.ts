import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type TaskListItemDto, taskListItemDto } from '@/contracts/tasks';
import { assigneeKey, dayOf } from '@/domain/schedule-view';
import { apiRequest } from '@/web/lib/api-client';
import { taskListKeys } from '@/web/lib/task-list-keys';
import { type PeriodFilter, periodTasksPath } from './period-tasks-path';

export type { PeriodFilter };

/** A listed task with what the schedule works with: its calendar days and who it is assigned to. */
export interface ScheduleTask extends TaskListItemDto {
  startDay: string;
  endDay: string;
  assigneeKey: string | null;
}

const toScheduleTask = (task: TaskListItemDto): ScheduleTask => ({
  ...task,
  startDay: dayOf(task.startDate),
  endDay: dayOf(task.endDate),
  assigneeKey: assigneeKey(task),
});

/** GET /api/tasks?from&to[&projectId]: the period's tasks, filtered on the server, by start date. */
export const scheduleTasksQueryOptions = (filter: PeriodFilter) =>
  queryOptions({
    queryKey: taskListKeys.period(filter),
    queryFn: async (): Promise<ScheduleTask[]> => {
      const tasks = z.array(taskListItemDto).parse(await apiRequest('GET', periodTasksPath(filter)));
      return tasks.map(toScheduleTask);
    },
    // While the next period loads, the one before stays on screen.
    placeholderData: keepPreviousData,
  });

export function useScheduleTasks(filter: PeriodFilter) {
  return useQuery(scheduleTasksQueryOptions(filter));
}
