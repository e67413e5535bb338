/**
 * A worker process of the fault drills: it runs the "mail" jobs of one queue and says on stdout
 * when each starts and when its mail is written, so the bench can SIGKILL it in the middle of one.
 * A mail is a row in `mails` written after the job's hold, standing for a message leaving the
 * server: a job killed during its hold has sent nothing yet; one killed during the hold after its
 * mail has sent it but is not recorded done.
 *
 *   node --import tsx scripts/job-queue-bench/worker.ts '<json WorkerConfig>'
 */
import { openQueue, type QueueKind, type Target } from './queues.js';

export interface WorkerConfig {
  kind: QueueKind;
  target: Target;
  queue: string;
  holdMs: number;
  /** How long the job goes on after its mail before it returns (the drill kills it then). */
  holdAfterMs?: number;
  concurrency: number;
  leaseSeconds: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as WorkerConfig;
const say = (line: string) => process.stdout.write(`${line}\n`);

const q = await openQueue(config.kind, config.target, config.concurrency + 3, {
  leaseSeconds: config.leaseSeconds,
  batchSize: 1,
  onError: (err) => say(`error ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`),
});
await q.work(config.queue, config.concurrency, async (key) => {
  say(`started ${key}`);
  await new Promise((resolve) => setTimeout(resolve, config.holdMs));
  await q.sql.query(`insert into ${q.ns}.mails (key, worker) values ($1, $2)`, [key, process.pid]);
  say(`mailed ${key}`);
  if (config.holdAfterMs) await new Promise((resolve) => setTimeout(resolve, config.holdAfterMs));
});
say('ready');
// Runs until the bench kills it (SIGKILL in the drills, SIGTERM when it is done).
process.on('SIGTERM', () => {
  void q.close().finally(() => process.exit(0));
});
