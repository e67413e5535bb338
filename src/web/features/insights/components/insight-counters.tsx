import { AlertTriangle, Building2, Lightbulb, PiggyBank } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InsightCounters as Counters } from '@/domain/insights/counters';
import type { CurrencyAmount } from '@/domain/money';
import { Card } from '@/web/components/ui/card';
import { formatMoney } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';

function Counter({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
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

/**
 * The savings as written: one amount when they are in one currency, else one line per currency
 * (never converted into a single figure); none in the projects' shared currency, or a bare 0.
 */
function Savings({ sums, currency }: { sums: readonly CurrencyAmount[]; currency: string | null }) {
  if (sums.length === 0) return currency ? formatMoney(0, currency) : '0';
  if (sums.length === 1 && sums[0]) return formatMoney(sums[0].amount, sums[0].currency);
  return (
    <span className="grid text-lg leading-snug sm:text-xl">
      {sums.map((s) => (
        <span key={s.currency}>{formatMoney(s.amount, s.currency)}</span>
      ))}
    </span>
  );
}

/**
 * Total Projects, Active Risks, Opportunities and Potential Savings of the insights in view. The
 * savings are summed per currency (`savings`); `currency` is the one all the projects share, if any.
 */
export function InsightCounters({
  projects,
  counters,
  savings,
  currency,
}: {
  projects: number | null;
  counters: Counters | null;
  savings: readonly CurrencyAmount[] | null;
  currency: string | null;
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
        value={savings ? <Savings sums={savings} currency={currency} /> : '–'}
        icon={<PiggyBank aria-hidden="true" />}
        tone="text-blue-600"
      />
    </section>
  );
}
