/**
 * Controlled time, for tests of the product's own timers (Playwright's clock API).
 *
 * `page.clock.install()` before the page loads gives it a fake clock that runs in step with the real
 * one; `pauseClock(page)` stops it. From then on the page's timers, `Date` and animation frames move
 * only when the test moves them: `page.clock.runFor(ms)` fires every timer due on the way, so a test
 * checks "not yet at 4.9 s, done at 5 s" exactly and never waits the 5 s. `page.clock.resume()` lets
 * time run again (the installed clock stays with the page's context, across reloads).
 *
 * A paused page still loads, renders and talks to the server in real time, but its zero-delay timers
 * wait for the clock like the others, and React Query hands answers to components through one: while
 * paused, wait for a state with `runUntil`, which moves the clock a step at a time until it shows.
 */
import type { Page } from 'playwright-core';
import { WAIT_TIMEOUT_MS } from './browser';

/** The page's time (its `Date.now()`), in milliseconds. */
export function pageTime(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Pauses the page's installed clock, one second of page time from now: `pauseAt` refuses to go back
 * in time, and the running clock moves on while the call travels to the page. The page's timers due
 * within that second fire.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await pageTime(page)) + 1000);
}

/**
 * With the clock paused, moves it `stepMs` at a time until `done()` holds, and returns the page time
 * that took. Between steps the page works in real time (answers arrive, components render). Fails
 * once `limitMs` of page time, or the suite's wait limit of real time, has passed without `done()`.
 */
export async function runUntil(
  page: Page,
  done: () => boolean | Promise<boolean>,
  { stepMs = 1, limitMs = 5000 }: { stepMs?: number; limitMs?: number } = {},
): Promise<number> {
  const startedAt = Date.now();
  let moved = 0;
  while (!(await done())) {
    if (moved >= limitMs || Date.now() - startedAt > WAIT_TIMEOUT_MS) {
      throw new Error(`runUntil: not done after ${moved} ms of page time`);
    }
    await page.clock.runFor(stepMs);
    moved += stepMs;
  }
  return moved;
}
