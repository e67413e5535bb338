/**
 * Runs the review's readings in a worker (`reading.worker.ts`), one at a time: while one is being
 * read, only the latest request waits (the ones in between are never read), and a reading already
 * made for the same answers and corrections is given back at once. Where no worker can be started,
 * the reading runs on the page after the current event, which is slower to answer but the same.
 */
import type {
  AsReadLine,
  FromReadingWorker,
  Reading,
  ReadingOptions,
  ToReadingWorker,
} from './reading-types';

/** Readings kept, by their answers and corrections (the user going back and forth between two). */
const CACHED_READINGS = 24;

export interface ReadingClient {
  /** Reads with these options; `onReading` is called with each reading made, the latest last. */
  read(options: ReadingOptions): void;
  /** A reading made before for exactly these options, if any. */
  cached(options: ReadingOptions): Reading | undefined;
  close(): void;
}

export const readingKey = (options: ReadingOptions) => JSON.stringify(options);

export function createReadingClient(
  content: string,
  onReading: (key: string, reading: Reading) => void,
  onError: (message: string) => void,
): ReadingClient {
  const cache = new Map<string, Reading>();
  let worker: Worker | null = null;
  let busy: { id: number; key: string } | null = null;
  let queued: ReadingOptions | null = null;
  let nextId = 1;
  let closed = false;
  let baseline: { key: string; asRead: AsReadLine[] } | null = null;

  const remember = (key: string, reading: Reading) => {
    cache.delete(key);
    cache.set(key, reading);
    if (cache.size > CACHED_READINGS) cache.delete(cache.keys().next().value as string);
  };

  const done = () => {
    busy = null;
    const next = queued;
    queued = null;
    if (next && !closed) start(next);
  };

  /** On the page's own thread: when no worker could be had. */
  const readHere = (id: number, key: string, options: ReadingOptions) => {
    setTimeout(() => {
      void import('./reading')
        .then(({ readForReview }) => {
          if (closed || busy?.id !== id) return;
          const read = readForReview(content, options, baseline);
          baseline = read.baseline;
          remember(key, read.reading);
          onReading(key, read.reading);
        })
        .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)))
        .finally(done);
    }, 0);
  };

  const start = (options: ReadingOptions) => {
    const id = nextId++;
    const key = readingKey(options);
    busy = { id, key };
    if (worker) worker.postMessage({ type: 'read', id, options } satisfies ToReadingWorker);
    else readHere(id, key, options);
  };

  try {
    worker = new Worker(new URL('./reading.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<FromReadingWorker>) => {
      const message = event.data;
      if (closed || busy?.id !== message.id) return;
      if (message.type === 'read') {
        remember(busy.key, message.reading);
        onReading(busy.key, message.reading);
      } else onError(message.message);
      done();
    });
    // A worker that cannot start (its script refused or missing): read on the page instead.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker?.terminate();
      worker = null;
      const pending = busy;
      if (pending && !closed) readHere(pending.id, pending.key, JSON.parse(pending.key) as ReadingOptions);
    });
    worker.postMessage({ type: 'content', content } satisfies ToReadingWorker);
  } catch {
    worker = null;
  }

  return {
    read(options) {
      if (closed) return;
      const key = readingKey(options);
      const hit = cache.get(key);
      if (hit) {
        onReading(key, hit);
        return;
      }
      if (busy) {
        // Only the latest request waits; asking again for the one being read needs nothing more.
        queued = busy.key === key ? null : options;
        return;
      }
      start(options);
    },
    cached: (options) => cache.get(readingKey(options)),
    close() {
      closed = true;
      worker?.terminate();
      worker = null;
    },
  };
}
