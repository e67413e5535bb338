import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshQueue, type RefreshQueue } from './refresh-queue.js';

const DELAY = 2000;

/** A refresh the test finishes by hand, to hold one "running". */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Harness {
  queue: RefreshQueue<string>;
  /** Every run's key, in order. */
  runs: string[];
  errors: { key: string; err: unknown }[];
  /** When set, the next runs wait for it (the test resolves it). */
  hold: ReturnType<typeof deferred> | null;
  /** Whether the queue has resolved `idle()` (checked without waiting). */
  isIdle(): Promise<boolean>;
}

function harness(run?: (key: string, signal: AbortSignal) => Promise<void>): Harness {
  const h: Harness = {
    runs: [],
    errors: [],
    hold: null,
    queue: createRefreshQueue<string>({
      delayMs: DELAY,
      run: async (key, signal) => {
        h.runs.push(key);
        if (run) await run(key, signal);
        else if (h.hold) await h.hold.promise;
      },
      onError: (key, err) => h.errors.push({ key, err }),
    }),
    async isIdle() {
      let done = false;
      void h.queue.idle().then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      return done;
    },
  };
  return h;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the refresh queue', () => {
  it('coalesces the requests of one key within the delay into one refresh, after the delay', async () => {
    const h = harness();
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY / 2);
    h.queue.request('c1');
    h.queue.request('c1');
    expect(h.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(DELAY / 2);
    expect(h.runs).toEqual(['c1']);
    expect(await h.isIdle()).toBe(true);
    await vi.advanceTimersByTimeAsync(DELAY * 5);
    expect(h.runs).toEqual(['c1']);
  });

  it('runs the keys separately', async () => {
    const h = harness();
    h.queue.request('c1');
    h.queue.request('c2');
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.runs.sort()).toEqual(['c1', 'c2']);
  });

  it('makes exactly one more refresh after the running one when asked during it', async () => {
    const h = harness();
    h.hold = deferred();
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.runs).toEqual(['c1']);
    // Three requests while it runs: one more refresh, not three, and never two at once.
    h.queue.request('c1');
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    h.queue.request('c1');
    expect(h.runs).toEqual(['c1']);
    expect(await h.isIdle()).toBe(false);
    const first = h.hold;
    h.hold = null;
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(['c1']);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.runs).toEqual(['c1', 'c1']);
    expect(await h.isIdle()).toBe(true);
    await vi.advanceTimersByTimeAsync(DELAY * 5);
    expect(h.runs).toEqual(['c1', 'c1']);
  });

  it('reports a failed refresh without throwing, and goes on with later requests', async () => {
    const h = harness(async (key) => {
      if (h.runs.length === 1) throw new Error(`no database for ${key}`);
    });
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.errors).toHaveLength(1);
    expect(h.errors[0]?.key).toBe('c1');
    expect(String(h.errors[0]?.err)).toContain('no database for c1');
    expect(await h.isIdle()).toBe(true);
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.runs).toEqual(['c1', 'c1']);
    expect(h.errors).toHaveLength(1);
  });

  it('idle() waits for the waiting and the running refreshes', async () => {
    const h = harness();
    expect(await h.isIdle()).toBe(true);
    h.hold = deferred();
    h.queue.request('c1');
    expect(await h.isIdle()).toBe(false);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(await h.isIdle()).toBe(false);
    h.hold.resolve();
    expect(await h.isIdle()).toBe(true);
  });

  it('stop() drops the waiting refreshes, awaits the running one, and ignores later requests', async () => {
    const h = harness();
    h.hold = deferred();
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    h.queue.request('c1');
    h.queue.request('c2');
    let stopped = false;
    void h.queue.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    // c1 is still running: stop waits for it; c2 never started.
    expect(stopped).toBe(false);
    expect(h.runs).toEqual(['c1']);
    h.hold.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    expect(await h.isIdle()).toBe(true);
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    expect(h.runs).toEqual(['c1']);
    expect(h.errors).toEqual([]);
  });

  it('stop() aborts a running refresh that waits on its signal, without reporting it', async () => {
    const h = harness(
      (_key, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    h.queue.request('c1');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(h.runs).toEqual(['c1']);
    await h.queue.stop();
    expect(h.errors).toEqual([]);
    expect(await h.isIdle()).toBe(true);
  });
});
