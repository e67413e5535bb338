import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { periodOf, periodSummary, type ScheduleView, stepAnchor, tasksByDay } from '@/domain/schedule-view';
import { CalendarFeedPanel } from '@/web/components/calendar-feed-panel';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { localToday } from '@/web/lib/local-today';
import { cn } from '@/web/lib/utils';
import { scheduleProjectsQueryOptions, useScheduleProjects } from '../api/get-projects';
import { type ScheduleTask, scheduleTasksQueryOptions, useScheduleTasks } from '../api/get-schedule-tasks';
import { DayView, MonthView, WeekView } from '../components/calendar-views';
import { CrewPanel } from '../components/crew-panel';
import { IssuesPanel } from '../components/issues-panel';
import { ScheduleToolbar } from '../components/schedule-toolbar';
import { SummaryCards } from '../components/summary-cards';
import { PERIOD_NAME, periodTitle } from '../lib/labels';
import { projectCalendars } from '../lib/project-calendars';
import { type ScheduleParams, useScheduleParams } from '../lib/schedule-params';
import { useWideScreen } from '../lib/use-wide-screen';

const NO_TASKS: ScheduleTask[] = [];

/** Marked on the page once a period's tasks are on screen (`performance.getEntriesByName`). */
export const TASKS_PAINTED_MARK = 'schedule:tasks-painted';
/** Marked when the user switches view or period, to measure from. */
export const VIEW_SWITCH_MARK = 'schedule:view-switch';

/** /schedule: every project's tasks by day, week or month, their issues, the crew, the calendar feed. */
export function SchedulePage() {
  const today = localToday();
  const [params, setParams] = useScheduleParams(today);
  const { view, date, projectId } = params;
  const period = useMemo(() => periodOf(view, date), [view, date]);
  const filter = { from: period.from, to: period.to, projectId };
  // Ask for the data while the page renders, not once it has been drawn without it.
  usePrefetchQuery(scheduleTasksQueryOptions(filter));
  usePrefetchQuery(scheduleProjectsQueryOptions());
  const projects = useScheduleProjects();
  const tasks = useScheduleTasks(filter);
  const wide = useWideScreen();
  const [below, setBelow] = useState('issues');

  const list = tasks.data ?? NO_TASKS;
  // Fresh once the period's tasks and the projects' calendars they are drawn on are both in.
  const fresh = tasks.isSuccess && !tasks.isPlaceholderData && !projects.isPending;
  // Tasks are placed on their days once per answer; every cell then reads its own list.
  // Each task is drawn on its project's working days, from the calendar its schedule was made on.
  const calendars = useMemo(() => projectCalendars(projects.data), [projects.data]);
  const byDay = useMemo(
    () => tasksByDay(list, period.from, period.to, (task) => calendars.of(task.projectId)),
    [list, period.from, period.to, calendars],
  );
  const summary = useMemo(() => (fresh ? periodSummary(list, today) : null), [fresh, list, today]);
  // The lists below the calendar follow in a second, interruptible pass: the calendar comes first.
  const belowList = useDeferredValue(list);
  // Until they have this period's tasks, the panels say so instead of "nothing found".
  const belowPending = belowList !== list || !fresh;
  const belowBody = (panel: ReactNode) =>
    belowList === NO_TASKS ? (
      <div className="flex justify-center py-10">
        <Spinner label="Loading tasks" />
      </div>
    ) : (
      <div aria-busy={belowPending} className={cn('transition-opacity', belowPending && 'opacity-60')}>
        {panel}
      </div>
    );

  // Once this period's tasks are drawn (after the browser paints), mark it for performance tools.
  useEffect(() => {
    if (!fresh) return;
    const frame = requestAnimationFrame(() =>
      setTimeout(() =>
        performance.mark(TASKS_PAINTED_MARK, {
          detail: { view, from: period.from, to: period.to, projectId, tasks: list.length },
        }),
      ),
    );
    return () => cancelAnimationFrame(frame);
  }, [fresh, view, period.from, period.to, projectId, list.length]);

  const queryClient = useQueryClient();
  // The latest parameters, for handlers that stay the same across renders (the calendar is memoised).
  const latest = useRef({ params, setParams });
  latest.current = { params, setParams };
  const go = useCallback(
    (next: Partial<ScheduleParams>) => {
      performance.mark(VIEW_SWITCH_MARK, { detail: next });
      // Ask for the next period's tasks now, not after the page has drawn the switch.
      const target = { ...latest.current.params, ...next };
      const nextPeriod = periodOf(target.view, target.date);
      void queryClient.prefetchQuery(
        scheduleTasksQueryOptions({ from: nextPeriod.from, to: nextPeriod.to, projectId: target.projectId }),
      );
      latest.current.setParams(next);
    },
    [queryClient],
  );
  const openDay = useCallback((day: string) => go({ view: 'day', date: day }), [go]);

  // A link naming a project that is gone (deleted, or another company's) falls back to all projects.
  const knownProject = projectId === null || !projects.data || projects.data.some((p) => p.id === projectId);
  useEffect(() => {
    if (!knownProject) setParams({ projectId: null });
  }, [knownProject, setParams]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Schedule"
        description="Every project's tasks by day, week or month."
        actions={
          <Button asChild variant="outline">
            <Link to="/schedule/lookahead">Look-ahead</Link>
          </Button>
        }
      />

      <Tabs value={view} onValueChange={(v) => go({ view: v as ScheduleView })} className="grid gap-4">
        <ScheduleToolbar
          view={view}
          title={periodTitle(view, period.from, period.to)}
          projects={projects.data ?? []}
          projectId={projectId}
          onToday={() => go({ view: 'day', date: today })}
          onStep={(steps) => go({ date: stepAnchor(view, date, steps) })}
          onProject={(id) => go({ projectId: id })}
        />
        <SummaryCards view={view} summary={summary} />
        <Card>
          <CardContent className="relative p-3 sm:p-4">
            {tasks.isPending ? (
              <div className="flex justify-center py-16">
                <Spinner label="Loading tasks" />
              </div>
            ) : tasks.isError ? (
              <div className="flex flex-col items-center gap-3 py-12 text-center">
                <p className="font-medium">The tasks could not be loaded.</p>
                <Button variant="outline" onClick={() => void tasks.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <div
                data-testid="schedule-calendar"
                data-view={view}
                data-from={period.from}
                data-project={projectId ?? 'all'}
                data-ready={fresh ? 'true' : 'false'}
                aria-busy={!fresh}
                className={cn('transition-opacity', !fresh && 'opacity-60')}
              >
                <TabsContent value="day" className="mt-0">
                  <DayView day={date} byDay={byDay} today={today} />
                </TabsContent>
                <TabsContent value="week" className="mt-0">
                  <WeekView days={period.days} byDay={byDay} today={today} wide={wide} onOpenDay={openDay} />
                </TabsContent>
                <TabsContent value="month" className="mt-0">
                  <MonthView anchor={date} byDay={byDay} today={today} wide={wide} onOpenDay={openDay} />
                </TabsContent>
              </div>
            )}
          </CardContent>
        </Card>
      </Tabs>

      <Card>
        <CardContent className="pt-6">
          <Tabs value={below} onValueChange={setBelow}>
            <TabsList aria-label="Issues and crew">
              <TabsTrigger value="issues">Issues &amp; Blockers</TabsTrigger>
              <TabsTrigger value="crew">Crew Planning</TabsTrigger>
            </TabsList>
            <TabsContent value="issues" className="mt-4">
              {belowBody(<IssuesPanel tasks={belowList} today={today} period={PERIOD_NAME[view]} />)}
            </TabsContent>
            <TabsContent value="crew" className="mt-4">
              {belowBody(<CrewPanel tasks={belowList} today={today} />)}
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Calendar feed</CardTitle>
          <CardDescription>Your private calendar of every project&apos;s tasks.</CardDescription>
        </CardHeader>
        <CardContent>
          <CalendarFeedPanel projectId={null} what="every project's tasks" />
        </CardContent>
      </Card>
    </div>
  );
}
