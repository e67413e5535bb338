import { CalendarDays } from 'lucide-react';
import { ComingSoon } from '@/web/components/coming-soon';
import { PageHeader } from '@/web/components/page-header';

/** /schedule: the calendar across projects. Built in a later release. */
export function SchedulePage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Schedule" description="Day, week and month views of every task." />
      <ComingSoon icon={CalendarDays}>
        The calendar, period summary, issues and blockers, and crew planning will appear here.
      </ComingSoon>
    </div>
  );
}
