import type {
  ChangeOrderDto,
  ChangeOrderEvent,
  ChangeOrderStatus,
  ScheduleImpactDto,
  TaskChangesInput,
  UpdateChangeOrderInput,
} from '@/contracts/change-orders';
import { formatMoneyExact } from '@/domain/money';

/** Whole cents as the project's money, to the cent. */
export function money(cents: number, currency: string): string {
  return formatMoneyExact(cents / 100, currency);
}

/**
 * Money as typed ("1,250.50", "-300", "$75") to whole cents, without floating point; null when it is
 * not an amount with at most two decimals.
 */
export function parseMoneyCents(typed: string): number | null {
  const text = typed.replace(/[\s,$€£]/g, '');
  const m = /^(-)?(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text) ?? /^(-)?()\.(\d{1,2})$/.exec(text);
  if (!m) return null;
  const whole = Number(m[2] || '0');
  const fraction = Number((m[3] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return m[1] && cents !== 0 ? -cents : cents;
}

/** Cents as the amount field shows them: "1250.50", "-300.00". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Markup as typed in percent ("10", "12.5") to basis points; null when not a percentage with ≤ 2 decimals. */
export function parseMarkupBasisPoints(typed: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(typed.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function markupText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** The markup on a subtotal, rounded half away from zero to the cent (as the server computes it). */
export function markupCents(subtotalCents: number, basisPoints: number): number {
  const raw = (Math.abs(subtotalCents) * basisPoints) / 10_000;
  const rounded = Math.floor(raw + 0.5);
  return subtotalCents < 0 ? -rounded : rounded;
}

export const STATUS_LABELS: Readonly<Record<ChangeOrderStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent for signature',
  approved: 'Approved',
  declined: 'Declined',
  void: 'Void',
};

export const EVENT_LABELS: Readonly<Record<ChangeOrderEvent, string>> = {
  created: 'Created',
  edited: 'Edited',
  sent: 'Sent for signature',
  viewed: 'Opened by the client',
  code_sent: 'Code e-mailed',
  code_verified: 'Code confirmed',
  code_failed: 'Wrong code entered',
  signed: 'Signed',
  approved: 'Approved',
  declined: 'Declined',
  voided: 'Voided',
};

/** "+3 working days", "−2 working days", "no change". */
export function daysText(delta: number): string {
  if (delta === 0) return 'No change';
  const n = Math.abs(delta);
  return `${delta > 0 ? '+' : '−'}${n} working ${n === 1 ? 'day' : 'days'}`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `YYYY-MM-DD` as "Fri, Mar 19, 2027" (a calendar day, not a moment: read in UTC). */
export function longDay(day: string | null): string {
  return day ? dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '—';
}
export function shortDayText(day: string | null): string {
  return day ? shortDay.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '—';
}

/** The impact in one sentence, as the client reads it too. */
export function impactSentence(impact: ScheduleImpactDto): string {
  if (!impact.currentFinish || !impact.newFinish) return 'The project has no scheduled tasks yet.';
  if (impact.workingDaysDelta === 0) return `The finish stays on ${longDay(impact.newFinish)}.`;
  const n = Math.abs(impact.workingDaysDelta);
  const days = `${n} working ${n === 1 ? 'day' : 'days'}`;
  return impact.workingDaysDelta > 0
    ? `The finish moves ${days} later, from ${longDay(impact.currentFinish)} to ${longDay(impact.newFinish)}.`
    : `The finish moves ${days} earlier, from ${longDay(impact.currentFinish)} to ${longDay(impact.newFinish)}.`;
}

// ---- The editor's form ----

export interface LineValues {
  costCodeId: string;
  taskId: string;
  description: string;
  amount: string;
}
export interface AddedTaskValues {
  key: string;
  name: string;
  duration: string;
  /** An existing task it follows (finish to start), or ''. */
  after: string;
  /** An existing task that then follows it, or ''. */
  before: string;
}
export interface DurationValues {
  taskId: string;
  extraDays: string;
}
export interface LinkValues {
  predecessorTaskId: string;
  successorTaskId: string;
  lagDays: string;
}
export interface EditorValues {
  title: string;
  reason: ChangeOrderDto['reason'];
  description: string;
  markup: string;
  lines: LineValues[];
  addedTasks: AddedTaskValues[];
  durationChanges: DurationValues[];
  newLinks: LinkValues[];
}

const id = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The stored change order as the editor's fields. */
export function editorValues(co: ChangeOrderDto): EditorValues {
  const { addedTasks, durationChanges, newLinks } = co.taskChanges;
  const beforeOf = (key: string) =>
    newLinks.find((l) => l.predecessor.newTaskKey === key)?.successorTaskId ?? null;
  return {
    title: co.title,
    reason: co.reason,
    description: co.description,
    markup: markupText(co.markupBasisPoints),
    lines: co.lines.map((l) => ({
      costCodeId: l.costCodeId === null ? '' : String(l.costCodeId),
      taskId: l.taskId === null ? '' : String(l.taskId),
      description: l.description,
      amount: centsText(l.amountCents),
    })),
    addedTasks: addedTasks.map((t) => {
      const after = t.predecessors.find((p) => p.taskId !== undefined)?.taskId;
      const before = beforeOf(t.key);
      return {
        key: t.key,
        name: t.name,
        duration: String(t.duration),
        after: after === undefined ? '' : String(after),
        before: before === null ? '' : String(before),
      };
    }),
    durationChanges: durationChanges.map((d) => ({
      taskId: String(d.taskId),
      extraDays: String(d.extraDays),
    })),
    newLinks: newLinks
      .filter((l) => l.predecessor.taskId !== undefined)
      .map((l) => ({
        predecessorTaskId: String(l.predecessor.taskId),
        successorTaskId: String(l.successorTaskId),
        lagDays: String(l.predecessor.lagDays ?? 0),
      })),
  };
}

/**
 * The task changes the fields describe, leaving out rows not filled in yet (no task chosen, no name,
 * days not a number): what the live impact is computed on while the user types.
 */
export function taskChangesOf(values: Pick<EditorValues, 'addedTasks' | 'durationChanges' | 'newLinks'>) {
  const addedTasks: NonNullable<TaskChangesInput['addedTasks']> = [];
  const newLinks: NonNullable<TaskChangesInput['newLinks']> = [];
  for (const t of values.addedTasks) {
    const duration = whole(t.duration);
    if (!t.name.trim() || duration === null || duration < 0) continue;
    const after = id(t.after);
    addedTasks.push({
      key: t.key,
      name: t.name.trim(),
      duration,
      predecessors: after === null ? [] : [{ taskId: after, type: 'FS', lagDays: 0 }],
    });
    const before = id(t.before);
    if (before !== null)
      newLinks.push({ successorTaskId: before, predecessor: { newTaskKey: t.key, type: 'FS', lagDays: 0 } });
  }
  const durationChanges = values.durationChanges.flatMap((d) => {
    const taskId = id(d.taskId);
    const extraDays = whole(d.extraDays);
    return taskId === null || extraDays === null || extraDays < 1 ? [] : [{ taskId, extraDays }];
  });
  for (const l of values.newLinks) {
    const predecessor = id(l.predecessorTaskId);
    const successor = id(l.successorTaskId);
    const lagDays = whole(l.lagDays || '0');
    if (predecessor === null || successor === null || lagDays === null) continue;
    newLinks.push({ successorTaskId: successor, predecessor: { taskId: predecessor, type: 'FS', lagDays } });
  }
  return { addedTasks, durationChanges, newLinks };
}

/** Per-field messages of rows the user filled in wrong (a blank row is only left out). */
export type EditorErrors = Record<string, string>;

/** The PATCH body of the fields, or the messages of the fields that cannot be saved as typed. */
export function editorBody(
  values: EditorValues,
): { ok: true; body: UpdateChangeOrderInput } | { ok: false; errors: EditorErrors } {
  const errors: EditorErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  const markup = parseMarkupBasisPoints(values.markup || '0');
  if (markup === null || markup > 10_000) errors.markup = 'Markup is a percentage from 0 to 100';
  const lines = values.lines.map((l, i) => {
    const amountCents = parseMoneyCents(l.amount);
    if (!l.description.trim()) errors[`lines.${i}.description`] = 'Line description is required';
    if (amountCents === null) errors[`lines.${i}.amount`] = 'Amount is a sum of money, like 1250.50';
    return {
      costCodeId: id(l.costCodeId),
      taskId: id(l.taskId),
      description: l.description.trim(),
      amountCents: amountCents ?? 0,
    };
  });
  values.addedTasks.forEach((t, i) => {
    if (!t.name.trim()) errors[`addedTasks.${i}.name`] = 'Task name is required';
    const d = whole(t.duration);
    if (d === null || d < 0)
      errors[`addedTasks.${i}.duration`] = 'Duration is a whole number of working days';
  });
  values.durationChanges.forEach((d, i) => {
    if (id(d.taskId) === null) errors[`durationChanges.${i}.taskId`] = 'Choose the task';
    const n = whole(d.extraDays);
    if (n === null || n < 1) errors[`durationChanges.${i}.extraDays`] = 'At least 1 working day';
  });
  values.newLinks.forEach((l, i) => {
    if (id(l.predecessorTaskId) === null) errors[`newLinks.${i}.predecessorTaskId`] = 'Choose the task';
    if (id(l.successorTaskId) === null) errors[`newLinks.${i}.successorTaskId`] = 'Choose the task';
    if (l.predecessorTaskId && l.predecessorTaskId === l.successorTaskId)
      errors[`newLinks.${i}.successorTaskId`] = 'A task cannot follow itself';
    if (whole(l.lagDays || '0') === null) errors[`newLinks.${i}.lagDays`] = 'Lag is a whole number of days';
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title: values.title.trim(),
      reason: values.reason,
      description: values.description.trim(),
      markupBasisPoints: markup ?? 0,
      lines,
      taskChanges: taskChangesOf(values),
    },
  };
}

/** The subtotal, markup and total of the lines as typed (rows whose amount is not money count 0). */
export function editorTotals(values: Pick<EditorValues, 'lines' | 'markup'>) {
  const subtotal = values.lines.reduce((sum, l) => sum + (parseMoneyCents(l.amount) ?? 0), 0);
  const markup = markupCents(subtotal, parseMarkupBasisPoints(values.markup || '0') ?? 0);
  return { subtotal, markup, total: subtotal + markup };
}

/** A key for an added task, unique among the change order's. */
export function nextTaskKey(existing: readonly { key: string }[]): string {
  let n = existing.length + 1;
  while (existing.some((t) => t.key === `new-${n}`)) n++;
  return `new-${n}`;
}
