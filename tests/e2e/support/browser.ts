import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Chromium's headless shell when it is installed: it draws the same pages as the full browser with a
 * fifth less CPU (no browser window machinery behind the page). Else the full browser; CHROMIUM_PATH
 * overrides both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';

let shared: Promise<Browser> | undefined;

/**
 * The Chromium the browser test files of one test worker share: the files of a worker run one after
 * the other and each test opens its own context, so a file gains nothing from a browser of its own,
 * and starting one cost seconds of CPU per file. A browser that went away is started again. It ends
 * with the worker (Chromium exits when Playwright's pipe to it closes).
 */
export async function sharedBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = launchBrowser();
  return shared;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * How long any wait of the browser tests may take before it fails: Playwright's actions, navigations
 * and waits (set on every context by `openPage`) and `expect.poll` (set by `browserSuite`). Tests wait
 * for what the page shows, never for a guessed duration; where the product itself waits (a timer), the
 * test drives the page's clock instead (support/clock.ts). One limit, generous enough for a busy machine.
 */
export const WAIT_TIMEOUT_MS = 60_000;
/** Waits for work the server does at its own pace, such as reading an estimate and planning it. */
export const WORK_TIMEOUT_MS = 180_000;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

/** An HTTP error answer the test expects (the browser logs it to the console as an error). */
export interface ExpectedHttpError {
  status: number;
  path: string;
}

/**
 * Signed out, GET /api/auth/user answers 401: that is how the app learns nobody is signed in, and
 * Chromium logs every 4xx answer as a console error.
 */
export const SIGNED_OUT_PROBE: ExpectedHttpError = { status: 401, path: '/api/auth/user' };

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and unexpected HTTP errors seen so far. */
  problems: string[];
  /** Allow one more kind of HTTP error answer (e.g. a 401 from a wrong password). */
  expectHttpError(expected: ExpectedHttpError): void;
  close(): Promise<void>;
}

/**
 * A fresh browser context on the app. Every console error, uncaught page error, and HTTP answer
 * of 400 or more is recorded in `problems` unless it was declared expected; tests assert it stays empty.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  context.setDefaultTimeout(WAIT_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(WAIT_TIMEOUT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  const expected: ExpectedHttpError[] = [SIGNED_OUT_PROBE];
  const isExpected = (status: number, url: string) => {
    const path = new URL(url).pathname;
    return expected.some((e) => e.status === status && e.path === path);
  };

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const status = /the server responded with a status of (\d{3})/.exec(text)?.[1];
    const url = message.location().url;
    if (status && url && isExpected(Number(status), url)) return;
    problems.push(`console error: ${text}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !isExpected(response.status(), response.url())) {
      problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });

  return {
    page,
    context,
    problems,
    expectHttpError: (e) => expected.push(e),
    close: () => context.close(),
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Waits until the page's running animations with an end (enter and exit fades, slides) have finished;
 * infinite ones such as spinners are not waited for.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core on the current page and returns its serious and critical violations, one line each.
 * (Evaluated over the DevTools protocol, so the page's Content-Security-Policy does not block it.)
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const first = await axeViolations(page);
  if (first.length === 0) return first;
  // A colour can still be mid-transition when a change starts one after the animations were awaited
  // (a menu closing re-renders what was under it): look again once the page has drawn two more
  // frames and settled. A real violation is there both times.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return axeViolations(page);
}

/** One axe-core run, once the page's finite animations have finished. */
async function axeViolations(page: Page): Promise<string[]> {
  // Let opening dialogs and menus finish their enter animations: colours measured mid-fade are not
  // the colours users read.
  await animationsFinished(page);
  // axe-core is half a megabyte of script: it is put into a page once, until the page navigates.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    interface AxeCheck {
      metadata?: { impact?: string };
    }
    type CheckRef = string | { id: string };
    interface AxeRule {
      id: string;
      impact?: string;
      any: CheckRef[];
      all: CheckRef[];
      none: CheckRef[];
    }
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }>;
          _audit?: { rules?: AxeRule[]; checks?: Record<string, AxeCheck> };
        };
      }
    ).axe;
    // Only serious and critical findings fail a test, so the rules whose every check can report
    // nothing worse than moderate are turned off (a third of axe's time on a typical page); axe
    // chooses the rest as it does by default. The impacts come from axe's own rule and check
    // definitions; without them, every rule runs.
    const severe = (impact: string | undefined) => impact === 'serious' || impact === 'critical';
    const { rules = [], checks = {} } = axe._audit ?? {};
    const checkId = (check: CheckRef) => (typeof check === 'string' ? check : check.id);
    const mild = rules.filter(
      (rule) =>
        !severe(rule.impact) &&
        ![...rule.any, ...rule.all, ...rule.none].some((check) =>
          severe(checks[checkId(check)]?.metadata?.impact),
        ),
    );
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: Object.fromEntries(mild.map((rule) => [rule.id, { enabled: false }])),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
}
