/**
 * An in-process queue of refreshes by key (a company): work that follows a request without making
 * it wait. Requests for one key are coalesced: the first starts a wait of `delayMs`, and every
 * request until the refresh starts joins it; a request while that key's refresh runs makes exactly
 * one more refresh after it (again after `delayMs`). Refreshes of different keys run side by side,
 * never two of one key. A failed refresh is reported to `onError` and never thrown at anyone.
 */

export interface RefreshQueueOptions<K> {
  /** How long a first request waits for more to join it before its refresh starts. */
  delayMs: number;
  /** The refresh. `signal` aborts when the queue stops: a refresh waiting on something gives up. */
  run: (key: K, signal: AbortSignal) => Promise<void>;
  /** Told of a refresh that failed (not of one given up because the queue stopped). */
  onError: (key: K, err: unknown) => void;
}

export interface RefreshQueue<K> {
  /** Asks for a refresh of `key`; returns at once. Ignored once the queue has stopped. */
  request(key: K): void;
  /** Resolves when no refresh is waiting or running. */
  idle(): Promise<void>;
  /** Drops the waiting refreshes, aborts and awaits the running ones; later requests are ignored. */
  stop(): Promise<void>;
}

interface KeyState {
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** Asked again while running: one more refresh after this one. */
  again: boolean;
}

export function createRefreshQueue<K>(options: RefreshQueueOptions<K>): RefreshQueue<K> {
  const states = new Map<K, KeyState>();
  const stopping = new AbortController();
  let idleWaiters: (() => void)[] = [];

  function settleIfIdle() {
    if (states.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function arm(key: K, state: KeyState) {
    state.timer = setTimeout(() => start(key, state), options.delayMs);
    // A waiting refresh never keeps the process alive on its own.
    state.timer.unref?.();
  }

  async function runOnce(key: K) {
    try {
      await options.run(key, stopping.signal);
    } catch (err) {
      if (!stopping.signal.aborted) options.onError(key, err);
    }
  }

  function start(key: K, state: KeyState) {
    state.timer = null;
    const running = runOnce(key);
    state.running = running;
    void running.then(() => {
      state.running = null;
      if (state.again && !stopping.signal.aborted) {
        state.again = false;
        arm(key, state);
      } else {
        states.delete(key);
        settleIfIdle();
      }
    });
  }

  return {
    request(key) {
      if (stopping.signal.aborted) return;
      const state = states.get(key);
      if (!state) {
        const fresh: KeyState = { timer: null, running: null, again: false };
        states.set(key, fresh);
        arm(key, fresh);
      } else if (state.running) {
        state.again = true;
      }
      // Otherwise a refresh is already waiting to start: this request joins it.
    },

    idle() {
      if (states.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    async stop() {
      stopping.abort();
      const running: Promise<void>[] = [];
      for (const [key, state] of states) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = null;
        state.again = false;
        if (state.running) running.push(state.running);
        else states.delete(key);
      }
      settleIfIdle();
      await Promise.all(running);
      // Each running refresh's own continuation has removed its key by now.
      states.clear();
      settleIfIdle();
    },
  };
}
