import type { ProjectBudgetDto } from '@/contracts/budget';
import { Card } from '@/web/components/ui/card';
import { money } from '../lib/budget-view';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-lg font-bold tabular-nums sm:text-2xl">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

/** The original budget and how it divides into work, allowances and charges. */
export function BudgetFigures({ budget }: { budget: ProjectBudgetDto }) {
  const of = (kind: 'work' | 'allowance' | 'charge') =>
    budget.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.originalCents, 0);
  const count = (kind: 'work' | 'allowance' | 'charge') => budget.lines.filter((l) => l.kind === kind).length;
  return (
    <section aria-label="Budget figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure
        label="Original budget"
        value={money(budget.originalCents, budget.currency)}
        hint={`${budget.lines.length} lines from the estimate`}
      />
      <Figure label="Work" value={money(of('work'), budget.currency)} hint={`${count('work')} lines`} />
      <Figure
        label="Allowances"
        value={money(of('allowance'), budget.currency)}
        hint={`${count('allowance')} lines`}
      />
      <Figure label="Charges" value={money(of('charge'), budget.currency)} hint="overhead, profit, tax" />
    </section>
  );
}
