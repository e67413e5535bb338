import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { BudgetLineDto, ProjectBudgetDto } from '@/contracts/budget';
import { COST_TYPE_LABELS, codeGroups, KIND_LABELS, money } from '../lib/budget-view';

function LineRow({
  line,
  currency,
  projectId,
}: {
  line: BudgetLineDto;
  currency: string;
  projectId: number;
}) {
  return (
    <li className="grid gap-1 px-4 py-2.5 sm:grid-cols-[minmax(0,1fr)_14rem_7rem_9rem] sm:items-baseline sm:gap-3">
      <p className="text-sm break-words">
        {line.description}
        {line.kind !== 'work' && (
          <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
            {KIND_LABELS[line.kind]}
          </span>
        )}
      </p>
      {/* On a phone the task, the type and the amount share one line under the words. */}
      <div className="flex items-baseline gap-2 sm:contents">
        <p className="min-w-0 truncate text-xs text-muted-foreground sm:text-sm">
          {line.taskId && line.taskName ? (
            <Link
              className="underline-offset-2 hover:underline"
              to={`/projects/${projectId}/tasks/${line.taskId}`}
            >
              {line.taskName}
            </Link>
          ) : (
            'No task'
          )}
        </p>
        <p className="shrink-0 text-xs text-muted-foreground sm:text-sm">
          <span aria-hidden="true" className="sm:hidden">
            ·{' '}
          </span>
          {COST_TYPE_LABELS[line.costType]}
        </p>
        <p className="ml-auto shrink-0 text-sm font-medium tabular-nums sm:ml-0 sm:text-right">
          {money(line.originalCents, currency)}
        </p>
      </div>
    </li>
  );
}

/**
 * The budget by cost code: each code with its total, opened to the estimate lines behind it (their
 * task, cost type and amount). A code's total is the sum of its lines, and the codes' totals the
 * original budget, to the cent.
 */
export function BudgetByCode({ budget }: { budget: ProjectBudgetDto }) {
  const groups = codeGroups(budget);
  return (
    <section aria-labelledby="budget-by-code" className="rounded-lg border border-border bg-card shadow-sm">
      <h2 id="budget-by-code" className="border-b border-border px-4 py-3 text-base font-semibold">
        By cost code
      </h2>
      <ul className="divide-y divide-border">
        {groups.map((group) => (
          <li key={group.key}>
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
                />
                <span className="w-8 shrink-0 font-mono text-sm text-muted-foreground sm:w-12">
                  {group.code ?? '—'}
                </span>
                <span className="min-w-0 flex-1 text-sm font-medium break-words">
                  {group.name}
                  <span className="ml-2 text-xs font-normal text-muted-foreground">
                    {group.lines.length} {group.lines.length === 1 ? 'line' : 'lines'}
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {money(group.originalCents, budget.currency)}
                </span>
              </summary>
              <ul className="divide-y divide-border border-t border-border bg-muted/20">
                {group.lines.map((line) => (
                  <LineRow
                    key={line.id}
                    line={line}
                    currency={budget.currency}
                    projectId={budget.projectId}
                  />
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm font-semibold">
        <span>Original budget</span>
        <span className="tabular-nums">{money(budget.originalCents, budget.currency)}</span>
      </p>
    </section>
  );
}
