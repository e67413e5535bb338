import { cpuTimeOf } from './cpu-time.js';

/**
 * The time budget of one read in a reader process. It counts the CPU time the reader itself uses,
 * so a normal file is not refused because the machine is busy: a read that waits for a core takes
 * longer on the clock but no more CPU. Waits for text recognition cost the reader no CPU (the
 * server's OCR workers do that work), so they are not counted either.
 *
 * A process that is stuck without using CPU would never spend its budget, so the clock time of the
 * read (again without the recognition waits) has a ceiling, several budgets long. Where the CPU time
 * of a process can't be read (no `/proc`), the budget is counted in clock time instead.
 */

export interface ReadLimits {
  /** CPU time the reader may spend on the read. */
  budgetMs: number;
  /** Clock time the read may take, whatever CPU it used. */
  wallCeilingMs: number;
}

export interface ReadBudget {
  /** The reader asked for text recognition and waits for it. */
  ocrWaitStarted(): void;
  /** A recognition the reader waited for has answered. */
  ocrWaitEnded(): void;
  /** The limit the read has gone over, or `undefined` while it is within its budget. */
  exceeded(): BudgetExceeded | undefined;
}

export interface BudgetExceeded {
  /** What was measured against the limit: the reader's CPU time, or the clock. */
  measure: 'cpu' | 'wall';
  limitMs: number;
  /** The reader's CPU time so far (`undefined` where it can't be read). */
  cpuMs: number | undefined;
  /** Clock time so far, without the recognition waits. */
  wallMs: number;
}

export interface BudgetClocks {
  cpuTimeOf(pid: number): number | undefined;
  now(): number;
}

const realClocks: BudgetClocks = { cpuTimeOf, now: () => performance.now() };

/** Clock time since the start, without the time spent waiting for text recognition. */
function wallClockWithoutOcr(now: () => number) {
  const started = now();
  let waiting = 0;
  let waitStarted = 0;
  let waited = 0;
  return {
    waitStarted() {
      if (waiting++ === 0) waitStarted = now();
    },
    waitEnded() {
      if (--waiting === 0) waited += now() - waitStarted;
    },
    elapsed() {
      const current = now();
      return current - started - waited - (waiting > 0 ? current - waitStarted : 0);
    },
  };
}

/**
 * CPU time the process has used since this call. A reading that fails later (the process is
 * exiting) keeps the last one, so a read is never judged on a missing number.
 */
function cpuSinceNow(pid: number | undefined, read: BudgetClocks['cpuTimeOf']) {
  const atStart = pid === undefined ? undefined : read(pid);
  if (pid === undefined || atStart === undefined) return undefined;
  let last = atStart;
  return () => {
    last = read(pid) ?? last;
    return last - atStart;
  };
}

/** Starts the budget of a read that the process `pid` is about to begin. */
export function startReadBudget(
  pid: number | undefined,
  { budgetMs, wallCeilingMs }: ReadLimits,
  clocks: BudgetClocks = realClocks,
): ReadBudget {
  const wall = wallClockWithoutOcr(clocks.now);
  const cpu = cpuSinceNow(pid, clocks.cpuTimeOf);
  return {
    ocrWaitStarted: wall.waitStarted,
    ocrWaitEnded: wall.waitEnded,
    exceeded() {
      const wallMs = wall.elapsed();
      if (!cpu) {
        return wallMs > budgetMs
          ? { measure: 'wall', limitMs: budgetMs, cpuMs: undefined, wallMs }
          : undefined;
      }
      const cpuMs = cpu();
      if (cpuMs > budgetMs) return { measure: 'cpu', limitMs: budgetMs, cpuMs, wallMs };
      if (wallMs > wallCeilingMs) return { measure: 'wall', limitMs: wallCeilingMs, cpuMs, wallMs };
      return undefined;
    },
  };
}
