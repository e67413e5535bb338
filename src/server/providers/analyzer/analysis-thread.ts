/**
 * The built-in analysis off the server's event loop. Reading and sequencing an estimate is pure
 * computation that grows with its lines (a workbook of tens of thousands of lines takes minutes);
 * run on the server's own thread it would stop every other request meanwhile, the plan job's
 * heartbeat included. It runs in a worker thread instead, one estimate at a time, with a memory
 * ceiling of its own: an estimate too large to analyse costs the thread, never the server.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EstimatePlan, EstimateToPlanOptions } from '../../../domain/estimate/types.js';
import { AppError } from '../../errors.js';
import type { AnalysisReply, AnalysisRequest } from './analysis-protocol.js';

/** The thread's heap: a 40,000-line workbook's reading fits with room to spare. */
const HEAP_MB = 1536;

/**
 * Lines of text an estimate may have to be planned: far more than any job's estimate (the largest
 * real workbooks read to a few thousand lines), few enough that its analysis ends in minutes.
 */
export const MAX_ANALYSED_LINES = 50_000;

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/**
 * The worker beside this file: compiled JavaScript when the server runs compiled (`npm start`),
 * TypeScript through the same loader as the server otherwise (development).
 */
const COMPILED = import.meta.url.endsWith('.js');
const BESIDE = fileURLToPath(
  new URL(COMPILED ? './analysis-worker.js' : './analysis-worker.ts', import.meta.url),
);

export interface AnalysisThread {
  analyze(text: string, options?: EstimateToPlanOptions): Promise<EstimatePlan>;
  close(): Promise<void>;
}

interface Pending {
  message: AnalysisRequest;
  /** The thread working on it (a fresh one after the first ran out of memory). */
  thread: Worker;
  resolve: (plan: EstimatePlan) => void;
  reject: (err: Error) => void;
}

/** An estimate too large to plan: its line count when that is what says so. */
const tooLarge = (lines?: number) =>
  new AppError(
    422,
    'estimate_too_large',
    `This estimate ${lines === undefined ? 'is too large to analyse' : `has ${lines.toLocaleString('en-US')} lines, more than the ${MAX_ANALYSED_LINES.toLocaleString('en-US')} a plan is made from`}: split it into parts (by sheet or by phase) and plan each.`,
  );

/**
 * One analysis thread, started on first use and again after it failed. `script` is a compiled
 * worker for a server run from its TypeScript sources (the tests give their build's); `heapMb` its
 * memory ceiling.
 */
export function createAnalysisThread(script?: string, heapMb = HEAP_MB): AnalysisThread {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Refuses what waits on `thread` (on any thread when none is named). */
  const failAll = (err: Error, thread?: Worker) => {
    for (const [id, p] of pending) {
      if (thread && p.thread !== thread) continue;
      p.reject(err);
      pending.delete(id);
    }
  };

  const start = (): Worker => {
    const path = script ?? BESIDE;
    const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
    // A worker thread does not take the server's loader flags: TypeScript sources register it first.
    const started = path.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
            `.then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(path).href)}); });`,
          { ...options, eval: true },
        )
      : new Worker(path, options);
    // An idle thread never keeps the process alive.
    started.unref();
    started.on('message', (reply: AnalysisReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('plan' in reply) waiting.resolve(reply.plan);
      else {
        const err = new Error(reply.error.message);
        if (reply.error.stack) err.stack = reply.error.stack;
        waiting.reject(err);
      }
    });
    started.on('error', (err: Error & { code?: string }) => {
      if (worker === started) worker = null;
      if (err.code !== 'ERR_WORKER_OUT_OF_MEMORY') return failAll(err, started);
      // The thread works one estimate at a time, in the order sent: the first waiting is the one
      // too large; the others go to a fresh thread.
      const [first, ...rest] = [...pending.values()].filter((p) => p.thread === started);
      first?.reject(tooLarge());
      if (first) pending.delete(first.message.id);
      if (rest.length === 0) return;
      const next = start();
      worker = next;
      next.ref();
      for (const waiting of rest) {
        waiting.thread = next;
        next.postMessage(waiting.message);
      }
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      // What the thread still held is refused; what went on to a fresh thread waits for it.
      failAll(new Error(`The analysis thread stopped (exit code ${code})`), started);
    });
    return started;
  };

  return {
    analyze(text, options) {
      const lines = lineCount(text);
      if (lines > MAX_ANALYSED_LINES) return Promise.reject(tooLarge(lines));
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise<EstimatePlan>((resolve, reject) => {
        const message: AnalysisRequest = { id, text, options };
        pending.set(id, { message, thread, resolve, reject });
        // While an analysis is waiting, the thread keeps the process alive to answer it.
        thread.ref();
        thread.postMessage(message);
      }).finally(() => {
        if (pending.size === 0) worker?.unref();
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      failAll(new Error('The server is closing'));
      await thread?.terminate();
    },
  };
}
