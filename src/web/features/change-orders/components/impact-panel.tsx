import { CalendarClock } from 'lucide-react';
import type { ScheduleImpactDto } from '@/contracts/change-orders';
import { Spinner } from '@/web/components/ui/spinner';
import { apiFailureReason } from '@/web/lib/api-client';
import { daysText, impactSentence, longDay, shortDayText } from '../lib/change-order-view';

function Moves({ impact }: { impact: ScheduleImpactDto }) {
  if (impact.movedCriticalTasks.length === 0)
    return <p className="text-sm text-muted-foreground">No critical task moves.</p>;
  return (
    <ul
      aria-label="Critical tasks that move"
      className="divide-y divide-border rounded-md border border-border"
    >
      {impact.movedCriticalTasks.map((move) => (
        <li key={move.taskId ?? `new-${move.newTaskKey}`} className="grid gap-0.5 px-3 py-2 text-sm">
          <span className="font-medium break-words">
            {move.name}
            {move.taskId === null && (
              <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
                Added
              </span>
            )}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {move.oldEnd ? `${shortDayText(move.oldStart)}–${shortDayText(move.oldEnd)} → ` : ''}
            {shortDayText(move.newStart)}–{shortDayText(move.newEnd)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The schedule impact of a change order: the project's CPM run with the change applied. The new
 * finish, the working days it moves and the critical tasks whose dates move, announced as it changes.
 */
export function ImpactPanel({
  impact,
  pending,
  error,
  live,
}: {
  impact: ScheduleImpactDto | null | undefined;
  pending: boolean;
  error: unknown;
  /** Whether it follows the fields as they are edited (else it is the stored figure). */
  live: boolean;
}) {
  return (
    <section
      aria-labelledby="impact-heading"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="impact-heading" className="flex items-center gap-2 text-base font-semibold">
          <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
          Schedule impact
        </h2>
        {pending && <Spinner className="size-4" label="Working out the schedule" />}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {apiFailureReason(error) ?? 'The schedule could not be worked out with this change.'}
        </p>
      ) : null}
      {impact && (
        <div aria-live={live ? 'polite' : undefined} className="grid gap-3">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-muted-foreground">New finish</dt>
              <dd data-testid="impact-new-finish" className="text-base font-semibold tabular-nums">
                {longDay(impact.newFinish)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Working days</dt>
              <dd
                data-testid="impact-days"
                className={
                  impact.workingDaysDelta > 0
                    ? 'text-base font-semibold text-red-700'
                    : impact.workingDaysDelta < 0
                      ? 'text-base font-semibold text-green-700'
                      : 'text-base font-semibold'
                }
              >
                {daysText(impact.workingDaysDelta)}
              </dd>
            </div>
          </dl>
          <p className="text-sm">{impactSentence(impact)}</p>
          <Moves impact={impact} />
        </div>
      )}
      {!impact && !error && !pending && (
        <p className="text-sm text-muted-foreground">The schedule impact could not be worked out.</p>
      )}
      {live && (
        <p className="text-xs text-muted-foreground">
          Worked out on the project&apos;s schedule and calendar as you edit; nothing changes until the change
          order is approved.
        </p>
      )}
    </section>
  );
}
