import { cn } from '@/web/lib/utils';
import type { ScheduleTask } from '../api/get-schedule-tasks';
import { dayLabels } from '../lib/labels';
import { projectColour } from '../lib/palette';

/** Dots a phone's day cell shows: one per project, up to this many. */
const DOTS = 3;

const countLabel = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);

/**
 * The month on a phone, where task names do not fit in seven columns: each day shows a dot per
 * project with tasks that day and how many tasks there are; tapping a day opens it.
 */
export function MonthCompact({
  weeks,
  from,
  to,
  byDay,
  today,
  onOpenDay,
}: {
  weeks: readonly (readonly string[])[];
  from: string;
  to: string;
  byDay: ReadonlyMap<string, ScheduleTask[]>;
  today: string;
  onOpenDay: (day: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <table className="w-full table-fixed border-collapse" aria-label="Month">
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day) => (
              <th key={day} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
                {dayLabels.weekday(day).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = day >= from && day <= to;
                const tasks = inMonth ? (byDay.get(day) ?? []) : [];
                const projects = [...new Set(tasks.map((t) => t.projectId))].slice(0, DOTS);
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      onClick={() => onOpenDay(day)}
                      aria-label={`Open ${dayLabels.long(day)}${inMonth ? `: ${countLabel(tasks.length)}` : ''}`}
                      aria-current={day === today ? 'date' : undefined}
                      className={cn(
                        'flex h-14 w-full flex-col items-center gap-1 rounded-md pt-1.5 text-sm tabular-nums transition-colors hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        !inMonth && 'text-muted-foreground/70',
                        tasks.length > 0 && 'bg-muted/60',
                      )}
                    >
                      <span
                        className={cn(
                          'flex size-6 items-center justify-center rounded-full font-semibold',
                          day === today && 'bg-primary text-primary-foreground',
                        )}
                      >
                        {dayLabels.number(day)}
                      </span>
                      {tasks.length > 0 && (
                        <span className="flex items-center gap-0.5" aria-hidden="true">
                          {projects.map((id) => (
                            <span key={id} className={cn('size-1.5 rounded-full', projectColour(id).dot)} />
                          ))}
                          {tasks.length > 1 && (
                            <span className="ml-0.5 text-[10px] leading-none text-muted-foreground">
                              {tasks.length}
                            </span>
                          )}
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-center text-xs text-muted-foreground">Tap a day to see its tasks.</p>
    </div>
  );
}
