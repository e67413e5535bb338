import { AlertTriangle, Building2, DollarSign, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InsightCounters as Counters } from '@/domain/insights/counters';
import { Card } from '@/web/components/ui/card';
import { formatDollars } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';

function Counter({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: string | number;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <Card role="group" aria-label={label} className="p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={cn('[&_svg]:size-4 sm:[&_svg]:size-5', tone)}>{icon}</span>
      </div>
      <p data-counter-value className="mt-1 text-xl font-bold tabular-nums sm:mt-2 sm:text-2xl">
        {value}
      </p>
    </Card>
  );
}

/** Total Projects, Active Risks, Opportunities and Potential Savings of the insights in view. */
export function InsightCounters({
  projects,
  counters,
}: {
  projects: number | null;
  counters: Counters | null;
}) {
  const show = (n: number | undefined) => (n === undefined ? '–' : n);
  return (
    <section aria-label="Insight counters" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Counter
        label="Total Projects"
        value={show(projects ?? undefined)}
        icon={<Building2 aria-hidden="true" />}
        tone="text-primary"
      />
      <Counter
        label="Active Risks"
        value={show(counters?.activeRisks)}
        icon={<AlertTriangle aria-hidden="true" />}
        tone="text-red-600"
      />
      <Counter
        label="Opportunities"
        value={show(counters?.opportunities)}
        icon={<Lightbulb aria-hidden="true" />}
        tone="text-green-600"
      />
      <Counter
        label="Potential Savings"
        value={counters ? formatDollars(counters.potentialSavings) : '–'}
        icon={<DollarSign aria-hidden="true" />}
        tone="text-blue-600"
      />
    </section>
  );
}
