/**
 * What every browser test file sets up the same way: the app server on the run's snapshot of the built
 * web app, the worker's Chromium, a fresh page per test whose console and HTTP errors fail the test, and the
 * sign-up flow most tests start from.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { api } from '../../../src/contracts/paths';
import { type AppServer, startAppServer } from './app-server';
import { accessibilityViolations, openPage, sharedBrowser, type TestPage, WAIT_TIMEOUT_MS } from './browser';
import { snapshotWebBuild, WEB_SNAPSHOT_ENV } from './web-build';

export interface BrowserSuite {
  /** The app server (set once the suite's `beforeAll` has run). */
  readonly server: AppServer;
  readonly browser: Browser;
  /** A new page at this size; its problems are asserted empty after the test. */
  open(viewport?: { width: number; height: number }, on?: AppServer): Promise<TestPage>;
  /** Another app server on the same web copy with other environment variables; closed with the suite. */
  startServer(env: Record<string, string>): Promise<AppServer>;
}

/**
 * Registers the file's `beforeAll`/`afterAll`/`afterEach` hooks, and gives the file's `expect.poll`
 * the suite's wait limit (Vitest's default is 1 s). The servers serve the run's snapshot of the built
 * app (made once by the global setup; a file run without it makes its own).
 */
export function browserSuite(
  /** The servers' environment, or a function giving it once earlier `beforeAll` hooks have run. */
  environment: Record<string, string> | (() => Record<string, string>) = {},
): BrowserSuite {
  vi.setConfig({ expect: { poll: { timeout: WAIT_TIMEOUT_MS } } });
  const env = () => (typeof environment === 'function' ? environment() : environment);
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let webCopy: string | undefined;
  let removeWebCopy: (() => void) | undefined;
  let current: TestPage | undefined;
  const extraServers: AppServer[] = [];

  const startServer = async (more: Record<string, string>) => {
    if (!webCopy) throw new Error('browserSuite: servers start after beforeAll');
    const started = await startAppServer({ ...env(), ...more, WEB_DIST_DIR: webCopy });
    extraServers.push(started);
    return started;
  };

  beforeAll(async () => {
    webCopy = process.env[WEB_SNAPSHOT_ENV];
    if (!webCopy) ({ dir: webCopy, remove: removeWebCopy } = await snapshotWebBuild());
    server = await startAppServer({ ...env(), WEB_DIST_DIR: webCopy });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await server?.close();
    for (const extra of extraServers) await extra.close();
    removeWebCopy?.();
  });

  afterEach(async () => {
    const seen = current;
    current = undefined;
    if (!seen) return;
    await seen.close();
    expect(seen.problems, 'console errors, page errors or unexpected HTTP errors').toEqual([]);
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`browserSuite: no ${what} before beforeAll`);
    return value;
  };
  return {
    get server() {
      return required(server, 'server');
    },
    get browser() {
      return required(browser, 'browser');
    },
    async open(viewport, on) {
      current = await openPage(
        required(browser, 'browser'),
        (on ?? required(server, 'server')).baseUrl,
        viewport,
      );
      return current;
    },
    startServer,
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export const TEST_PASSWORD = 'concrete-pour-42';

/**
 * Signs up a new user and creates their company. By default through the API, in the page's own
 * context (so the page is signed in, and the test goes on with `page.goto`): the form's path is the
 * subject of the sign-up tests, and going through it costs every other test four screens.
 *
 * With `throughForm`, through the form, which leads to trial setup; without a company yet, trial
 * setup leads to onboarding, where the company is created. That ends on onboarding's second step
 * ("You're all set"), or right after submitting the company with `untilDone: false` (a server whose
 * trials have ended sends the user elsewhere).
 */
export async function signUpWithCompany(
  page: Page,
  {
    email = uniqueEmail('user'),
    company = 'Summit Builders',
    throughForm = false,
    untilDone = true,
  }: { email?: string; company?: string; throughForm?: boolean; untilDone?: boolean } = {},
): Promise<void> {
  if (throughForm || !untilDone) return signUpThroughForm(page, { email, company, untilDone });
  const signUp = await page.request.post(api.authSignup, {
    data: { email, password: TEST_PASSWORD, firstName: 'Dana', lastName: 'Builder' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const created = await page.request.post(api.companies, { data: { name: company, type: 'general' } });
  expect(created.status(), await created.text()).toBe(201);
}

async function signUpThroughForm(
  page: Page,
  { email, company, untilDone }: { email: string; company: string; untilDone: boolean },
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('link', { name: 'Set up my company' }).click();
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Company name').fill(company);
  await page.getByRole('combobox', { name: 'Company type' }).click();
  await page.getByRole('option', { name: 'General Contractor' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  if (untilDone) await page.getByRole('heading', { name: "You're all set" }).waitFor();
}

/** Opens the Portfolio and waits for it. */
export async function openPortfolio(page: Page): Promise<void> {
  await page.goto('/projects');
  await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}
