import { DELAY_CAUSE_LABELS, type DelayDto } from '@/contracts/delays';
import { delayDay } from '../lib/delay-report';
import { CriticalBadge, Moved, RemoveDelay } from './delay-parts';

/** The delays on a phone: one card each, with what the table's columns show. */
export function DelayCards({ delays }: { delays: readonly DelayDto[] }) {
  return (
    <ul className="grid gap-3 sm:hidden print:hidden" aria-label="Recorded delays">
      {delays.map((delay) => (
        <li
          key={delay.id}
          data-testid="delay-card"
          className="rounded-lg border border-border bg-card p-4 shadow-sm"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">
                {delayDay.long(delay.date)} · {DELAY_CAUSE_LABELS[delay.cause]}
              </p>
              <p className="font-medium break-words">{delay.taskName}</p>
            </div>
            <RemoveDelay delay={delay} />
          </div>
          {delay.note && <p className="mt-1 text-sm break-words text-muted-foreground">{delay.note}</p>}
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <CriticalBadge wasCritical={delay.wasCritical} />
            <span className="tabular-nums">
              {delay.days} day{delay.days === 1 ? '' : 's'}
            </span>
            <span className="tabular-nums">
              Finish {delayDay.short(delay.finishBefore)} → {delayDay.short(delay.finishAfter)}
            </span>
            <Moved days={delay.finishMovedDays} />
          </div>
          {delay.recordedBy && (
            <p className="mt-2 text-xs text-muted-foreground">Recorded by {delay.recordedBy}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
