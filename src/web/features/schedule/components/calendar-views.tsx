import { CalendarX2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { cellTasks, isOverdueOn, monthGrid, WEEK_CELL_TASKS } from '@/domain/schedule-view';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import type { ScheduleTask } from '../api/get-schedule-tasks';
import { dayLabels } from '../lib/labels';
import { MonthCompact } from './month-compact';
import { TaskChip, TaskRow } from './task-chip';

export interface ViewProps {
  /** The period's days with their tasks, from `tasksByDay`. */
  byDay: ReadonlyMap<string, ScheduleTask[]>;
  today: string;
  /** Grid (wide screens) or a list per day (phones). */
  wide: boolean;
  /** Opens one day in the day view. */
  onOpenDay: (day: string) => void;
}

function Empty({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
      <CalendarX2 className="size-8" aria-hidden="true" />
      <p className="text-sm">{children}</p>
    </div>
  );
}

/** A day's number as a button that opens the day; today is filled in. */
function DayButton({
  day,
  today,
  onOpenDay,
  label,
}: {
  day: string;
  today: string;
  onOpenDay: (day: string) => void;
  label: string;
}) {
  const isToday = day === today;
  return (
    <button
      type="button"
      onClick={() => onOpenDay(day)}
      aria-label={`Open ${dayLabels.long(day)}`}
      aria-current={isToday ? 'date' : undefined}
      className={cn(
        'inline-flex h-7 min-w-7 items-center justify-center justify-self-start rounded-full px-1.5 text-sm font-semibold tabular-nums transition-colors hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        isToday && 'bg-primary text-primary-foreground hover:bg-primary-hover',
      )}
    >
      {label}
    </button>
  );
}

/** How many tasks the day view lists before "Show all". */
const DAY_LIST_STEP = 50;

/** The day view: the day's tasks as a list. */
export const DayView = memo(function DayView({
  day,
  byDay,
  today,
}: Omit<ViewProps, 'wide' | 'onOpenDay'> & { day: string }) {
  const tasks = byDay.get(day) ?? [];
  const [limit, setLimit] = useState(DAY_LIST_STEP);
  if (tasks.length === 0) return <Empty>No tasks scheduled for this day.</Empty>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label={`Tasks on ${dayLabels.long(day)}`}>
        {tasks.slice(0, limit).map((task) => (
          <li key={task.id}>
            <TaskRow task={task} overdue={isOverdueOn(task, today)} />
          </li>
        ))}
      </ul>
      {tasks.length > limit && (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => setLimit(tasks.length)}>
          Show all {tasks.length}
        </Button>
      )}
    </div>
  );
});

/** A day of a list (phones): its heading and its tasks, or a line saying there are none. */
function DayListItem({
  day,
  tasks,
  today,
  onOpenDay,
}: {
  day: string;
  tasks: ScheduleTask[];
  today: string;
  onOpenDay: (day: string) => void;
}) {
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" aria-label={dayLabels.long(day)}>
      <div className="flex items-center gap-2">
        <DayButton day={day} today={today} onOpenDay={onOpenDay} label={dayLabels.number(day)} />
        <span className="text-sm font-medium">{dayLabels.weekdayLong(day)}</span>
        <span className="text-sm text-muted-foreground">{dayLabels.short(day)}</span>
        <span className="ml-auto text-xs text-muted-foreground">
          {tasks.length === 1 ? '1 task' : `${tasks.length} tasks`}
        </span>
      </div>
      {tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tasks</p>
      ) : (
        <WeekCell day={day} tasks={tasks} today={today} onOpenDay={onOpenDay} chipClassName="text-sm" />
      )}
    </li>
  );
}

function MoreButton({
  day,
  more,
  onOpenDay,
}: {
  day: string;
  more: number;
  onOpenDay: (day: string) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpenDay(day)}
      aria-label={`${more} more tasks on ${dayLabels.long(day)}`}
      className="w-fit rounded px-1.5 text-left text-xs font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      +{more} more
    </button>
  );
}

/** A day's first tasks as chips and a "+N more" that opens the day (week columns and phone lists). */
function WeekCell({
  day,
  tasks,
  today,
  onOpenDay,
  chipClassName,
}: {
  day: string;
  tasks: ScheduleTask[];
  today: string;
  onOpenDay: (day: string) => void;
  chipClassName?: string;
}) {
  const { shown, more } = cellTasks(tasks, WEEK_CELL_TASKS);
  return (
    <div className="grid gap-1.5">
      {shown.map((task) => (
        <TaskChip key={task.id} task={task} overdue={isOverdueOn(task, today)} className={chipClassName} />
      ))}
      {more > 0 && <MoreButton day={day} more={more} onOpenDay={onOpenDay} />}
    </div>
  );
}

/**
 * The week view: seven columns from Sunday, each day's first tasks and "+N more" that opens the day;
 * a list per day on phones.
 */
export const WeekView = memo(function WeekView({
  days,
  byDay,
  today,
  wide,
  onOpenDay,
}: ViewProps & { days: readonly string[] }) {
  if (!wide) {
    return (
      <ol className="grid gap-2" aria-label="Week">
        {days.map((day) => (
          <DayListItem key={day} day={day} tasks={byDay.get(day) ?? []} today={today} onOpenDay={onOpenDay} />
        ))}
      </ol>
    );
  }
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <table className="w-full table-fixed border-collapse" aria-label="Week">
        <thead>
          <tr className="border-b border-border bg-muted/60">
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className="px-2 py-1.5 font-normal [&:not(:last-child)]:border-r [&:not(:last-child)]:border-border"
              >
                <span className="flex items-center justify-between gap-1">
                  <span className="text-xs font-medium text-muted-foreground uppercase">
                    {dayLabels.weekday(day)}
                  </span>
                  <DayButton day={day} today={today} onOpenDay={onOpenDay} label={dayLabels.number(day)} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {days.map((day) => (
              <td
                key={day}
                aria-label={dayLabels.long(day)}
                className={cn(
                  'h-48 p-1.5 align-top [&:not(:last-child)]:border-r [&:not(:last-child)]:border-border',
                  day === today && 'bg-primary/5',
                )}
              >
                <WeekCell day={day} tasks={byDay.get(day) ?? []} today={today} onOpenDay={onOpenDay} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
});

/**
 * The month view: whole weeks from Sunday (4 to 6 rows), two tasks a day and "+N more" that opens
 * the day. On phones, a compact grid whose days open in the day view.
 */
export const MonthView = memo(function MonthView({
  anchor,
  byDay,
  today,
  wide,
  onOpenDay,
}: ViewProps & { anchor: string }) {
  const grid = useMemo(() => monthGrid(anchor), [anchor]);
  if (!wide) {
    return (
      <MonthCompact
        weeks={grid.weeks}
        from={grid.from}
        to={grid.to}
        byDay={byDay}
        today={today}
        onOpenDay={onOpenDay}
      />
    );
  }
  const weekdays = grid.weeks[0] ?? [];
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <table className="w-full table-fixed border-collapse" aria-label="Month">
        <thead>
          <tr className="border-b border-border bg-muted/60">
            {weekdays.map((day) => (
              <th
                key={day}
                scope="col"
                className="px-2 py-1.5 text-left text-xs font-medium text-muted-foreground uppercase"
              >
                {dayLabels.weekday(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.weeks.map((week) => (
            <tr key={week[0]} className="[&:not(:last-child)]:border-b [&:not(:last-child)]:border-border">
              {week.map((day) => {
                const inMonth = day >= grid.from && day <= grid.to;
                const { shown, more } = cellTasks(inMonth ? (byDay.get(day) ?? []) : []);
                return (
                  <td
                    key={day}
                    aria-label={dayLabels.long(day)}
                    className={cn(
                      'h-28 p-1.5 align-top [&:not(:last-child)]:border-r [&:not(:last-child)]:border-border',
                      !inMonth && 'bg-muted/40 text-muted-foreground',
                      day === today && 'bg-primary/5',
                    )}
                  >
                    <div className="grid min-w-0 gap-1">
                      <DayButton
                        day={day}
                        today={today}
                        onOpenDay={onOpenDay}
                        label={dayLabels.number(day)}
                      />
                      {shown.map((task) => (
                        <TaskChip key={task.id} task={task} overdue={isOverdueOn(task, today)} compact />
                      ))}
                      {more > 0 && <MoreButton day={day} more={more} onOpenDay={onOpenDay} />}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
