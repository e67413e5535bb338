import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { residentBytesOf } from './cpu-time.js';
import { extractError } from './errors.js';
import { type ReadLimits, startReadBudget } from './read-budget.js';
import type { ExtractLimits, ExtractSource, Ocr, ParsePdfResponse } from './types.js';
import { type FromWorker, type SerializedError, serializeError, type ToWorker } from './worker-protocol.js';

/**
 * Runs file reading in child processes with a memory limit and a time budget (the reader's CPU
 * time, see read-budget.ts), so a damaged or hostile file (a parser caught in a loop, a zip that
 * inflates to gigabytes, a fatal V8 error) costs a child, never the server: the child is stopped and
 * the upload answered 422. Children are kept and reused while they behave; one that failed is
 * replaced.
 */
export interface SandboxOptions {
  /** Files read at once (one worker each). */
  workers: number;
  /** Heap of each worker. */
  memoryMb: number;
  /**
   * Resident memory a worker may hold while it reads, in MB: the heap limit does not count buffers
   * outside the heap (what unpacked and decoded data is kept in), so a reader is also stopped past
   * this. Default: the heap and 1 GB more (what a large normal file needs besides its heap, with
   * room to spare; a bomb's gigabytes are past it).
   */
  residentMb?: number | undefined;
  /**
   * CPU time the reader may spend on a file (clock time where CPU time can't be read); waits for
   * text recognition don't count.
   */
  timeBudgetMs: number;
  /**
   * Clock time a file may take to read whatever CPU it used, without the recognition waits: stops a
   * reader stuck without working. Default: five time budgets.
   */
  wallCeilingMs?: number | undefined;
  /** Uploads allowed to wait for a worker before new ones are answered 503. */
  maxWaiting: number;
  /**
   * The reader's compiled script, for a server run from its TypeScript sources (the tests give their
   * build's: a worker loaded through the TypeScript loader costs a second of CPU more at every start).
   * Default: the worker beside this file, as the server itself runs.
   */
  workerScript?: string | undefined;
  log?: FastifyBaseLogger | undefined;
}

export const DEFAULT_SANDBOX: SandboxOptions = {
  workers: 2,
  memoryMb: 768,
  timeBudgetMs: 60_000,
  maxWaiting: 20,
};

/** A read's default clock-time ceiling, in time budgets: generous, since a busy machine slows reads. */
const WALL_CEILING_BUDGETS = 5;

/** Resident memory a worker may hold beyond its heap by default, in MB. */
const RESIDENT_HEADROOM_MB = 1024;

/** How often a reading worker's memory is looked at: unpacking runs at a gigabyte a second or so. */
const MEMORY_CHECK_MS = 200;

/**
 * The worker beside this file: compiled JavaScript when the server runs compiled (`npm start`),
 * TypeScript through the same loader as the server otherwise (development).
 */
const COMPILED = import.meta.url.endsWith('.js');
const BESIDE = {
  path: fileURLToPath(new URL(COMPILED ? './extract-worker.js' : './extract-worker.ts', import.meta.url)),
  /** tsx by absolute path (independent of the cwd) for TypeScript, no loader for JavaScript. */
  loaderArgs: COMPILED ? [] : ['--import', import.meta.resolve('tsx')],
};

interface Slot {
  worker: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
}

export interface ExtractSandbox {
  /**
   * Starts one reader process ahead of the first file (and has it load its PDF reader); resolves
   * when the process is ready (or could not start: the first file then starts one as usual).
   */
  warmUp(): Promise<void>;
  run(bytes: Uint8Array, source: ExtractSource, limits: ExtractLimits, ocr: Ocr): Promise<ParsePdfResponse>;
  close(): Promise<void>;
}

function toError(e: SerializedError, fileName: string, log?: FastifyBaseLogger): Error {
  if (e.statusCode && e.code) return new AppError(e.statusCode, e.code, e.message);
  log?.warn({ err: e }, 'reading an uploaded file failed unexpectedly');
  return extractError(
    'corrupt',
    `"${fileName}" could not be read: the file is damaged or in a form we can't read.`,
  );
}

function neededTooMuchMemory(fileName: string, limitMb: number): Error {
  return extractError(
    'corrupt',
    `"${fileName}" could not be read: reading it took more than ${limitMb} MB of memory, so it is too large or complex, or damaged. Export it again (as a PDF or a simpler spreadsheet) and upload that.`,
  );
}

function tookTooLong(fileName: string, limitMs: number): Error {
  return extractError(
    'corrupt',
    `Reading "${fileName}" took too long (over ${Number((limitMs / 1000).toFixed(1))} s); the file may be damaged. Export it again or upload it as PDF.`,
  );
}

export function createExtractSandbox(options: Partial<SandboxOptions> = {}): ExtractSandbox {
  const opts = { ...DEFAULT_SANDBOX, ...options };
  const time: ReadLimits = {
    budgetMs: opts.timeBudgetMs,
    wallCeilingMs: opts.wallCeilingMs ?? WALL_CEILING_BUDGETS * opts.timeBudgetMs,
  };
  const residentLimitMb = opts.residentMb ?? opts.memoryMb + RESIDENT_HEADROOM_MB;
  const idle: Slot[] = [];
  let live = 0;
  const waiting: { resolve: (slot: Slot) => void; reject: (err: Error) => void }[] = [];
  let nextJob = 1;
  let closed = false;
  const all = new Set<ChildProcess>();

  const script = opts.workerScript ? { path: opts.workerScript, loaderArgs: [] } : BESIDE;

  function spawn(): Slot {
    const worker = fork(script.path, [], {
      // Only the loader and the heap limit: none of the parent's flags (test runners, inspectors).
      execArgv: [...script.loaderArgs, `--max-old-space-size=${opts.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // A crashing child's last words go to the log, not to the server's own output.
    worker.stderr?.on('data', (chunk: Buffer) => {
      opts.log?.debug({ stderr: chunk.toString('utf8').slice(0, 2000) }, 'file reader output');
    });
    all.add(worker);
    worker.once('exit', () => all.delete(worker));
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        if (m.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code, signal) =>
        reject(new Error(`exited (${signal ?? code}) before it was ready`)),
      );
    });
    // Nothing may be left unhandled: a worker's own errors are handled per job below.
    ready.catch(() => undefined);
    return { worker, ready, busy: false };
  }

  async function acquire(): Promise<Slot> {
    if (closed)
      throw new AppError(503, 'shutting_down', 'The server is shutting down; try again in a moment.');
    for (let free = idle.pop(); free; free = idle.pop()) {
      if (free.worker.connected) return free;
      live -= 1; // died while idle
    }
    if (live < opts.workers) {
      live += 1;
      return spawn();
    }
    if (waiting.length >= opts.maxWaiting) {
      throw new AppError(
        503,
        'ingestion_busy',
        'Too many files are being read right now; try again in a minute.',
      );
    }
    return new Promise<Slot>((resolve, reject) => waiting.push({ resolve, reject }));
  }

  function release(slot: Slot, healthy: boolean) {
    if (!healthy) {
      slot.worker.kill('SIGKILL');
      live -= 1;
      if (waiting.length > 0 && !closed) {
        live += 1;
        waiting.shift()?.resolve(spawn());
      }
      return;
    }
    const next = waiting.shift();
    if (next) next.resolve(slot);
    else if (closed) slot.worker.kill('SIGKILL');
    else idle.push(slot);
  }

  async function runOn(
    slot: Slot,
    bytes: Uint8Array,
    source: ExtractSource,
    limits: ExtractLimits,
    ocr: Ocr,
  ): Promise<{ result: ParsePdfResponse; healthy: true } | { error: Error; healthy: boolean }> {
    try {
      await slot.ready;
    } catch (err) {
      return {
        error: new AppError(
          500,
          'reader_unavailable',
          `The file reader could not start: ${(err as Error).message}`,
        ),
        healthy: false,
      };
    }
    const id = nextJob++;
    const { worker } = slot;
    return new Promise((resolve) => {
      const budget = startReadBudget(worker.pid, time);
      let settled = false;
      const finish = (
        outcome: { result: ParsePdfResponse; healthy: true } | { error: Error; healthy: boolean },
      ) => {
        if (settled) return;
        settled = true;
        clearInterval(clock);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const clock = setInterval(
        () => {
          const resident = worker.pid === undefined ? undefined : residentBytesOf(worker.pid);
          if (resident !== undefined && resident > residentLimitMb * 1024 * 1024) {
            opts.log?.warn(
              { residentMb: Math.round(resident / (1024 * 1024)), fileName: source.fileName },
              'file reader went over its memory limit',
            );
            finish({ error: neededTooMuchMemory(source.fileName, residentLimitMb), healthy: false });
            return;
          }
          const over = budget.exceeded();
          if (!over) return;
          opts.log?.warn({ ...over, fileName: source.fileName }, 'file reader went over its time budget');
          finish({ error: tookTooLong(source.fileName, over.limitMs), healthy: false });
        },
        Math.min(MEMORY_CHECK_MS, time.budgetMs, time.wallCeilingMs),
      );
      const onError = (err: Error) => {
        opts.log?.warn({ err }, 'file reader process failed');
        finish({
          error: extractError(
            'corrupt',
            `"${source.fileName}" could not be read: the file is damaged or in a form we can't read.`,
          ),
          healthy: false,
        });
      };
      // The child died on this file: out of memory, or a fatal error in a parser.
      const onExit = (code: number | null, signal: string | null) => {
        opts.log?.warn({ code, signal, fileName: source.fileName }, 'file reader process died on a file');
        finish({
          error: extractError(
            'corrupt',
            `"${source.fileName}" could not be read: it is damaged, or too large or complex. Export it again (as a PDF or a simpler spreadsheet) and upload that.`,
          ),
          healthy: false,
        });
      };
      const onMessage = (m: FromWorker) => {
        if (m.type === 'done' && m.id === id) finish({ result: m.result, healthy: true });
        else if (m.type === 'failed' && m.id === id) {
          // An error the reader threw is its verdict on the file; the worker itself is fine.
          finish({ error: toError(m.error, source.fileName, opts.log), healthy: true });
        } else if (m.type === 'ocr' && m.id === id) {
          budget.ocrWaitStarted();
          const reply = (message: ToWorker) => {
            budget.ocrWaitEnded();
            if (!settled && worker.connected) worker.send(message);
          };
          ocr.recognize(m.image, { timeoutMs: m.timeoutMs, label: m.label }).then(
            (text) => reply({ type: 'ocr-result', requestId: m.requestId, text }),
            (err: unknown) =>
              reply({ type: 'ocr-result', requestId: m.requestId, error: serializeError(err) }),
          );
        }
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const job: ToWorker = { type: 'job', id, bytes, source, limits };
      try {
        worker.send(job);
      } catch (err) {
        onError(err as Error);
      }
    });
  }

  return {
    async warmUp() {
      if (closed || live > 0) return;
      live += 1;
      const slot = spawn();
      await slot.ready.then(
        () => {
          if (slot.worker.connected) slot.worker.send({ type: 'warm' } satisfies ToWorker);
          release(slot, true);
        },
        () => release(slot, false),
      );
    },
    async run(bytes, source, limits, ocr) {
      const slot = await acquire();
      const outcome = await runOn(slot, bytes, source, limits, ocr);
      release(slot, outcome.healthy);
      if ('result' in outcome) return outcome.result;
      throw outcome.error;
    },
    async close() {
      closed = true;
      idle.length = 0;
      for (const w of waiting.splice(0)) {
        w.reject(new AppError(503, 'shutting_down', 'The server is shutting down; try again in a moment.'));
      }
      await Promise.all(
        [...all].map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.exitCode !== null || w.signalCode !== null) return resolve();
              w.once('exit', () => resolve());
              w.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
