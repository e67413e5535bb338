/**
 * Estimate to plan in the browser: a new user creates a project from a PDF estimate
 * through the New Project dialog, watches the progress overlay (steps, percentage, elapsed time),
 * and lands on the project's Gantt with its critical path; a file that cannot be read is reported
 * and the others still make the plan; a stored estimate is planned from the Documents panel.
 *
 * The server plans each estimate on its own (POST /api/projects/{id}/plans answers at once and the
 * page follows GET /api/plans/{id}); the test holds the starting request back until it has looked at
 * the overlay, so the checks do not race a fast server; the request then reaches the real server.
 * Closing the page halfway does not stop the plan: the project shows it when it is done.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page, Response, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, MOBILE, type TestPage, WORK_TIMEOUT_MS } from './support/browser';
import { browserSuite, openPortfolio, signUpWithCompany as signUp, uniqueEmail } from './support/suite';

const ESTIMATES = resolve(import.meta.dirname, '../fixtures/estimates');
/** The residential remodel estimate with a text layer, and the trades it prices. */
const REMODEL_PDF = 'residential-kitchen-bath-remodel.pdf';
const REMODEL_TRADES = [
  /demolition/i,
  /framing/i,
  /plumbing/i,
  /electrical/i,
  /drywall/i,
  /cabinet/i,
  /countertop/i,
  /tile/i,
];

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

/** Signs up a new user and gives them a company; ends on the Portfolio. */
async function signUpWithCompany(page: Page) {
  await signUp(page, { email: uniqueEmail('plan') });
  await openPortfolio(page);
}

function estimateFile(name: string, mimeType: string) {
  return { name, mimeType, buffer: readFileSync(join(ESTIMATES, name)) };
}

/** Holds every POST /api/projects/{id}/plans until `release()`; then each goes on to the real server. */
async function holdPlanning(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held++;
    await released;
    await route.continue();
  };
  await page.route('**/api/projects/*/plans', handler);
  return {
    release,
    held: () => held,
    /** Waits until the page has sent a file for reading. */
    waitForHeld: () => expect.poll(() => held).toBeGreaterThan(0),
  };
}

/** Fills the New Project dialog and attaches files. */
async function fillNewProject(page: Page, name: string, files: ReturnType<typeof estimateFile>[]) {
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Create New Project' }).waitFor();
  await dialog.getByLabel('Project Name').fill(name);
  await dialog.getByLabel('Client', { exact: true }).fill('Harper Family');
  await dialog.getByLabel('Budget ($)').fill('60000');
  await dialog.getByLabel('Start Date').fill('2026-03-02');
  await dialog.getByLabel('End Date').fill('2026-09-30');
  await dialog.getByLabel('Attachments (optional)').setInputFiles(files);
  for (const f of files) await dialog.getByText(f.name, { exact: true }).waitFor();
  return dialog;
}

/** The project id of the POST /api/projects answer to `submit`. */
async function createdProjectId(page: Page, submit: () => Promise<void>): Promise<number> {
  const [res] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/projects',
    ),
    submit(),
  ]);
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const isPlanStart = (projectId: number) => (r: Response) =>
  r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/projects/${projectId}/plans`;

const overlayOf = (page: Page) => page.locator('[data-plan-overlay]');

async function percentOf(overlay: Locator): Promise<number> {
  const bar = overlay.getByRole('progressbar', { name: 'Plan generation progress' });
  return Number(await bar.getAttribute('aria-valuenow'));
}

interface TaskRow {
  id: number;
  name: string;
  isCritical: boolean;
  startDate: string | null;
}

async function tasksOf(page: Page, projectId: number): Promise<TaskRow[]> {
  const res = await page.request.get(`/api/projects/${projectId}/tasks`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TaskRow[];
}

/**
 * Signs up, creates a project from the remodel PDF and, as soon as the server has its plan, closes
 * the tab and opens another page for the same user (not yet navigated).
 */
async function planThenCloseTheTab(t: TestPage, name: string) {
  const { page } = t;
  await signUpWithCompany(page);
  const dialog = await fillNewProject(page, name, [estimateFile(REMODEL_PDF, 'application/pdf')]);
  // Listened for before the click: the page may upload the file and start the plan at once.
  const planStarted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/api\/projects\/\d+\/plans$/.test(new URL(r.url()).pathname),
    { timeout: WORK_TIMEOUT_MS },
  );
  const projectId = await createdProjectId(page, () =>
    dialog.getByRole('button', { name: 'Create Project' }).click(),
  );
  const started = await planStarted;
  expect(started.url()).toContain(`/api/projects/${projectId}/plans`);
  expect(started.status()).toBe(202);
  const { generationId } = (await started.json()) as { generationId: number };
  const reopened = await t.context.newPage();
  await page.close();
  return { projectId, generationId, reopened };
}

/** On the project's Gantt view, with critical bars drawn. */
async function expectGanttWithCriticalPath(page: Page, projectId: number) {
  await page.waitForURL(new RegExp(`/projects/${projectId}\\?view=gantt$`), { timeout: WORK_TIMEOUT_MS });
  await page.getByRole('tab', { name: 'Gantt', selected: true }).waitFor();
  const critical = page.locator('g[data-task-id][data-critical="true"]');
  // Drawn when the plan is saved: the server's work, which a busy machine makes slower.
  await critical.first().waitFor({ timeout: WORK_TIMEOUT_MS });
  expect(await critical.count()).toBeGreaterThan(0);
  // Critical bars are drawn red, the others not.
  expect(await critical.first().locator('rect[data-bar]').first().getAttribute('fill')).toBe('#dc2626');
  const finish = await page.locator('[data-finish]').getAttribute('data-finish');
  expect(finish).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return finish;
}

describe('estimate to plan', () => {
  it('creates a project from a PDF estimate: overlay with steps, percentage and time, then the Gantt', async () => {
    const t = await open();
    const { page } = t;
    // The overlay's elapsed time ticks on the page's clock, which the test moves on.
    await page.clock.install();
    await signUpWithCompany(page);

    const dialog = await fillNewProject(page, 'Harper Kitchen Remodel', [
      estimateFile(REMODEL_PDF, 'application/pdf'),
    ]);
    const hold = await holdPlanning(page);
    let progressRequests = 0;
    page.on('request', (r) => {
      if (/^\/api\/plans\/\d+$/.test(new URL(r.url()).pathname)) progressRequests += 1;
    });
    const projectId = await createdProjectId(page, () =>
      dialog.getByRole('button', { name: 'Create Project' }).click(),
    );
    await hold.waitForHeld();

    // The overlay: an alert dialog naming the file, with the six steps, a percentage and the time.
    const overlay = overlayOf(page);
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('alertdialog');
    await overlay.getByRole('heading', { name: 'Creating your project plan' }).waitFor();
    await overlay.getByText(REMODEL_PDF).waitFor();
    const steps = overlay.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    expect(await steps.allTextContents()).toEqual([
      'Initializing (done)',
      'Processing files (in progress)',
      'Analyzing the estimate (pending)',
      'Generating tasks (pending)',
      'Creating insights (pending)',
      'Finalizing (pending)',
    ]);
    expect(await overlay.locator('[aria-current="step"]').getAttribute('data-step')).toBe('processing-files');
    const reading = await percentOf(overlay);
    expect(reading).toBeGreaterThan(0);
    expect(reading).toBeLessThan(100);
    await overlay.getByText(`${reading}%`, { exact: true }).waitFor();
    // The elapsed timer ticks.
    const elapsed = overlay.locator('[data-elapsed]');
    expect(await elapsed.textContent()).toMatch(/^\d{2}:\d{2}$/);
    await page.clock.runFor(1000);
    await page.waitForFunction(() => document.querySelector('[data-elapsed]')?.textContent !== '00:00');
    // The dialog form gave way to the overlay; Escape does not abandon the run but says why.
    expect(await page.getByRole('heading', { name: 'Create New Project' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await overlay.getByText('The plan is still being generated and cannot be abandoned halfway.').waitFor();
    await overlay.waitFor();
    // Focus stays inside the overlay.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-plan-overlay]'))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(hold.held()).toBe(1);

    // Released, the server plans the stored file: the request answers at once, the page follows it.
    const [started] = await Promise.all([
      page.waitForResponse(isPlanStart(projectId), { timeout: WORK_TIMEOUT_MS }),
      hold.release(),
    ]);
    expect(started.status()).toBe(202);
    const { generationId } = (await started.json()) as { generationId: number };

    // The Gantt of the new project, with its critical path; the completion notice.
    const finish = await expectGanttWithCriticalPath(page, projectId);
    // The overlay asked the server for the generation's progress; its plan is the project's.
    expect(progressRequests).toBeGreaterThan(0);
    const generation = (await (await page.request.get(`/api/plans/${generationId}`)).json()) as {
      status: string;
      result: { tasks: TaskRow[]; criticalPath: number[]; finishDate: string };
    };
    expect(generation.status).toBe('succeeded');
    const body = generation.result;
    expect(body.tasks.length).toBeGreaterThan(3);
    expect(body.criticalPath.length).toBeGreaterThan(0);
    expect(finish).toBe(body.finishDate);
    await page
      .locator('li[data-variant]')
      .getByText('Project created successfully!', { exact: true })
      .waitFor();
    await page
      .locator('li[data-variant]')
      .getByText(new RegExp(`^${body.tasks.length} tasks planned, finishing `))
      .waitFor();
    expect(await overlay.count()).toBe(0);

    // The tasks are the estimate's trades, dated; the PDF is kept as a project document.
    const tasks = await tasksOf(page, projectId);
    expect(tasks.length).toBe(body.tasks.length);
    const names = tasks.map((task) => task.name).join('\n');
    for (const trade of REMODEL_TRADES) expect(names).toMatch(trade);
    expect(tasks.every((task) => task.startDate !== null)).toBe(true);
    expect(
      tasks
        .filter((task) => task.isCritical)
        .map((task) => task.id)
        .sort(),
    ).toEqual([...body.criticalPath].sort());
    const docs = (await (await page.request.get(`/api/projects/${projectId}/documents`)).json()) as {
      originalName: string;
    }[];
    expect(docs.map((d) => d.originalName)).toEqual([REMODEL_PDF]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Every link explains itself: on the Gantt's link tooltip and in the task's "Waits for" list.
    const fabrication = /Countertops are fabricated from the template: \d+ working days/;
    const titles = await page.locator('path[data-link-hit] title').allTextContents();
    expect(titles.some((title) => fabrication.test(title))).toBe(true);
    const countertops = tasks.find((task) => /^countertops$/i.test(task.name));
    expect(countertops).toBeDefined();
    await page.goto(`/projects/${projectId}/tasks/${countertops?.id}`);
    const waits = page.getByTestId('task-dependencies');
    await waits.getByRole('link', { name: 'Template countertops' }).waitFor();
    await waits.getByText(fabrication).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('reports a file it cannot read and still plans the others (phone width)', async () => {
    const t = await open(MOBILE);
    const { page } = t;
    await signUpWithCompany(page);
    const xlsm = {
      name: 'old-bid.xlsm',
      mimeType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
      // A macro-enabled workbook: a zip package, which the product neither keeps nor reads.
      buffer: Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(508)]),
    };
    const dialog = await fillNewProject(page, 'Harper Remodel with old bid', [
      estimateFile(REMODEL_PDF, 'application/pdf'),
      xlsm,
    ]);
    const hold = await holdPlanning(page);
    const projectId = await createdProjectId(page, () =>
      dialog.getByRole('button', { name: 'Create Project' }).click(),
    );
    // The project does not keep a macro-enabled workbook, so it is not read.
    t.expectHttpError({ status: 415, path: `/api/projects/${projectId}/documents` });
    await hold.waitForHeld();
    const overlay = overlayOf(page);
    await overlay.getByText(`File 1 of 2: ${REMODEL_PDF}`).waitFor();
    const files = overlay.getByRole('region', { name: 'Files' });
    await files.getByText('old-bid.xlsm', { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    hold.release();

    // At the end the overlay stays with the reason, until the user opens the plan.
    await overlay
      .getByRole('heading', { name: 'Plan ready, with problems' })
      .waitFor({ timeout: WORK_TIMEOUT_MS });
    const failed = files.getByRole('listitem').filter({ hasText: 'old-bid.xlsm' });
    expect(await failed.getAttribute('data-file-status')).toBe('failed');
    await failed.getByText('Could not be read: it could not be kept with the project').waitFor();
    await failed
      .getByText(/Not kept with the project: "old-bid.xlsm": .xlsm files are not accepted/)
      .waitFor();
    const planned = files.getByRole('listitem').filter({ hasText: REMODEL_PDF });
    expect(await planned.getAttribute('data-file-status')).toBe('planned');
    expect(await percentOf(overlay)).toBe(100);
    const openPlan = overlay.getByRole('button', { name: 'Open the plan' });
    expect(await openPlan.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await openPlan.click();

    await expectGanttWithCriticalPath(page, projectId);
    await page
      .locator('li[data-variant]')
      .getByText(/1 file could not be used\.$/)
      .waitFor();
    const names = (await tasksOf(page, projectId)).map((task) => task.name).join('\n');
    for (const trade of REMODEL_TRADES) expect(names).toMatch(trade);
  });

  it('goes on planning when the page is closed halfway: the project shows the plan when reopened', async () => {
    // The tab is closed as soon as the server has the work; the same user opens the project again.
    const { projectId, reopened } = await planThenCloseTheTab(await open(), 'Closed Tab Remodel');
    const httpErrors: string[] = [];
    reopened.on('response', (r) => {
      if (r.status() >= 400) httpErrors.push(`${r.status()} ${r.url()}`);
    });
    await reopened.goto(`/projects/${projectId}?view=gantt`);
    await reopened.getByRole('heading', { level: 1, name: 'Closed Tab Remodel' }).waitFor();
    // Still running: the page says so and draws the plan when it is done; already done: the plan.
    await expectGanttWithCriticalPath(reopened, projectId);
    const names = (await tasksOf(reopened, projectId)).map((task) => task.name).join('\n');
    for (const trade of REMODEL_TRADES) expect(names).toMatch(trade);
    expect(await reopened.getByRole('region', { name: 'Plan in progress' }).count()).toBe(0);
    expect(httpErrors).toEqual([]);
  });

  it('shows a plan that was saved while the page opened, after the page had read no tasks', async () => {
    const { projectId, generationId, reopened } = await planThenCloseTheTab(
      await open(),
      'Opening Race Remodel',
    );
    // The page opened as the plan was being saved: its first read of the tasks found none yet, and
    // its first read of the project's plans found the plan already done.
    let tasksRead = 0;
    await reopened.route(`**/api/projects/${projectId}/tasks`, (route) =>
      tasksRead++ === 0
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.continue(),
    );
    await reopened.route(`**/api/projects/${projectId}/plans`, async (route) => {
      await expect
        .poll(
          async () => {
            const res = await reopened.request.get(`/api/plans/${generationId}`);
            return ((await res.json()) as { status: string }).status;
          },
          { timeout: WORK_TIMEOUT_MS },
        )
        .toBe('succeeded');
      await route.continue();
    });
    await reopened.goto(`/projects/${projectId}?view=gantt`);
    await expectGanttWithCriticalPath(reopened, projectId);
    expect(tasksRead).toBeGreaterThan(1);
  });

  it('plans a stored estimate from the Documents panel, and asks first when the project has tasks', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page);
    const res = await page.request.post('/api/projects', {
      data: {
        name: 'Elm Court Remodel',
        client: 'Ng Family',
        type: 'Residential',
        budget: '60000',
        startDate: '2026-04-06',
        endDate: '2026-10-30',
      },
    });
    expect(res.status()).toBe(201);
    const projectId = ((await res.json()) as { id: number }).id;
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Elm Court Remodel' }).waitFor();
    await page.getByLabel('Add files').setInputFiles(estimateFile(REMODEL_PDF, 'application/pdf'));
    await page.getByRole('button', { name: 'Upload' }).click();
    const documents = page.getByRole('list', { name: 'Documents' });
    await documents.getByText(REMODEL_PDF).waitFor();
    await expect.poll(() => tasksOf(page, projectId).then((rows) => rows.length)).toBe(0);

    // No tasks yet: it starts at once, with the overlay.
    const hold = await holdPlanning(page);
    await documents.getByRole('button', { name: `Generate plan from ${REMODEL_PDF}` }).click();
    await hold.waitForHeld();
    const overlay = overlayOf(page);
    await overlay.getByRole('heading', { name: 'Generating a plan for Elm Court Remodel' }).waitFor();
    expect(await overlay.locator('[aria-current="step"]').getAttribute('data-step')).toBe('processing-files');
    hold.release();
    await expectGanttWithCriticalPath(page, projectId);
    const done = page.locator('li[data-variant]').filter({ hasText: 'Plan generated' });
    await done.waitFor({ timeout: WORK_TIMEOUT_MS });
    // The notice stays 10 s and may sit over the Documents list: close it, as a user would.
    await done.getByRole('button', { name: 'Close' }).click();
    await done.waitFor({ state: 'detached' });
    const first = await tasksOf(page, projectId);
    expect(first.length).toBeGreaterThan(3);

    // The same estimate again: the server plans a file once per project, so the button does not
    // promise new tasks; it says the estimate is planned already and offers the Gantt.
    await documents.getByRole('button', { name: `Generate plan from ${REMODEL_PDF}` }).click();
    const already = page.getByRole('alertdialog', { name: 'Already planned' });
    await already
      .getByText('Generating it again adds no tasks and changes nothing', { exact: false })
      .waitFor();
    expect(await already.getByText('nothing is removed', { exact: false }).count()).toBe(0);
    expect(await already.getByRole('button', { name: "Add the plan's tasks" }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await already.getByRole('button', { name: 'Open the Gantt' }).click();
    await already.waitFor({ state: 'detached' });
    await page.waitForURL(`**/projects/${projectId}?view=gantt`);
    await page.locator('[data-gantt]').waitFor();

    expect((await tasksOf(page, projectId)).length).toBe(first.length);
  });
});
