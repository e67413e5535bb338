/**
 * The project's Gantt chart against the real server: three finish-to-start tasks and one loose task
 * made through the API and scheduled; dragging the end of the critical first task lengthens it, and
 * the finish date and its successors' bars move to the server's new schedule. Keyboard resizing,
 * drawing a link, moving a bar (a start-no-earlier-than date that sticks after a reload), editing a
 * link's type and lag in the link dialog, and the materials' expected-delivery marker are checked the
 * same way. Each change is one PUT (the server re-schedules in it); the chart then reads
 * GET …/schedule, never POSTs it. With SHOTS_DIR set, screenshots at 1280 and 390 px are written there.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigMspdi } from './support/big-project';
import { accessibilityViolations, MOBILE } from './support/browser';
import { shot } from './support/shots';
import { browserSuite, signUpWithCompany as signUp, uniqueEmail } from './support/suite';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

/** Signs up a new user and gives them a company. */
const signUpWithCompany = (page: Page) => signUp(page, { email: uniqueEmail('gantt') });

interface Schedule {
  finishDate: string;
  criticalPath: number[];
  tasks: { id: number; startDate: string; endDate: string; totalFloat: number; isCritical: boolean }[];
}

/** A project starting Monday 2026-03-02 (no holidays that month), with indoor tasks (no weather days). */
async function seedProject(page: Page) {
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { data });
    expect(res.status(), `POST ${path}`).toBe(201);
    return (await res.json()) as { id: number };
  };
  const project = await post('/api/projects', {
    name: 'Harbor Office Fit-out',
    client: 'Harbor Partners',
    type: 'Commercial',
    budget: '850000',
    startDate: '2026-03-02',
    endDate: '2026-06-30',
  });
  // Linked tasks are dated by the schedule; the others are typed on the project's first day.
  const base = { projectId: project.id, startDate: '2026-03-02', endDate: '2026-03-02' };
  const layout = await post('/api/tasks', { ...base, name: 'Interior layout', phase: 'Design', duration: 3 });
  const fs = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);
  const wiring = await post('/api/tasks', {
    projectId: project.id,
    name: 'Electrical rough-in',
    phase: 'Interiors',
    duration: 2,
    dependencies: fs(layout.id),
  });
  const paint = await post('/api/tasks', {
    projectId: project.id,
    name: 'Paint and finishes',
    phase: 'Interiors',
    duration: 1,
    dependencies: fs(wiring.id),
  });
  const signage = await post('/api/tasks', { ...base, name: 'Order signage', phase: 'Design', duration: 1 });
  const res = await page.request.post(`/api/projects/${project.id}/schedule`);
  expect(res.status()).toBe(200);
  const schedule = (await res.json()) as Schedule;
  // Mon 2–Wed 4, Thu 5–Fri 6, Mon 9: the chain is critical; the signage has 5 days of float.
  expect(schedule.finishDate).toBe('2026-03-09');
  expect(schedule.criticalPath).toEqual([layout.id, wiring.id, paint.id]);
  expect(schedule.tasks.find((t) => t.id === signage.id)?.totalFloat).toBe(5);
  return {
    projectId: project.id,
    layout: layout.id,
    wiring: wiring.id,
    paint: paint.id,
    signage: signage.id,
  };
}

const bar = (page: Page, id: number) => page.locator(`g[data-task-id="${id}"]`);

async function attr(locator: Locator, name: string): Promise<string | null> {
  return locator.getAttribute(name);
}

/** Waits until the locator's attribute reads `value`. */
async function waitForAttr(locator: Locator, name: string, value: string) {
  await expect.poll(() => attr(locator, name)).toBe(value);
}

async function barX(locator: Locator): Promise<number> {
  return Number(await locator.locator('rect[data-bar]').getAttribute('x'));
}

async function openGantt(page: Page, projectId: number) {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('heading', { level: 1, name: 'Harbor Office Fit-out' }).waitFor();
  await page.getByRole('tab', { name: 'Gantt' }).click();
  await page.locator('[data-gantt]').waitFor();
}

function answerTo(page: Page, method: string, path: string) {
  return page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);
}

/** Drags with the mouse from `from` through each point of `path` (each move in `steps` steps). */
async function drag(
  page: Page,
  from: { x: number; y: number },
  path: { x: number; y: number; steps: number }[],
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (const to of path) await page.mouse.move(to.x, to.y, { steps: to.steps });
  await page.mouse.up();
}

describe('the Gantt chart', () => {
  it('lengthens the critical first task by dragging its end; the finish and successors move', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page);
    const ids = await seedProject(page);
    // The chart reads the schedule; it never POSTs it (each save re-schedules on the server).
    const schedulePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/schedule'))
        schedulePosts.push(r.url());
    });
    await openGantt(page, ids.projectId);

    const finish = page.locator('[data-finish]');
    await waitForAttr(finish, 'data-finish', '2026-03-09');
    const first = bar(page, ids.layout);
    const second = bar(page, ids.wiring);
    const third = bar(page, ids.paint);
    expect(await attr(first, 'data-critical')).toBe('true');
    expect(await attr(bar(page, ids.signage), 'data-critical')).toBe('false');
    expect(await first.locator('rect[data-bar]').getAttribute('fill')).toBe('#dc2626');
    // The loose task's float trails its bar; the chain has none.
    expect(await bar(page, ids.signage).locator('rect[data-float]').count()).toBe(1);
    expect(await first.locator('rect[data-float]').count()).toBe(0);
    // Three FS arrows? Two: layout → wiring → paint.
    expect(await page.locator('path[data-link-type="FS"]').count()).toBe(2);
    expect(await attr(second, 'data-start')).toBe('2026-03-05');
    await shot(page, 'gantt');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Day zoom (32 px a day), then drag the first bar's right edge two days on: Wed 4 → Fri 6.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    const beforeX = await barX(second);
    const handle = first.locator('rect[data-resize-handle]');
    const box = await handle.boundingBox();
    if (!box) throw new Error('the resize handle is not visible');
    const handleAt = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const [put, scheduled] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.layout}`),
      answerTo(page, 'GET', `/api/projects/${ids.projectId}/schedule`),
      drag(page, handleAt, [
        { x: handleAt.x + 30, y: handleAt.y, steps: 4 },
        { x: handleAt.x + 64, y: handleAt.y, steps: 4 },
      ]),
    ]);
    expect(put.request().postDataJSON()).toEqual({ duration: 5 });
    expect(scheduled.status()).toBe(200);

    await waitForAttr(first, 'data-end', '2026-03-06');
    await waitForAttr(second, 'data-start', '2026-03-09');
    await waitForAttr(third, 'data-start', '2026-03-11');
    await waitForAttr(finish, 'data-finish', '2026-03-11');
    expect(await attr(first, 'data-duration')).toBe('5');
    // Two working days later is four calendar days (over the weekend): 4 × 32 px.
    expect((await barX(second)) - beforeX).toBe(128);
    await page.getByText('Changing Interior layout to 5 working days').waitFor({ state: 'attached' });

    // The keyboard: Shift + → on the last task adds a day and moves the finish.
    await third.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await waitForAttr(third, 'data-duration', '2');
    await waitForAttr(finish, 'data-finish', '2026-03-12');

    // Drawing from the signage's connector onto the paint bar links them finish-to-start.
    const connector = bar(page, ids.signage).locator('circle[data-connector]');
    const from = await connector.boundingBox();
    const to = await third.locator('rect[data-bar]').boundingBox();
    if (!from || !to) throw new Error('bars not visible');
    const [linked] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      drag(page, { x: from.x + from.width / 2, y: from.y + from.height / 2 }, [
        { x: to.x + to.width / 2, y: to.y + to.height / 2, steps: 6 },
      ]),
    ]);
    const body = linked.request().postDataJSON() as { dependencies: string };
    expect(JSON.parse(body.dependencies)).toEqual([
      { taskId: ids.wiring, type: 'FS', lagDays: 0 },
      { taskId: ids.signage, type: 'FS', lagDays: 0 },
    ]);
    await expect.poll(() => page.locator('path[data-link-type="FS"]').count()).toBe(3);
    // The signage finishes long before the paint starts: the finish stays.
    await waitForAttr(finish, 'data-finish', '2026-03-12');

    // → moves the paint a working day later: saved as its start-no-earlier-than day (links untouched).
    await third.focus();
    const [moved] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      page.keyboard.press('ArrowRight'),
    ]);
    expect(moved.request().postDataJSON()).toEqual({ startNoEarlierThan: '2026-03-12' });
    await waitForAttr(third, 'data-start', '2026-03-12');
    await waitForAttr(finish, 'data-finish', '2026-03-13');
    await page.getByText('Moving Paint and finishes to start Mar 12, 2026').waitFor({ state: 'attached' });
    expect(await page.locator(`g[data-constraint="2026-03-12"]`).count()).toBe(1);

    // Dragging the bar itself a day back, to where its links start it anyway, clears the constraint.
    const body3 = await third.locator('rect[data-bar]').boundingBox();
    if (!body3) throw new Error('the paint bar is not visible');
    const paintAt = { x: body3.x + body3.width / 2, y: body3.y + body3.height / 2 };
    const [dragged] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      drag(page, paintAt, [
        { x: paintAt.x - 20, y: paintAt.y, steps: 4 },
        { x: paintAt.x - 32, y: paintAt.y, steps: 2 },
      ]),
    ]);
    expect(dragged.request().postDataJSON()).toEqual({ startNoEarlierThan: null });
    await waitForAttr(third, 'data-start', '2026-03-11');
    await waitForAttr(finish, 'data-finish', '2026-03-12');
    await expect.poll(() => page.locator('g[data-constraint]').count()).toBe(0);
    await shot(page, 'gantt-day');

    // Export PNG downloads the whole chart as an image.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('harbor-office-fit-out-gantt.png');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const png = Buffer.concat(chunks);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(600); // width in px

    // Printing draws every row into a print-only chart and leaves the page out.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.gantt-print > svg');
    expect(await printed.isVisible()).toBe(true);
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await printed.getByText('Paint and finishes').count()).toBe(1);
    await shot(page, 'gantt-print');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => page.locator('.gantt-print').count()).toBe(0);
    expect(schedulePosts).toEqual([]);
  });

  it('moves a task without predecessors for good, edits a link in its dialog, and marks a materials delivery', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page);
    const ids = await seedProject(page);
    // The electrical rough-in waits for its materials: ordered, expected Wednesday 11 March.
    const materials = await page.request.put(`/api/tasks/${ids.wiring}`, {
      data: {
        materialsStatus: JSON.stringify({ needed: true, approved: true, ordered: true }),
        materialsExpectedDate: '2026-03-11',
      },
    });
    expect(materials.status()).toBe(200);
    await openGantt(page, ids.projectId);
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    const finish = page.locator('[data-finish]');
    const second = bar(page, ids.wiring);
    const third = bar(page, ids.paint);
    const signage = bar(page, ids.signage);
    // Wiring Wed 11–Thu 12 (held by its delivery), paint Fri 13.
    await waitForAttr(second, 'data-start', '2026-03-11');
    await waitForAttr(third, 'data-start', '2026-03-13');
    await waitForAttr(finish, 'data-finish', '2026-03-13');
    const marker = page.locator(`g[data-materials="2026-03-11"]`);
    expect(await marker.count()).toBe(1);
    expect(await marker.locator('title').textContent()).toBe(
      'Electrical rough-in: materials expected Mar 11, 2026 (not delivered yet)',
    );
    expect(await second.getAttribute('aria-label')).toContain('materials expected Mar 11, 2026');
    await shot(page, 'gantt-materials');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Drag the signage (no predecessors) three days on: Mon 2 → Thu 5. It is saved as its start.
    const box = await signage.locator('rect[data-bar]').boundingBox();
    if (!box) throw new Error('the signage bar is not visible');
    const signageAt = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const [moved] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.signage}`),
      drag(page, signageAt, [
        { x: signageAt.x + 50, y: signageAt.y, steps: 4 },
        { x: signageAt.x + 96, y: signageAt.y, steps: 4 },
      ]),
    ]);
    expect(moved.request().postDataJSON()).toEqual({ startNoEarlierThan: '2026-03-05' });
    await waitForAttr(signage, 'data-start', '2026-03-05');
    // After a reload it is still there (the constraint is stored; the schedule keeps it).
    await page.reload();
    await page.locator('[data-gantt]').waitFor();
    await waitForAttr(bar(page, ids.signage), 'data-start', '2026-03-05');
    expect(await page.locator('g[data-constraint="2026-03-05"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Day', exact: true }).click();

    // Click the wiring → paint arrow: make it start-to-start with one day of lag.
    const arrow = page.locator(`path[data-link-hit="${ids.wiring}-${ids.paint}-FS"]`);
    await arrow.dispatchEvent('click');
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('Electrical rough-in → Paint and finishes').count()).toBe(1);
    await dialog.getByRole('combobox', { name: 'Link type' }).click();
    await page.getByRole('option', { name: 'Start to start (SS)' }).click();
    await dialog.getByLabel('Lag (working days)').fill('1');
    await shot(page, 'gantt-link-dialog');
    expect(await accessibilityViolations(page)).toEqual([]);
    const [linked] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    const body = linked.request().postDataJSON() as { dependencies: string };
    expect(JSON.parse(body.dependencies)).toEqual([{ taskId: ids.wiring, type: 'SS', lagDays: 1 }]);
    // The paint now starts a day after the wiring starts: Thu 12, and the finish moves back to Thu 12.
    await waitForAttr(bar(page, ids.paint), 'data-start', '2026-03-12');
    await waitForAttr(page.locator('[data-finish]'), 'data-finish', '2026-03-12');
    expect(await page.locator('path[data-link-type="SS"]').count()).toBe(1);

    // A lag that is not a whole number is refused in the dialog, and nothing is sent.
    await page.locator(`path[data-link-hit="${ids.wiring}-${ids.paint}-SS"]`).dispatchEvent('click');
    await dialog.getByLabel('Lag (working days)').fill('1.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Lag must be a whole number of working days').waitFor();
    // Delete the link instead: the paint starts with the project again.
    const [deleted] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      dialog.getByRole('button', { name: 'Delete link' }).click(),
    ]);
    expect(deleted.request().postDataJSON()).toEqual({ dependencies: null });
    await waitForAttr(bar(page, ids.paint), 'data-start', '2026-03-02');
    expect(await page.locator('path[data-link-type]').count()).toBe(1);
  });

  it('fits a phone: the chart scrolls inside its frame and the bars stay operable', async () => {
    const t = await open(MOBILE);
    const { page } = t;
    await signUpWithCompany(page);
    const ids = await seedProject(page);
    await openGantt(page, ids.projectId);
    await waitForAttr(page.locator('[data-finish]'), 'data-finish', '2026-03-09');
    // Nothing wider than the screen outside the chart's own scrolling frame.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const first = bar(page, ids.layout);
    await first.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await waitForAttr(first, 'data-duration', '4');
    await waitForAttr(page.locator('[data-finish]'), 'data-finish', '2026-03-10');
    await shot(page, 'gantt');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A task added with the Gantt open is scheduled at once: from the project start.
    await page.getByRole('button', { name: 'Add Task' }).click();
    await page.getByLabel('Task name').fill('Order furniture');
    const [created] = await Promise.all([
      answerTo(page, 'POST', '/api/tasks'),
      page.getByRole('button', { name: 'Create', exact: true }).click(),
    ]);
    const { id: newId } = (await created.json()) as { id: number };
    const added = bar(page, newId);
    await waitForAttr(added, 'data-start', '2026-03-02');
    // Seven days (the form's default week) end on the finish, Mar 10: it is critical too.
    await waitForAttr(added, 'data-end', '2026-03-10');
    expect(await attr(added, 'data-critical')).toBe('true');

    // The paint's materials are expected Friday 13 March: a marker, and the paint waits for it.
    const put = await page.request.put(`/api/tasks/${ids.paint}`, {
      data: { materialsStatus: JSON.stringify({ needed: true }), materialsExpectedDate: '2026-03-13' },
    });
    expect(put.status()).toBe(200);
    await page.reload();
    await page.locator('[data-gantt]').waitFor();
    await waitForAttr(bar(page, ids.paint), 'data-start', '2026-03-13');
    const marker = page.locator('g[data-materials="2026-03-13"]');
    expect(await marker.count()).toBe(1);
    await marker.scrollIntoViewIfNeeded();
    await shot(page, 'gantt-materials');

    // From the keyboard: Enter on the paint's bar opens the link dialog; lead it by a day.
    await bar(page, ids.paint).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.waitFor();
    await shot(page, 'gantt-link-dialog');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel('Lag (working days)').fill('-1');
    const [linked] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.paint}`),
      page.keyboard.press('Enter'),
    ]);
    expect(JSON.parse((linked.request().postDataJSON() as { dependencies: string }).dependencies)).toEqual([
      { taskId: ids.wiring, type: 'FS', lagDays: -1 },
    ]);
    await expect.poll(() => dialog.count()).toBe(0);
    // The materials still hold it to Friday 13.
    await waitForAttr(bar(page, ids.paint), 'data-start', '2026-03-13');
  });

  it('renders only the rows in view of a 1,000-task project and scrolls to the last one', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page);
    const res = await page.request.post('/api/projects/import', {
      multipart: {
        file: { name: 'tower.xml', mimeType: 'application/xml', buffer: Buffer.from(bigMspdi(1000)) },
      },
    });
    expect(res.status()).toBe(201);
    const { project } = (await res.json()) as { project: { id: number; name: string } };
    await page.goto(`/projects/${project.id}?view=gantt`);
    await page.locator('[data-gantt]').waitFor();
    await page.locator('g[data-task-id]').first().waitFor();
    const rendered = () => page.locator('g[data-task-id]').count();
    expect(await rendered()).toBeGreaterThan(5);
    expect(await rendered()).toBeLessThan(60);
    const phases = page.locator('[data-phase]');
    expect(await phases.first().getAttribute('data-phase')).toBe('Level 1');
    // Scrolling to the end brings the last task in; the DOM stays small.
    const frameMs = await page.evaluate(async () => {
      const el = document.querySelector('[data-gantt-scroller]');
      if (!el) throw new Error('no scroller');
      const started = performance.now();
      for (let i = 0; i < 120 && el.scrollTop + el.clientHeight < el.scrollHeight; i++) {
        el.scrollTop += 300;
        await new Promise((r) => requestAnimationFrame(r));
      }
      el.scrollTop = el.scrollHeight;
      return performance.now() - started;
    });
    await page.getByText('Fit-out 5.200', { exact: true }).waitFor();
    expect(await rendered()).toBeLessThan(60);
    // The first phase's heading, 1,000 rows up, has left the DOM.
    expect(await page.locator('[data-phase="Level 1"]').count()).toBe(0);
    // A loose bound (a loaded test machine): about 110 frames of scrolling well inside 20 s.
    expect(frameMs).toBeLessThan(20_000);
  });
});
