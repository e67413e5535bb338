/**
 * The time budget of a text recognition, counted in CPU time rather than on the clock, so a normal
 * scan is not refused because the machine is busy: a recognition that waits for a core takes longer
 * on the clock but no more work.
 *
 * Recognition runs in worker threads of the server process, and the CPU time of one thread can't be
 * told apart from the others', so every recognition running at a moment is charged an equal share of
 * the CPU time the whole process uses in that moment. Work the process does beside recognition is
 * charged too, which errs on the side of stopping a recognition early, never late.
 *
 * A worker stuck without using CPU would never spend its budget, so the clock time of a recognition
 * has a ceiling, several budgets long.
 */

export interface OcrLimits {
  /** CPU time a recognition may be charged. */
  budgetMs: number;
  /** Clock time it may take, whatever CPU it used. */
  wallCeilingMs: number;
}

export interface OcrClocks {
  /** CPU time (user + system, all threads) the process has used so far, in milliseconds. */
  processCpuMs(): number;
  now(): number;
}

export interface OcrOverrun {
  measure: 'cpu' | 'wall';
  limitMs: number;
  cpuMs: number;
  wallMs: number;
}

export interface OcrCharge {
  /** The limit the recognition has gone over, or `undefined` while it is within its budget. */
  exceeded(): OcrOverrun | undefined;
  /** The recognition has finished: it is charged no more. */
  end(): void;
}

/** A recognition's clock ceiling, in budgets. */
export const OCR_WALL_CEILING_BUDGETS = 5;

const realClocks: OcrClocks = {
  processCpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
  now: () => performance.now(),
};

/** Shares the process's CPU time among the recognitions running in it. */
export function createOcrCpuShare(clocks: OcrClocks = realClocks) {
  const running = new Set<{ cpuMs: number }>();
  let lastCpu = clocks.processCpuMs();

  /** Hands the CPU time used since the last look to the recognitions running meanwhile. */
  function settle() {
    const cpu = clocks.processCpuMs();
    const used = cpu - lastCpu;
    lastCpu = cpu;
    if (running.size === 0) return;
    for (const charge of running) charge.cpuMs += used / running.size;
  }

  return {
    /** A recognition starts now. */
    start({ budgetMs, wallCeilingMs }: OcrLimits): OcrCharge {
      settle();
      const charge = { cpuMs: 0 };
      running.add(charge);
      const startedAt = clocks.now();
      return {
        exceeded() {
          if (running.has(charge)) settle();
          const wallMs = clocks.now() - startedAt;
          if (charge.cpuMs > budgetMs)
            return { measure: 'cpu', limitMs: budgetMs, cpuMs: charge.cpuMs, wallMs };
          if (wallMs > wallCeilingMs)
            return { measure: 'wall', limitMs: wallCeilingMs, cpuMs: charge.cpuMs, wallMs };
          return undefined;
        },
        end() {
          if (!running.has(charge)) return;
          settle();
          running.delete(charge);
        },
      };
    },
  };
}

export type OcrCpuShare = ReturnType<typeof createOcrCpuShare>;
