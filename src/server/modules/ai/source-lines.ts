import type { PlanSourceLineDto } from '../../../contracts/ai.js';
import type { EstimatePlan } from '../../../domain/estimate/types.js';

/** The longest line text kept in a plan's answer (the estimate itself is a stored document). */
const LINE_TEXT_MAX = 300;

/** The task each estimate line went into: the first package that lists the line, by its task. */
export function taskOfSourceLine(
  plan: EstimatePlan,
  taskIdOfKey: ReadonlyMap<string, number>,
): Map<number, number> {
  const taskOfLine = new Map<number, number>();
  for (const pkg of plan.packages) {
    const taskId = taskIdOfKey.get(pkg.key);
    if (taskId === undefined) continue;
    for (const line of pkg.sourceLines) if (!taskOfLine.has(line)) taskOfLine.set(line, taskId);
  }
  return taskOfLine;
}

/**
 * Every line of the estimate that carries an amount, with what the reader did with it and why, and
 * for a line of work the task it went into (null when no task took it: the reason says why).
 */
export function planSourceLines(
  plan: EstimatePlan,
  taskIdOfKey: ReadonlyMap<string, number>,
): PlanSourceLineDto[] {
  const taskOfLine = taskOfSourceLine(plan, taskIdOfKey);
  return (plan.document.lines ?? []).map((line) => ({
    line: line.line,
    ...(line.sheet ? { sheet: line.sheet } : {}),
    text: line.text.slice(0, LINE_TEXT_MAX),
    amount: line.amount,
    disposition: line.disposition,
    reason: line.reason,
    taskId:
      line.disposition === 'work' || line.disposition === 'allowance'
        ? (taskOfLine.get(line.line) ?? null)
        : null,
  }));
}
