import { useEffect, useMemo } from 'react';
import type { ProjectDto } from '@/contracts/projects';
import type { TaskDto, UpdateTaskBody } from '@/contracts/tasks';
import { projectWorkingDays } from '@/domain/schedule/calendar-days';
import { type Dependency, parseDependencies, serializeDependencies } from '@/domain/schedule/dependencies';
import { EMPTY_MATERIALS, materialsStartConstraint, parseMaterialsStatus } from '@/domain/tasks';
import { GanttChart } from '@/web/components/gantt/gantt-chart';
import {
  daySerial,
  type GanttLink,
  type GanttTask,
  type LinkType,
  longDate,
  startConstraintAfterMove,
  wouldCreateCycle,
} from '@/web/components/gantt/gantt-geometry';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/use-toast';
import { serverMessage } from '@/web/lib/api-client';
import { useBaselineTasks } from '../api/get-baseline-tasks';
import { useProjectSchedule } from '../api/get-project-schedule';
import { useUndoableTaskChange } from '../api/restore-tasks';
import { useScheduleProject } from '../api/schedule-project';
import { useUpdateTask } from '../api/update-task';
import { BaselineControls, useBaselineChoice } from './baseline-controls';
import { ScheduleWeatherNotice } from './schedule-weather-notice';

/** The expected delivery a task's materials hold its start to (while not delivered), or null. */
function materialsDate(task: TaskDto): string | null {
  const materials = parseMaterialsStatus(task.materialsStatus);
  return materialsStartConstraint(
    materials.ok ? materials.value : EMPTY_MATERIALS,
    task.materialsExpectedDate,
  );
}

const dayOf = (date: string) => date.slice(0, 10);

/**
 * The project's Gantt view: the tasks as the server schedules them (`GET …/schedule`: dates, floats
 * and critical flags computed from the stored tasks). Each change is one `PUT /api/tasks/{id}`, which
 * re-schedules the project in the same transaction; the tasks and the schedule are then read again,
 * so the server's answer is what the chart shows.
 */
export function ProjectGantt({
  projectName,
  projectId,
  tasks,
  dataDate = null,
  calendar = null,
}: {
  projectName: string;
  projectId: number;
  tasks: readonly TaskDto[];
  /** The project's data date `YYYY-MM-DD`: a line on the chart. */
  dataDate?: string | null;
  /** The project's own working calendar (null: the default one): its days off are shaded. */
  calendar?: ProjectDto['calendar'];
}) {
  const schedule = useProjectSchedule(projectId);
  // The very calendar the server schedules the project on, asked day by day for the shading.
  const workingDays = useMemo(() => projectWorkingDays(calendar), [calendar]);
  const baseline = useBaselineChoice(projectId);
  const compared = useBaselineTasks(projectId, baseline.selectedId);
  const updateTask = useUpdateTask();
  const saveDates = useScheduleProject();
  const undoable = useUndoableTaskChange();

  // Each task's stored links, read once for the chart and the notice of unreadable ones.
  const links = useMemo(() => tasks.map((t) => parseDependencies(t.dependencies)), [tasks]);
  const unreadable = useMemo(() => tasks.filter((_, i) => !links[i]?.ok).map((t) => t.name), [tasks, links]);
  const ganttTasks = useMemo<GanttTask[]>(() => {
    const scheduled = new Map((schedule.data?.tasks ?? []).map((s) => [s.id, s]));
    // The baseline dates and variance (the server's count on the project calendar), when one is chosen.
    const inBaseline = new Map(
      baseline.selectedId === null ? [] : (compared.data ?? []).map((c) => [c.id, c] as const),
    );
    return tasks.map((t, i) => {
      const parsed = links[i];
      const s = scheduled.get(t.id);
      const b = inBaseline.get(t.id);
      return {
        id: t.id,
        name: t.name,
        phase: t.phase,
        startDate: s?.startDate ?? t.startDate,
        endDate: s?.endDate ?? t.endDate,
        duration: t.duration,
        isCritical: s?.isCritical ?? t.isCritical,
        dependencies: parsed?.ok ? parsed.value : [],
        totalFloat: s?.totalFloat,
        startNoEarlierThan: t.startNoEarlierThan,
        materialsDate: materialsDate(t),
        baselineStart: b?.baselineStart,
        baselineFinish: b?.baselineFinish,
        finishVarianceDays: b?.finishVarianceDays,
      };
    });
  }, [tasks, links, schedule.data, baseline.selectedId, compared.data]);

  // Tasks whose saved dates are not the schedule's (dated by hand, or added without links).
  const outdated = useMemo(() => {
    const scheduled = new Map((schedule.data?.tasks ?? []).map((s) => [s.id, s]));
    return tasks.filter((t) => {
      const s = scheduled.get(t.id);
      return s && (s.startDate !== dayOf(t.startDate) || s.endDate !== dayOf(t.endDate));
    }).length;
  }, [tasks, schedule.data]);

  // A task added or deleted elsewhere (Add Task, the list): read the schedule again so it has its dates.
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

  const byId = useMemo(() => new Map(ganttTasks.map((t) => [t.id, t])), [ganttTasks]);

  // Every change from the chart can be undone from its notice (the whole project put back).
  const save = (taskId: number, body: UpdateTaskBody) => {
    const name = byId.get(taskId)?.name ?? 'The task';
    undoable(projectId, `${name} changed`, () => updateTask.mutateAsync({ id: taskId, body })).catch(
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'The change was not saved',
          description: serverMessage(error) ?? 'Try again in a moment.',
        }),
    );
  };

  const projectStart = () => {
    if (schedule.data) return daySerial(schedule.data.startDate);
    return Math.min(...ganttTasks.map((t) => daySerial(t.startDate)));
  };

  // A move sets the task's start-no-earlier-than day; moved back to where its links (or the project
  // start) would start it anyway, the constraint is cleared.
  const onMoveStart = (taskId: number, newStartDate: string) => {
    const task = byId.get(taskId);
    if (!task) return;
    const constraint = startConstraintAfterMove(task, daySerial(newStartDate), byId, projectStart());
    if (constraint === (task.startNoEarlierThan ?? null)) {
      toast({
        title: `${task.name} cannot start earlier`,
        description:
          task.dependencies.length > 0
            ? 'Its links hold it where it is. Edit or delete a link (click its arrow) to move it earlier.'
            : `It already starts with the project, on ${longDate(projectStart())}.`,
      });
      return;
    }
    save(taskId, { startNoEarlierThan: constraint });
  };

  const onResize = (taskId: number, duration: number) => save(taskId, { duration });

  const onLink = (fromId: number, toId: number, type: LinkType) => {
    const to = byId.get(toId);
    if (!to) return;
    if (to.dependencies.some((d) => d.taskId === fromId && d.type === type)) {
      toast({ title: 'Already linked', description: `${to.name} already has that link to that task.` });
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

  const onChangeLinks = (taskId: number, links: GanttLink[]) =>
    save(taskId, { dependencies: serializeDependencies(links) });

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
      {outdated > 0 && !schedule.isError && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-secondary/60 px-3 py-2 text-sm">
          <p>
            {outdated === 1 ? '1 task has' : `${outdated} tasks have`} saved dates other than the schedule
            shown here (dated by hand, or added without links).
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={saveDates.isPending}
            onClick={() =>
              saveDates.mutate(projectId, {
                onSuccess: () => toast({ title: 'Schedule dates saved' }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'The dates were not saved',
                    description: serverMessage(error) ?? 'Try again in a moment.',
                  }),
              })
            }
          >
            {saveDates.isPending ? 'Saving...' : "Save the schedule's dates"}
          </Button>
        </div>
      )}
      {schedule.data?.weather && <ScheduleWeatherNotice weather={schedule.data.weather} />}
      <BaselineControls
        projectId={projectId}
        baselines={baseline.baselines}
        selectedId={baseline.selectedId}
        onChoose={baseline.choose}
      />
      <GanttChart
        tasks={ganttTasks}
        title={projectName}
        finishDate={schedule.data?.finishDate}
        dataDate={dataDate}
        calendar={workingDays}
        onMoveStart={onMoveStart}
        onResize={onResize}
        onLink={onLink}
        onChangeLinks={onChangeLinks}
        busy={updateTask.isPending || saveDates.isPending}
      />
    </div>
  );
}
