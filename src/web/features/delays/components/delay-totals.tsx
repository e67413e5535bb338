import { DELAY_CAUSE_LABELS, type DelayDto } from '@/contracts/delays';
import { Card } from '@/web/components/ui/card';
import { delayTotals, movedLabel } from '../lib/delay-report';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

/** The figures a time-extension request starts from, and the totals per cause. */
export function DelayTotals({ delays }: { delays: readonly DelayDto[] }) {
  const totals = delayTotals(delays);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-label="Delay figures" className="grid grid-cols-3 gap-3">
        <Figure
          label="Delays"
          value={String(totals.events)}
          hint={`${totals.critical} on the critical path`}
        />
        <Figure label="Days lost" value={String(totals.days)} hint="working days on tasks" />
        <Figure
          label="Finish moved"
          value={movedLabel(totals.finishMovedDays)}
          hint="working days, as recorded"
        />
      </section>
      <section
        aria-label="Totals per cause"
        className="delays-sheet relative rounded-lg border border-border bg-card shadow-sm"
      >
        <table className="delays-table w-full text-sm">
          <caption className="sr-only">Totals per cause</caption>
          <thead className="text-left text-xs font-semibold text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Cause
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Delays
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Days
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Finish moved
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.lines.map((line) => (
              <tr key={line.cause} data-testid="cause-total" className="border-t border-border">
                <td className="px-3 py-1.5">{DELAY_CAUSE_LABELS[line.cause]}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{line.events}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{line.days}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{movedLabel(line.finishMovedDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
