import type { CSSProperties } from 'react';
import type { LookaheadTaskDto } from '@/contracts/lookahead';
import { cn } from '@/web/lib/utils';
import { floatLabel, lookaheadDay, MATERIALS_LABELS, statusLabel } from '../lib/labels';
import {
  groupLookahead,
  isDayOffForAll,
  type LookaheadCalendars,
  type LookaheadGrouping,
  taskDays,
  windowDays,
} from '../lib/lookahead-view';
import './lookahead-print.css';

/** The strip's days in runs of one week (from Monday), for the header's week row. */
function weeksOf(days: readonly string[]): string[][] {
  const weeks: string[][] = [];
  for (const day of days) {
    const monday = new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
    const last = weeks.at(-1);
    if (!last || monday) weeks.push([day]);
    else last.push(day);
  }
  return weeks;
}

/** The widths of the columns beside the day strip (task, dates, float, materials, status), in rem. */
const FIXED_COLUMNS_REM = 18 + 7.5 + 4 + 6 + 6;

const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

function Materials({ task }: { task: LookaheadTaskDto }) {
  const label = MATERIALS_LABELS[task.materials];
  if (task.materials !== 'pending') {
    return <span className={cn(task.materials === 'delivered' && 'text-green-700')}>{label}</span>;
  }
  return (
    <span className="font-medium text-amber-800">
      {label}
      {task.materialsStep && <span className="font-normal capitalize"> · {task.materialsStep}</span>}
      {task.materialsExpectedDate && (
        <span className="lookahead-sub block font-normal text-muted-foreground">
          exp. {lookaheadDay.short(task.materialsExpectedDate)}
        </span>
      )}
    </span>
  );
}

function TaskRow({
  task,
  days,
  calendars,
  grouping,
  showProject,
}: {
  task: LookaheadTaskDto;
  days: readonly string[];
  calendars: LookaheadCalendars;
  grouping: LookaheadGrouping;
  showProject: boolean;
}) {
  const on = taskDays(task, days, calendars);
  const worked = calendars.of(task.projectId);
  // The row names what the grouping does not: the trade when grouped by assignee, and the other way.
  const other = grouping === 'assignee' ? task.phase : task.assigneeName;
  const details = [showProject ? task.projectName : null, other].filter(Boolean).join(' · ');
  return (
    <tr
      data-testid="lookahead-row"
      data-critical={task.isCritical}
      className={cn('border-t border-border', task.isCritical && 'bg-red-50/60')}
    >
      <td
        className={cn(
          'border-l-4 py-1.5 pr-2 pl-2 align-top',
          task.isCritical ? 'border-l-red-500' : 'border-l-transparent',
        )}
      >
        <span className="font-medium">{task.name}</span>
        {task.isCritical && (
          <span className="ml-1.5 rounded bg-red-100 px-1 text-[0.7rem] font-semibold text-red-800">
            Critical
          </span>
        )}
        {details && <span className="lookahead-sub block text-xs text-muted-foreground">{details}</span>}
      </td>
      <td className="px-2 py-1.5 align-top whitespace-nowrap tabular-nums">
        {lookaheadDay.short(task.startDate)} – {lookaheadDay.short(task.endDate)}
      </td>
      {days.map((day) => {
        const off = !worked.isWorkingDay(day);
        return (
          // Relative: the bar's screen-reader text stays inside the scrolling table, not beside the page.
          <td
            key={day}
            data-day={day}
            data-off={off || undefined}
            className={cn(
              'relative p-0 align-middle',
              isMonday(day) && 'border-l border-border',
              off &&
                'lookahead-off bg-[repeating-linear-gradient(135deg,var(--color-border)_0_2px,transparent_2px_6px)]',
            )}
          >
            {on.has(day) && (
              <div
                className={cn(
                  'lookahead-bar mx-px h-3.5 rounded-sm print:h-2',
                  task.isCritical ? 'bg-red-500' : 'bg-blue-500',
                )}
                title={`${task.name}: ${lookaheadDay.long(day)}`}
              >
                <span className="sr-only">On {lookaheadDay.long(day)}</span>
              </div>
            )}
          </td>
        );
      })}
      <td
        className={cn(
          'px-2 py-1.5 text-right align-top tabular-nums',
          task.totalFloat !== null && task.totalFloat <= 0 && 'font-semibold text-red-700',
        )}
      >
        {floatLabel(task.totalFloat)}
      </td>
      <td className="px-2 py-1.5 align-top text-xs">
        <Materials task={task} />
      </td>
      <td className="px-2 py-1.5 align-top text-xs whitespace-nowrap">
        {statusLabel(task.status)}
        <span className="lookahead-sub block text-muted-foreground tabular-nums">{task.progress}%</span>
      </td>
    </tr>
  );
}

/**
 * The look-ahead as one table: a group of rows per assignee (or trade), a day strip of the window's
 * weekdays where each task's bar shows the days it is on, then its float, materials and status.
 */
export function LookaheadTable({
  tasks,
  from,
  to,
  calendars,
  grouping,
  showProject = false,
}: {
  tasks: readonly LookaheadTaskDto[];
  from: string;
  to: string;
  calendars: LookaheadCalendars;
  grouping: LookaheadGrouping;
  showProject?: boolean;
}) {
  const days = windowDays(from, to, calendars);
  const groups = groupLookahead(tasks, grouping);
  const columns = days.length + 5;
  return (
    <div className="lookahead-sheet min-w-0 overflow-x-auto rounded-lg border border-border bg-card">
      <table
        className="lookahead-table w-full min-w-(--lookahead-min) table-fixed border-collapse text-sm print:min-w-0"
        // On screen the day strip keeps at least 1.4 rem a day, scrolling sideways below that.
        style={{ '--lookahead-min': `${FIXED_COLUMNS_REM + days.length * 1.4}rem` } as CSSProperties}
      >
        <colgroup>
          <col className="w-[30%]" />
          <col className="w-[7.5rem]" />
          {days.map((day) => (
            <col key={day} />
          ))}
          <col className="w-16" />
          <col className="w-24" />
          <col className="w-24" />
        </colgroup>
        <thead className="bg-secondary/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" rowSpan={2} className="px-2 py-1.5 font-semibold">
              Task
            </th>
            <th scope="col" rowSpan={2} className="px-2 py-1.5 font-semibold">
              Dates
            </th>
            {weeksOf(days).map((week) => (
              <th
                key={week[0]}
                scope="colgroup"
                colSpan={week.length}
                className="border-l border-border px-1 pt-1.5 text-center font-semibold whitespace-nowrap"
              >
                {lookaheadDay.short(week[0] ?? from)}
              </th>
            ))}
            <th scope="col" rowSpan={2} className="px-2 py-1.5 text-right font-semibold">
              Float
            </th>
            <th scope="col" rowSpan={2} className="px-2 py-1.5 font-semibold">
              Materials
            </th>
            <th scope="col" rowSpan={2} className="px-2 py-1.5 font-semibold">
              Status
            </th>
          </tr>
          <tr>
            {days.map((day) => {
              const off = isDayOffForAll(day, calendars);
              return (
                <th
                  key={day}
                  scope="col"
                  className={cn(
                    'px-0 pb-1 text-center text-[0.65rem] leading-tight font-medium',
                    isMonday(day) && 'border-l border-border',
                    off && 'lookahead-off line-through',
                  )}
                >
                  <abbr
                    title={off ? `${lookaheadDay.long(day)}: not a working day` : lookaheadDay.long(day)}
                    className="no-underline"
                  >
                    {lookaheadDay.weekday(day)}
                    <br />
                    {lookaheadDay.number(day)}
                  </abbr>
                </th>
              );
            })}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.key} aria-label={group.label} data-testid="lookahead-group">
            <tr className="border-t-2 border-border bg-secondary/30">
              <th scope="rowgroup" colSpan={columns} className="px-2 py-1 text-left text-sm font-semibold">
                {group.label}
                <span className="ml-2 text-xs font-normal text-muted-foreground">
                  {group.tasks.length === 1 ? '1 task' : `${group.tasks.length} tasks`}
                </span>
              </th>
            </tr>
            {group.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                days={days}
                calendars={calendars}
                grouping={grouping}
                showProject={showProject}
              />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
