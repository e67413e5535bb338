import { DELAY_CAUSE_LABELS, type DelayDto } from '@/contracts/delays';
import { delayDay } from '../lib/delay-report';
import { CriticalBadge, Moved, RemoveDelay } from './delay-parts';
import './delays-print.css';

function DelayRow({ delay }: { delay: DelayDto }) {
  return (
    <tr data-testid="delay-row" className="border-t border-border align-top">
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{delayDay.long(delay.date)}</td>
      <td className="px-3 py-2">
        <span className="font-medium">{delay.taskName}</span>
        {delay.note && <span className="block text-xs break-words text-muted-foreground">{delay.note}</span>}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{DELAY_CAUSE_LABELS[delay.cause]}</td>
      <td className="px-3 py-2 text-right tabular-nums">{delay.days}</td>
      <td className="px-3 py-2">
        <CriticalBadge wasCritical={delay.wasCritical} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {delayDay.short(delay.finishBefore)} → {delayDay.short(delay.finishAfter)}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        <Moved days={delay.finishMovedDays} />
      </td>
      <td className="px-3 py-2 text-muted-foreground">{delay.recordedBy ?? '—'}</td>
      <td className="px-1 py-1 print:hidden">
        <RemoveDelay delay={delay} />
      </td>
    </tr>
  );
}

/** The delays, one row each: what happened, whether its task was critical, how far the finish moved. */
export function DelayTable({ delays }: { delays: readonly DelayDto[] }) {
  return (
    <div className="delays-sheet relative hidden overflow-x-auto sm:block print:block rounded-lg border border-border bg-card shadow-sm">
      <table className="delays-table w-full min-w-[52rem] text-sm">
        <caption className="sr-only">Recorded delays</caption>
        <thead className="bg-muted/50 text-left text-xs font-semibold text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Task and note
            </th>
            <th scope="col" className="px-3 py-2">
              Cause
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Days
            </th>
            <th scope="col" className="px-3 py-2">
              When it happened
            </th>
            <th scope="col" className="px-3 py-2">
              Finish
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Moved
            </th>
            <th scope="col" className="px-3 py-2">
              Recorded by
            </th>
            <th scope="col" className="px-1 py-2 print:hidden">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {delays.map((delay) => (
            <DelayRow key={delay.id} delay={delay} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
