/**
 * The lease of a running plan generation. A run renews it with a heartbeat (the row's `updated_at`)
 * while it works; a running row whose run is not in this server and whose heartbeat fell silent for
 * longer than the lease has died with its server: readers write it failed and the next request for
 * the same estimate takes it over. Which run a row belongs to is told by its `created_at` (see
 * `GenerationRun`), so a run given up for dead cannot write over its successor.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { aiRepo, type GenerationRun, type PlanGenerationRow } from './ai.repo.js';

/** How often a running generation renews its lease (the row's `updated_at`). */
const HEARTBEAT_MS = 1_000;
/**
 * A running generation not heard from for this long, and not running in this process, has died
 * with its server: it is reported failed and the next request for the same estimate takes it over.
 */
export const LEASE_MS = 10_000;
/** What the overlay shows for a generation whose server stopped in the middle of it. */
const STOPPED_MESSAGE = 'The plan generation stopped unexpectedly; try again.';

/** A run holding its lease: its heartbeat beats and this server counts it as alive. */
export interface HeldLease {
  /** Stops the heartbeat and waits for a beat still being written. */
  stopHeartbeat(): Promise<void>;
  /** This server no longer runs the generation: from now on only its heartbeat speaks for it. */
  release(): void;
}

/** The leases of one app: make it once, beside the service, so every request shares its runs. */
export function planLeases(ctx: AppContext) {
  const { db } = ctx;
  /**
   * The generations this server is running now. Its own runs are alive whatever their heartbeat
   * says: on PGlite the heartbeat waits behind the plan's transaction on the one connection, so a
   * long transaction leaves the row silent while the run is well.
   */
  const runningHere = new Set<number>();

  /** The moment before which a running generation's last heartbeat means it has died. */
  const cutoff = (now: Date) => new Date(now.getTime() - LEASE_MS);

  /** A running generation with no live run in this process and no heartbeat within the lease. */
  function isAbandoned(row: PlanGenerationRow, now: Date): boolean {
    return row.status === 'running' && !runningHere.has(row.id) && row.updatedAt < cutoff(now);
  }

  /**
   * Renews the run's lease every HEARTBEAT_MS until the returned function stops it. The writes go
   * through the base handle, never the plan's transaction: on PostgreSQL each takes a pooled
   * connection of its own and commits at once while the transaction is still open. A beat still
   * waiting (on PGlite, for the transaction to end) is not joined by another.
   */
  function startHeartbeat(companyId: number, run: GenerationRun, log: FastifyBaseLogger) {
    let beating: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (beating) return;
      beating = aiRepo
        .heartbeat(db, companyId, run, ctx.now())
        .catch((err: unknown) => log.warn({ err, generationId: run.id }, 'plan heartbeat not written'))
        .finally(() => {
          beating = undefined;
        });
    }, HEARTBEAT_MS);
    // The heartbeat alone never keeps the process alive.
    timer.unref();
    return async () => {
      clearInterval(timer);
      await beating;
    };
  }

  return {
    cutoff,
    isAbandoned,

    /** Takes the lease of a claimed run: counts it as running here and starts its heartbeat. */
    hold(companyId: number, run: GenerationRun, log: FastifyBaseLogger): HeldLease {
      runningHere.add(run.id);
      const stopHeartbeat = startHeartbeat(companyId, run, log);
      return {
        stopHeartbeat,
        release: () => {
          runningHere.delete(run.id);
        },
      };
    },

    /**
     * The row as every reader should see it: a generation whose server died is written failed (so
     * other servers and requests agree), unless a heartbeat renewed it in the meantime.
     */
    async settle(companyId: number, row: PlanGenerationRow): Promise<PlanGenerationRow> {
      const now = ctx.now();
      if (!isAbandoned(row, now)) return row;
      const failed = await aiRepo.failSilent(db, companyId, row.id, cutoff(now), STOPPED_MESSAGE);
      if (failed) return failed;
      return (await aiRepo.findById(db, companyId, row.id)) ?? row;
    },
  };
}
