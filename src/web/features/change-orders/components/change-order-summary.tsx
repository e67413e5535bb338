import type { ChangeOrderDto } from '@/contracts/change-orders';
import { CHANGE_ORDER_REASON_LABELS } from '@/contracts/change-orders';
import type { TaskChoice } from '../api/get-choices';
import { markupText, money } from '../lib/change-order-view';

/** The priced lines of a change order that is no longer a draft, with the markup and the total. */
export function LinesSummary({ co }: { co: ChangeOrderDto }) {
  return (
    <section aria-labelledby="co-lines" className="rounded-lg border border-border bg-card shadow-sm">
      <h2 id="co-lines" className="border-b border-border px-4 py-3 text-base font-semibold">
        Priced lines
      </h2>
      {co.lines.length === 0 && <p className="px-4 py-3 text-sm text-muted-foreground">No priced lines.</p>}
      <ul className="divide-y divide-border">
        {co.lines.map((line) => (
          <li
            key={line.id}
            className="grid gap-1 px-4 py-2.5 sm:grid-cols-[minmax(0,1fr)_12rem_9rem] sm:items-baseline sm:gap-3"
          >
            <p className="text-sm break-words">
              {line.description}
              {line.taskName && (
                <span className="block text-xs text-muted-foreground">Task: {line.taskName}</span>
              )}
            </p>
            <div className="flex items-baseline gap-2 sm:contents">
              <p className="min-w-0 truncate text-xs text-muted-foreground sm:text-sm">
                {line.costCode ? `${line.costCode} ${line.costCodeName ?? ''}` : 'No code'}
              </p>
              <p className="ml-auto shrink-0 text-sm font-medium tabular-nums sm:ml-0 sm:text-right">
                {money(line.amountCents, co.currency)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-border px-4 py-3 text-sm tabular-nums">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd className="text-right">{money(co.subtotalCents, co.currency)}</dd>
        <dt className="text-muted-foreground">Markup ({markupText(co.markupBasisPoints)} %)</dt>
        <dd className="text-right">{money(co.markupCents, co.currency)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{money(co.totalCents, co.currency)}</dd>
      </dl>
    </section>
  );
}

/** What the change order does to the tasks, in words. */
export function TaskChangesSummary({ co, tasks }: { co: ChangeOrderDto; tasks: readonly TaskChoice[] }) {
  const name = (id: number | undefined) =>
    id === undefined ? undefined : (tasks.find((t) => t.id === id)?.name ?? `Task ${id}`);
  const addedName = (key: string | undefined) =>
    co.taskChanges.addedTasks.find((t) => t.key === key)?.name ?? key;
  const { addedTasks, durationChanges, newLinks } = co.taskChanges;
  const items = [
    ...durationChanges.map(
      (d) => `${name(d.taskId)} takes ${d.extraDays} more working ${d.extraDays === 1 ? 'day' : 'days'}`,
    ),
    ...addedTasks.map((t) => {
      const after = t.predecessors.map((p) => name(p.taskId) ?? addedName(p.newTaskKey)).join(', ');
      return `New task ${t.name} (${t.duration} working ${t.duration === 1 ? 'day' : 'days'})${after ? ` after ${after}` : ''}`;
    }),
    ...newLinks.map((l) => {
      const before = name(l.predecessor.taskId) ?? addedName(l.predecessor.newTaskKey);
      return `${name(l.successorTaskId)} starts after ${before}${l.predecessor.lagDays ? ` + ${l.predecessor.lagDays} days` : ''}`;
    }),
  ];
  return (
    <section
      aria-labelledby="co-tasks"
      className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <h2 id="co-tasks" className="text-base font-semibold">
        Affected tasks
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">The change order does not change the schedule.</p>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reason and the words the client reads. */
export function AboutSummary({ co }: { co: ChangeOrderDto }) {
  return (
    <section
      aria-labelledby="co-about"
      className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-sm"
    >
      <h2 id="co-about" className="text-base font-semibold">
        The change
      </h2>
      <p className="text-sm">
        <span className="text-muted-foreground">Reason: </span>
        {CHANGE_ORDER_REASON_LABELS[co.reason]}
      </p>
      {co.description && <p className="text-sm whitespace-pre-line break-words">{co.description}</p>}
      {co.declinedReason && (
        <p className="text-sm">
          <span className="text-muted-foreground">Declined: </span>
          {co.declinedReason}
        </p>
      )}
      {co.voidReason && (
        <p className="text-sm">
          <span className="text-muted-foreground">Voided: </span>
          {co.voidReason}
        </p>
      )}
    </section>
  );
}
