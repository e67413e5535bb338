import { useEffect, useMemo } from 'react';
import type { TaskDto } from '@/contracts/tasks';
import { type Dependency, parseDependencies, serializeDependencies } from '@/domain/schedule/dependencies';
import { GanttChart } from '@/web/components/gantt/gantt-chart';
import {
  daySerial,
  type GanttTask,
  type LinkType,
  linksAfterMove,
  wouldCreateCycle,
} from '@/web/components/gantt/gantt-geometry';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useProjectSchedule, useScheduleProject } from '../api/schedule-project';
import { useUpdateTask } from '../api/update-task';

/**
 * The project's Gantt view: the tasks as the server scheduled them (dates and critical flags from
 * the task list, floats from the schedule). Each change is a PUT of the task, then the project is
 * re-scheduled and the tasks refetched: the server's answer is what the chart shows.
 */
export function ProjectGantt({
  projectName,
  projectId,
  tasks,
}: {
  projectName: string;
  projectId: number;
  tasks: readonly TaskDto[];
}) {
  const schedule = useProjectSchedule(projectId);
  const updateTask = useUpdateTask();
  const reschedule = useScheduleProject();

  const unreadable = useMemo(
    () => tasks.filter((t) => !parseDependencies(t.dependencies).ok).map((t) => t.name),
    [tasks],
  );
  const ganttTasks = useMemo<GanttTask[]>(() => {
    const floats = new Map((schedule.data?.tasks ?? []).map((s) => [s.id, s.totalFloat]));
    return tasks.map((t) => {
      const parsed = parseDependencies(t.dependencies);
      return {
        id: t.id,
        name: t.name,
        phase: t.phase,
        startDate: t.startDate,
        endDate: t.endDate,
        duration: t.duration,
        isCritical: t.isCritical,
        dependencies: parsed.ok ? parsed.dependencies : [],
        totalFloat: floats.get(t.id),
      };
    });
  }, [tasks, schedule.data]);

  // A task added or deleted elsewhere (Add Task, the list): schedule again so it gets its dates and float.
  const taskIds = tasks
    .map((t) => t.id)
    .sort((a, b) => a - b)
    .join(',');
  const scheduledIds = schedule.data?.tasks
    .map((t) => t.id)
    .sort((a, b) => a - b)
    .join(',');
  const { refetch, isFetching, isError } = schedule;
  useEffect(() => {
    if (scheduledIds !== undefined && !isFetching && !isError && scheduledIds !== taskIds) void refetch();
  }, [taskIds, scheduledIds, isFetching, isError, refetch]);

  const byId = (id: number) => ganttTasks.find((t) => t.id === id);

  const save = (taskId: number, body: { duration?: number; dependencies?: string }) => {
    updateTask.mutate(
      { id: taskId, body },
      {
        onSuccess: () =>
          reschedule.mutate(projectId, {
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'The schedule could not be updated',
                description: serverMessage(error) ?? 'Try again in a moment.',
              }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The change was not saved',
            description: serverMessage(error) ?? 'Try again in a moment.',
          }),
      },
    );
  };

  const onMoveStart = (taskId: number, newStartDate: string) => {
    const task = byId(taskId);
    if (!task) return;
    const links = linksAfterMove(task, daySerial(newStartDate));
    if (!links) {
      toast({
        title: `${task.name} starts with the project`,
        description:
          'A task without predecessors starts on the project start date. Link it after another task to move it.',
      });
      return;
    }
    save(taskId, { dependencies: serializeDependencies(links) });
  };

  const onResize = (taskId: number, duration: number) => save(taskId, { duration });

  const onLink = (fromId: number, toId: number, type: LinkType) => {
    const to = byId(toId);
    if (!to) return;
    if (to.dependencies.some((d) => d.taskId === fromId)) {
      toast({ title: 'Already linked', description: `${to.name} already follows that task.` });
      return;
    }
    if (wouldCreateCycle(ganttTasks, fromId, toId)) {
      toast({
        variant: 'destructive',
        title: 'That link would make a loop',
        description: `${to.name} already comes before that task.`,
      });
      return;
    }
    const next: Dependency[] = [...to.dependencies, { taskId: fromId, type, lagDays: 0 }];
    save(toId, { dependencies: serializeDependencies(next) });
  };

  if (schedule.isPending) return <Spinner label="Scheduling the project" />;
  const cycle = schedule.isError ? serverMessage(schedule.error) : undefined;

  return (
    <div className="grid gap-3">
      {schedule.isError && (
        <p className="text-sm text-destructive" role="alert">
          The project could not be scheduled{cycle ? `: ${cycle}` : '.'} The chart shows the dates last saved.
        </p>
      )}
      {unreadable.length > 0 && (
        <p className="text-sm text-destructive">
          The dependencies of {unreadable.join(', ')} cannot be read; they are left out of the chart.
        </p>
      )}
      <GanttChart
        tasks={ganttTasks}
        title={projectName}
        onMoveStart={onMoveStart}
        onResize={onResize}
        onLink={onLink}
        busy={updateTask.isPending || reschedule.isPending}
      />
    </div>
  );
}
