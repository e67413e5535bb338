/**
 * The background refresh of a company's insights after schedule changes (the app's `insightsRefresh`,
 * made in buildApp): a schedule write only asks for it; the refresh runs later, in its own
 * transaction, once the writes that asked for it have committed. See README.md beside this file.
 */
import type { InsightsRefresh } from '../../context.js';
import type { Db } from '../../db/client.js';
import { insightsRepo } from './insights.repo.js';
import { createRefreshQueue } from './refresh-queue.js';

/** How long a company's first request waits for more edits to join it (a Gantt drag makes several). */
export const INSIGHTS_REFRESH_DELAY_MS = 2000;
/** How often a refresh looks again whether the transactions that asked for it have ended. */
const WRITERS_POLL_MS = 100;

/** The one method of the app's logger used here. */
export interface WarnLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface InsightsRefreshOptions {
  db: Db;
  /** Brings the company's insights up to date in a transaction of its own. */
  refresh: (companyId: number) => Promise<void>;
  /** Where a failed refresh is reported; without one, a process warning. */
  log?: WarnLog | undefined;
  delayMs?: number;
  pollMs?: number;
  /** Which of these transactions are still open (tests watch it); the database's answer by default. */
  inProgress?: (xids: readonly string[]) => Promise<string[]>;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createInsightsRefresh(options: InsightsRefreshOptions): InsightsRefresh {
  const { db, refresh, log } = options;
  const pollMs = options.pollMs ?? WRITERS_POLL_MS;
  const inProgress = options.inProgress ?? ((xids) => insightsRepo.transactionsInProgress(db, xids));
  /** Per company, the transactions whose changes the next refresh must see (committed first). */
  const writers = new Map<number, Set<string>>();
  let stopped = false;

  /**
   * Waits until none of these transactions is open any more. A refresh that started while they were
   * would read the data from before their changes; reading after they ended sees them (or nothing of
   * a rolled-back one). On PGlite every query waits for the open transaction anyway.
   */
  async function writersEnded(xids: readonly string[], signal: AbortSignal) {
    let open = xids;
    while (open.length > 0) {
      open = await inProgress(open);
      if (open.length > 0) await pause(pollMs, signal);
    }
  }

  const queue = createRefreshQueue<number>({
    delayMs: options.delayMs ?? INSIGHTS_REFRESH_DELAY_MS,
    async run(companyId, signal) {
      const waitFor = [...(writers.get(companyId) ?? [])];
      writers.delete(companyId);
      await writersEnded(waitFor, signal);
      await refresh(companyId);
    },
    onError(companyId, err) {
      if (log) {
        log.warn({ err, companyId }, 'Insights were not refreshed after a schedule change');
        return;
      }
      const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : '';
      process.emitWarning(`Insights were not refreshed after a schedule change: ${String(err)}${cause}`);
    },
  });

  return {
    async requestAfterCommit(tx, companyId) {
      if (stopped) return;
      const xid = await insightsRepo.writingTransactionId(tx);
      if (xid) {
        const set = writers.get(companyId) ?? new Set<string>();
        set.add(xid);
        writers.set(companyId, set);
      }
      queue.request(companyId);
    },
    request: (companyId) => queue.request(companyId),
    idle: () => queue.idle(),
    async stop() {
      stopped = true;
      await queue.stop();
      writers.clear();
    },
  };
}
