import { AlertTriangle, CalendarDays, CheckCircle2, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { memo } from 'react';
import type { PeriodSummary, ScheduleView } from '@/domain/schedule-view';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';
import { PERIOD_TASKS_LABEL } from '../lib/labels';

function SummaryCard({
  label,
  value,
  icon,
  tone,
  className,
}: {
  label: string;
  value: number | string;
  icon: ReactNode;
  tone: string;
  className?: string;
}) {
  return (
    <Card className={cn('p-3 sm:p-4', className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={cn('[&_svg]:size-4 sm:[&_svg]:size-5', tone)}>{icon}</span>
      </div>
      <p className="mt-1 text-xl font-bold tabular-nums sm:mt-2 sm:text-2xl">{value}</p>
    </Card>
  );
}

/** The period's figures: tasks, completed, in progress, overdue, crew members. */
export const SummaryCards = memo(function SummaryCards({
  view,
  summary,
}: {
  view: ScheduleView;
  summary: PeriodSummary | null;
}) {
  const value = (n: number | undefined) => (summary ? (n ?? 0) : '–');
  return (
    <section aria-label="Period summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <SummaryCard
        label={PERIOD_TASKS_LABEL[view]}
        value={value(summary?.total)}
        icon={<CalendarDays aria-hidden="true" />}
        tone="text-primary"
        className="col-span-2 sm:col-span-1"
      />
      <SummaryCard
        label="Completed"
        value={value(summary?.completed)}
        icon={<CheckCircle2 aria-hidden="true" />}
        tone="text-green-600"
      />
      <SummaryCard
        label="In Progress"
        value={value(summary?.inProgress)}
        icon={<Clock aria-hidden="true" />}
        tone="text-blue-600"
      />
      <SummaryCard
        label="Overdue"
        value={value(summary?.overdue)}
        icon={<AlertTriangle aria-hidden="true" />}
        tone="text-amber-600"
      />
      <SummaryCard
        label="Crew Members"
        value={value(summary?.crewMembers)}
        icon={<Users aria-hidden="true" />}
        tone="text-violet-600"
      />
    </section>
  );
});
