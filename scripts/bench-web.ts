/**
 * Benchmark of the web app in Chromium at 4× CPU slowdown (the DevTools protocol's
 * `Emulation.setCPUThrottlingRate`), against the real server on an embedded database:
 *
 *     npm run bench:web        (node --import tsx scripts/bench-web.ts)
 *
 * Seeds one company with 300 projects, one of which has 1,000 tasks in 10 phases linked by
 * finish-to-start dependencies (written in bulk, as a schedule import writes them), then measures:
 * - the landing page (signed out) and /projects (signed in, 300 cards): Largest Contentful Paint and
 *   total blocking time (the part over 50 ms of every long task after the first contentful paint,
 *   until the page has drawn its content and gone 2 s without a long task or a new LCP candidate);
 *   each load in a fresh browser context, so nothing comes from the HTTP cache;
 * - the project's Gantt: the time to its first bar (`[data-task-id]` in the Gantt, drawn and painted),
 *   from the navigation to `?view=gantt` and from a click on the Gantt tab, and its scroll frame rate
 *   (the scroll container moved on every animation frame for 3 s; frames counted).
 * Each figure is the median of several runs and is printed beside its target with the load average.
 * To measure only some parts, name them: `npm run bench:web -- landing projects gantt` (all by default).
 * `--dist DIR` measures a web build made earlier (`vite build --outDir DIR`) as it is, instead of
 * building dist/web: builds before and after a change, measured one after the other, compare fairly
 * on a busy machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { users } from '../src/server/db/schema/index.js';
import { bulkTaskWrites } from '../src/server/modules/tasks/bulk-task-writes.js';
import { ensureWebBuild, WEB_DIST_DIR } from '../tests/e2e/support/app-server.js';
import { launchBrowser } from '../tests/e2e/support/browser.js';

const PROJECTS = 300;
const TASKS = 1_000;
const PHASES = 10;
const CPU_SLOWDOWN = 4;
const PAGE_RUNS = 5;
const GANTT_RUNS = 3;
const QUIET_MS = 2_000;
const SCROLL_MS = 3_000;
const VIEWPORT = { width: 1280, height: 900 };
const TARGET = { lcpMs: 2_500, firstBarMs: 1_500, fps: 50 };
const DAY = 86_400_000;
const PARTS = ['landing', 'projects', 'gantt'] as const;
const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const givenDist = distAt >= 0 ? resolve(args[distAt + 1] ?? '') : undefined;
const asked = args.filter((arg, i) => !arg.startsWith('-') && (distAt < 0 || i !== distAt + 1));
for (const part of asked)
  if (!(PARTS as readonly string[]).includes(part))
    throw new Error(`unknown part "${part}"; the parts are ${PARTS.join(', ')}`);
const measures = (part: (typeof PARTS)[number]) => asked.length === 0 || asked.includes(part);

type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Records LCP candidates, long tasks and the first contentful paint from the page's first moment.
 * Plain JavaScript text, evaluated as written in the page.
 */
const OBSERVE = `(() => {
  const perf = { lcp: 0, lcpElement: '', longTasks: [], lastActivity: 0 };
  window.__bench = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      perf.lcp = e.startTime;
      perf.lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.className ? '.' + String(e.element.className).split(' ')[0] : '') : '';
      perf.lastActivity = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      perf.longTasks.push([e.startTime, e.duration]);
      perf.lastActivity = performance.now();
    }
  }).observe({ type: 'longtask', buffered: true });
})()`;

/** True once `ready` matches, an LCP is known, and nothing has happened for QUIET_MS. */
const settled = (ready: string) =>
  `!!document.querySelector(${JSON.stringify(ready)}) && window.__bench.lcp > 0 && ` +
  `document.readyState === 'complete' && performance.now() - window.__bench.lastActivity > ${QUIET_MS}`;

/** LCP, and blocking time after the first contentful paint (long tasks clipped at it, as Lighthouse does). */
const PAGE_FIGURES = `(() => {
  const perf = window.__bench;
  const fcpEntry = performance.getEntriesByName('first-contentful-paint')[0];
  const fcp = fcpEntry ? fcpEntry.startTime : 0;
  let tbt = 0;
  for (const [start, duration] of perf.longTasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    tbt += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return { lcp: perf.lcp, tbt, fcp, longTasks: perf.longTasks.length, lcpElement: perf.lcpElement };
})()`;

interface PageRun {
  lcp: number;
  tbt: number;
  fcp: number;
  longTasks: number;
  lcpElement: string;
}

/** A fresh context (empty cache) whose pages run at CPU_SLOWDOWN and record the page figures. */
async function slowPage(browser: Browser, baseURL: string, storageState?: Storage) {
  // The app's CSP forbids eval, which Playwright's waits on page state rely on.
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, bypassCSP: true, storageState });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

async function measurePage(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: string,
  storageState?: Storage,
): Promise<PageRun> {
  const { context, page } = await slowPage(browser, baseURL, storageState);
  try {
    await page.goto(path);
    await page.waitForFunction(settled(ready), undefined, { timeout: 120_000, polling: 250 });
    return (await page.evaluate(PAGE_FIGURES)) as PageRun;
  } finally {
    await context.close();
  }
}

/**
 * Resolves with the time (page clock) the Gantt's first bar was painted: seen in the DOM, then one
 * animation frame and a task later, after the browser has painted that frame.
 */
const FIRST_BAR = `new Promise((resolve) => {
  const selector = '[data-gantt-scroller] [data-task-id]';
  const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (document.querySelector(selector)) return painted();
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    painted();
  });
  observer.observe(document, { childList: true, subtree: true });
})`;

/** Scrolls the Gantt down (and back up at the end) on every frame for SCROLL_MS; counts frames. */
const SCROLL = `new Promise((resolve) => {
  const el = document.querySelector('[data-gantt-scroller]');
  const max = el.scrollHeight - el.clientHeight;
  const speed = 1.5; // px per ms: a brisk scroll
  let frames = 0, direction = 1, longest = 0, start = 0, last = 0;
  const step = (now) => {
    if (!start) { start = last = now; requestAnimationFrame(step); return; }
    frames++;
    longest = Math.max(longest, now - last);
    let next = el.scrollTop + direction * speed * (now - last);
    if (next >= max || next <= 0) { direction = -direction; next = Math.min(max, Math.max(0, next)); }
    el.scrollTop = next;
    last = now;
    if (now - start < ${SCROLL_MS}) requestAnimationFrame(step);
    else resolve({ fps: (frames * 1000) / (now - start), longest, rows: max });
  };
  requestAnimationFrame(step);
})`;

/** The page's animation-frame rate while idle: the ceiling the scroll figure is read against. */
const IDLE_FPS = `new Promise((resolve) => {
  let frames = 0, start = 0;
  const step = (now) => {
    if (!start) start = now; else frames++;
    if (now - start < 1000) requestAnimationFrame(step); else resolve((frames * 1000) / (now - start));
  };
  requestAnimationFrame(step);
})`;

/**
 * Where an opened page's time went before `at`: when its HTML, the last of its code (scripts and
 * styles) and the last of the data its page preloads (the first screen's reads) had arrived (page
 * clock).
 */
const ARRIVALS = `((at) => {
  const nav = performance.getEntriesByType('navigation')[0];
  const last = (test) => Math.max(0, ...performance.getEntriesByType('resource')
    .filter((e) => e.startTime < at && test(new URL(e.name).pathname, e)).map((e) => e.responseEnd));
  return {
    html: nav ? nav.responseEnd : 0,
    code: last((path) => /\\.(js|css)$/.test(path)),
    data: last((path, e) => path.startsWith('/api/') && e.initiatorType === 'link'),
  };
})`;

interface Arrivals {
  html: number;
  code: number;
  data: number;
}

interface GanttRun {
  arrivals: Arrivals;
  fromNavigation: number;
  fromTab: number;
  fps: number;
  longestFrame: number;
  idleFps: number;
}

async function measureGantt(
  browser: Browser,
  baseURL: string,
  projectId: number,
  storageState: Storage,
): Promise<GanttRun> {
  const { context, page } = await slowPage(browser, baseURL, storageState);
  try {
    // Opened on the Gantt: from the navigation's start (page clock 0) to the first bar.
    await page.goto(`/projects/${projectId}?view=gantt`);
    const fromNavigation = (await page.evaluate(FIRST_BAR)) as number;
    const arrivals = (await page.evaluate(`${ARRIVALS}(${fromNavigation})`)) as Arrivals;
    await page.waitForFunction(settled('[data-gantt-scroller]'), undefined, {
      timeout: 120_000,
      polling: 250,
    });
    const idleFps = (await page.evaluate(IDLE_FPS)) as number;
    const scrolled = (await page.evaluate(SCROLL)) as { fps: number; longest: number };

    // From the task list, a click on the Gantt tab (the press is where Radix's tabs switch).
    await page.getByRole('tab', { name: 'List' }).click();
    await page.locator('[data-gantt-scroller]').waitFor({ state: 'detached', timeout: 120_000 });
    await page.evaluate(
      `document.addEventListener('pointerdown', () => { window.__pressed = performance.now(); }, { capture: true, once: true })`,
    );
    const bar = page.evaluate(FIRST_BAR) as Promise<number>;
    await page.getByRole('tab', { name: 'Gantt' }).click();
    const barAt = await bar;
    const pressedAt = (await page.evaluate('window.__pressed')) as number;
    return {
      arrivals,
      fromNavigation,
      fromTab: barAt - pressedAt,
      fps: scrolled.fps,
      longestFrame: scrolled.longest,
      idleFps,
    };
  } finally {
    await context.close();
  }
}

/** 1,000 tasks in phases of working weeks, each after the one before it in its phase. */
async function seedGanttTasks(
  db: Parameters<typeof bulkTaskWrites.insertMany>[0],
  companyId: number,
  projectId: number,
) {
  const start = Date.parse('2026-01-05T00:00:00Z');
  const perPhase = TASKS / PHASES;
  const values = Array.from({ length: TASKS }, (_, i) => {
    const phase = Math.floor(i / perPhase);
    const inPhase = i % perPhase;
    const first = start + (phase * 14 + inPhase * 3) * DAY;
    const duration = 2 + (i % 4);
    return {
      projectId,
      name: `Activity ${i + 1}`,
      phase: `Phase ${phase + 1}`,
      duration,
      startDate: new Date(first),
      endDate: new Date(first + (duration - 1) * DAY),
      status: 'not-started' as const,
      progress: 0,
      isCritical: phase === 0 || inPhase % 7 === 0,
      position: i,
    };
  });
  const inserted = (await bulkTaskWrites.insertMany(db, companyId, values)).sort(
    (a, b) => a.position - b.position,
  );
  const links = inserted.flatMap(({ id, position }, i) => {
    if (position % perPhase === 0) return [];
    const before = inserted[i - 1];
    return before
      ? [{ id, dependencies: JSON.stringify([{ taskId: before.id, type: 'FS', lagDays: 0 }]) }]
      : [];
  });
  await bulkTaskWrites.setDependencies(db, companyId, projectId, links);
  return links.length;
}

const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

function reportPage(label: string, runs: PageRun[]) {
  const lcp = median(runs.map((r) => r.lcp));
  const tbt = median(runs.map((r) => r.tbt));
  console.log(
    `${label.padEnd(32)} LCP ${ms(lcp)} (${runs.map((r) => ms(r.lcp)).join(', ')}; element ${runs[0]?.lcpElement || '?'})  ` +
      `blocking ${tbt.toFixed(0)} ms over ${median(runs.map((r) => r.longTasks))} long tasks  ` +
      `FCP ${ms(median(runs.map((r) => r.fcp)))}  target LCP ≤ ${ms(TARGET.lcpMs)}: ${verdict(lcp <= TARGET.lcpMs)}`,
  );
  return lcp <= TARGET.lcpMs;
}

function reportGantt(runs: GanttRun[]) {
  const nav = median(runs.map((r) => r.fromNavigation));
  const tab = median(runs.map((r) => r.fromTab));
  const fps = median(runs.map((r) => r.fps));
  const list = (pick: (r: GanttRun) => number, f: (v: number) => string) =>
    runs.map((r) => f(pick(r))).join(', ');
  console.log(
    `${'Gantt first bar, opened on it'.padEnd(32)} ${ms(nav)} (${list((r) => r.fromNavigation, ms)})  target < ${ms(TARGET.firstBarMs)}: ${verdict(nav < TARGET.firstBarMs)}`,
  );
  const arrived = (pick: (a: Arrivals) => number) => ms(median(runs.map((r) => pick(r.arrivals))));
  console.log(
    `${'  of which, arrived by'.padEnd(32)} page ${arrived((a) => a.html)}, its code ${arrived((a) => a.code)}, ` +
      `its first data ${arrived((a) => a.data)} (medians, from the navigation)`,
  );
  console.log(
    `${'Gantt first bar, tab click'.padEnd(32)} ${ms(tab)} (${list((r) => r.fromTab, ms)})  target < ${ms(TARGET.firstBarMs)}: ${verdict(tab < TARGET.firstBarMs)}`,
  );
  console.log(
    `${'Gantt scroll'.padEnd(32)} ${fps.toFixed(1)} frames/s (${list(
      (r) => r.fps,
      (v) => v.toFixed(1),
    )}; longest frame ` +
      `${median(runs.map((r) => r.longestFrame)).toFixed(0)} ms; idle page ${median(runs.map((r) => r.idleFps)).toFixed(0)} frames/s)  ` +
      `target ≥ ${TARGET.fps}: ${verdict(fps >= TARGET.fps)}`,
  );
  return Math.max(nav, tab) < TARGET.firstBarMs && fps >= TARGET.fps;
}

if (!givenDist) await ensureWebBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  WEB_DIST_DIR: givenDist ?? WEB_DIST_DIR,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
});
const { app, ctx } = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
const baseURL = `http://127.0.0.1:${address.port}`;
const browser = await launchBrowser();
try {
  const seeding = await browser.newContext({ baseURL });
  const page = await seeding.newPage();
  const seedStart = performance.now();
  await post(page, '/api/auth/signup', {
    email: `bench-web-${Date.now()}@example.com`,
    password: 'concrete-pour-42',
    firstName: 'Bench',
    lastName: 'User',
  });
  await post(page, '/api/companies', { name: 'Bench Builders', type: 'general' });
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const [user] = await ctx.database.ownerDb.select().from(users).where(eq(users.id, me.id));
  const companyId = user?.companyId;
  if (!companyId) throw new Error('no company');
  const projectIds: number[] = [];
  for (let i = 0; i < PROJECTS; i += 10) {
    const batch = Array.from({ length: Math.min(10, PROJECTS - i) }, (_, j) =>
      post<{ id: number }>(page, '/api/projects', {
        name: `Project ${String(i + j + 1).padStart(3, '0')}`,
        client: `Client ${(i + j) % 37}`,
        budget: String(250_000 + (i + j) * 10_000),
        startDate: '2026-01-05',
        endDate: '2026-12-18',
      }),
    );
    projectIds.push(...(await Promise.all(batch)).map((p) => p.id));
  }
  const ganttProject = projectIds[0] ?? 0;
  const links = await seedGanttTasks(ctx.database.ownerDb, companyId, ganttProject);
  const signedIn = await seeding.storageState();
  await seeding.close();
  console.log(
    `${PROJECTS} projects; ${TASKS.toLocaleString('en-US')} tasks in ${PHASES} phases with ${links} links on one; ` +
      `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s. Chromium ${browser.version()} at ` +
      `${VIEWPORT.width} × ${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}× slower; medians of ${PAGE_RUNS} loads ` +
      `(fresh cache each) and ${GANTT_RUNS} Gantt runs`,
  );

  // One unmeasured load of each first, so the server's own first-request work is not counted.
  const loads = async (path: string, ready: string, storage?: Storage) => {
    await measurePage(browser, baseURL, path, ready, storage);
    const runs: PageRun[] = [];
    for (let i = 0; i < PAGE_RUNS; i++) runs.push(await measurePage(browser, baseURL, path, ready, storage));
    return runs;
  };
  const met: boolean[] = [];
  if (measures('landing')) met.push(reportPage('landing page (signed out)', await loads('/', 'h1')));
  if (measures('projects')) {
    const portfolio = await loads('/projects', '[aria-label="Projects"] li', signedIn);
    met.push(reportPage(`/projects (${PROJECTS} projects)`, portfolio));
  }
  if (measures('gantt')) {
    const gantt: GanttRun[] = [];
    for (let i = 0; i < GANTT_RUNS; i++)
      gantt.push(await measureGantt(browser, baseURL, ganttProject, signedIn));
    met.push(reportGantt(gantt));
  }
  const [one, five] = loadavg();
  console.log(
    `${met.every(Boolean) ? 'all targets met' : 'NOT all targets met'} ` +
      `(load average ${(one ?? 0).toFixed(1)} / ${(five ?? 0).toFixed(1)} over 1 / 5 min on ${availableParallelism()} cores)`,
  );
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
