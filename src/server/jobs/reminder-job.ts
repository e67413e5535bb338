import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { remindersService } from '../modules/updates/reminders.service.js';

export interface ReminderJob {
  /** Runs one scan now (after any scan in progress); answers how many reminders it mailed. */
  runOnce(): Promise<number>;
  /** Stops scheduling scans and waits for the one in progress. */
  stop(): Promise<void>;
}

/**
 * Mails due reminders every `intervalMs`, in this server process. Safe with several servers on one
 * PostgreSQL database: each scan claims its reminders atomically (see remindersRepo.claimDue), so
 * each reminder is mailed by one server. Scans never overlap within a server, and a failed scan is
 * logged and retried at the next tick.
 */
export function startReminderJob(ctx: AppContext, log: FastifyBaseLogger, intervalMs: number): ReminderJob {
  const reminders = remindersService(ctx);
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const scan = (): Promise<number> => {
    running = running
      .catch(() => 0)
      .then(() => (stopped ? 0 : reminders.sendDue(log)))
      .catch((err: unknown) => {
        log.error({ err }, 'reminder scan failed');
        return 0;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void scan().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce: scan,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
