/**
 * Baselines in the project's Gantt against the real server: save a baseline from the chart, drag a
 * task later and shorten another, and see the thin baseline bars stay where the plan was while the
 * task list shows each finish's variance (+N d late in red, −N d early in green); choosing None hides
 * them. With SHOTS_DIR set, screenshots at 1280 and 390 px are written there.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, MOBILE } from './support/browser';
import { shot, shotOf } from './support/shots';
import { browserSuite, signUpWithCompany as signUp, uniqueEmail } from './support/suite';

const suite = browserSuite();

/**
 * A project starting Monday 2026-03-02: Layout (Mon 2–Wed 4) → Wiring (Thu 5–Fri 6) → Paint (Mon 9),
 * and Signage (Mon 2) on its own.
 */
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
  const fs = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);
  const layout = await post('/api/tasks', { ...base, name: 'Interior layout', phase: 'Design', duration: 3 });
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
  expect((await page.request.post(`/api/projects/${project.id}/schedule`)).status()).toBe(200);
  return { projectId: project.id, layout: layout.id, paint: paint.id, signage: signage.id };
}

const bar = (page: Page, id: number) => page.locator(`g[data-task-id="${id}"]`);
const baselineBar = (page: Page, id: number) => page.locator(`[data-baseline-bar="${id}"]`);
const variance = (page: Page, name: string) => page.locator(`div[title="${name}"] [data-variance]`);

async function waitForAttr(locator: Locator, name: string, value: string | null) {
  await expect.poll(() => locator.getAttribute(name)).toBe(value);
}

function answerTo(page: Page, method: string, path: string) {
  return page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);
}

describe('Baselines in the Gantt', () => {
  it('saves a baseline, then a dragged task shows its variance and its baseline bar stays behind', async () => {
    const t = await suite.open();
    const { page } = t;
    await signUp(page, { email: uniqueEmail('baseline') });
    const ids = await seedProject(page);
    // Saving a second baseline under the same name is refused (409), shown under the field.
    t.expectHttpError({ status: 409, path: `/api/projects/${ids.projectId}/baselines` });
    await page.goto(`/projects/${ids.projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Harbor Office Fit-out' }).waitFor();
    await page.getByRole('tab', { name: 'Gantt' }).click();
    await page.locator('[data-gantt]').waitFor();
    const picker = page.getByRole('combobox', { name: 'Baseline' });
    await expect.poll(() => picker.textContent()).toBe('None');
    expect(await page.locator('[data-baseline-bar]').count()).toBe(0);

    // Save a baseline from the chart.
    await page.getByRole('button', { name: 'Save baseline…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save baseline' });
    await dialog.waitFor();
    await dialog.getByLabel('Name').fill('Contract schedule');
    await shot(page, 'save-baseline-dialog', { fullPage: false });
    const [saved] = await Promise.all([
      answerTo(page, 'POST', `/api/projects/${ids.projectId}/baselines`),
      dialog.getByRole('button', { name: 'Save baseline' }).click(),
    ]);
    expect(saved.status()).toBe(201);
    const baselineId = ((await saved.json()) as { id: number }).id;
    await dialog.waitFor({ state: 'hidden' });
    // The first baseline is the default, chosen at once: every task has its bar and is on time.
    await expect.poll(() => picker.textContent()).toBe('Contract schedule (default)');
    await expect.poll(() => page.locator('[data-baseline-bar]').count()).toBe(4);
    await expect.poll(() => page.locator('[data-variance="0"]').count()).toBe(4);

    // The notice of the save goes before the drag: it lies over the chart's lower right corner.
    const notice = page.getByText('Baseline "Contract schedule" saved');
    await expect
      .poll(() => notice.evaluateAll((found) => found.filter((el) => el.checkVisibility()).length))
      .toBe(0);

    // Drag the signage three days on (Mon 2 → Thu 5): it finishes three working days late.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    const signage = bar(page, ids.signage);
    const box = await signage.locator('rect[data-bar]').boundingBox();
    if (!box) throw new Error('the signage bar is not visible');
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const [moved] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.signage}`),
      (async () => {
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(from.x + 50, from.y, { steps: 4 });
        await page.mouse.move(from.x + 96, from.y, { steps: 4 });
        await page.mouse.up();
      })(),
    ]);
    expect(moved.request().postDataJSON()).toEqual({ startNoEarlierThan: '2026-03-05' });
    await waitForAttr(signage, 'data-start', '2026-03-05');
    const late = variance(page, 'Order signage');
    await waitForAttr(late, 'data-variance', '3');
    expect(await late.textContent()).toContain('+3 d');
    expect(await late.getAttribute('class')).toContain('text-red-600');
    expect(await signage.getAttribute('aria-label')).toContain('3 working days late against the baseline');
    // The baseline bar stays on Monday 2, three days (96 px at day zoom) left of the bar.
    const current = Number(await signage.locator('rect[data-bar]').getAttribute('x'));
    await expect
      .poll(async () => Number(await baselineBar(page, ids.signage).getAttribute('x')))
      .toBe(current - 96);

    // Shorten the first task by a day from the keyboard: it and its successors finish a day early.
    const [shortened] = await Promise.all([
      answerTo(page, 'PUT', `/api/tasks/${ids.layout}`),
      (async () => {
        await bar(page, ids.layout).focus();
        await page.keyboard.press('Shift+ArrowLeft');
      })(),
    ]);
    expect(shortened.request().postDataJSON()).toEqual({ duration: 2 });
    const early = variance(page, 'Paint and finishes');
    await waitForAttr(early, 'data-variance', '-1');
    expect(await early.textContent()).toContain('\u22121 d');
    expect(await early.getAttribute('class')).toContain('text-green-700');
    await shot(page, 'gantt-baseline');
    await shotOf(page.locator('[data-baseline-controls]').locator('xpath=..'), 'gantt-baseline-1280-chart');
    expect(await accessibilityViolations(page)).toEqual([]);

    // After a reload the default baseline is chosen again and the variance is the server's.
    await page.reload();
    await page.locator('[data-gantt]').waitFor();
    await waitForAttr(variance(page, 'Order signage'), 'data-variance', '3');

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await waitForAttr(variance(page, 'Order signage'), 'data-variance', '3');
    await shot(page, 'gantt-baseline');
    await shotOf(page.locator('[data-baseline-controls]').locator('xpath=..'), 'gantt-baseline-390-chart');

    // None: no baseline bars, no variance.
    await picker.click();
    await page.getByRole('option', { name: 'None' }).click();
    await expect.poll(() => page.locator('[data-baseline-bar]').count()).toBe(0);
    expect(await page.locator('[data-variance]').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A name in use (ignoring case) is refused under the field; nothing is added.
    await page.getByRole('button', { name: 'Save baseline…' }).click();
    await dialog.getByLabel('Name').fill('contract SCHEDULE');
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await dialog.getByText('This project already has a baseline named "contract SCHEDULE".').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Delete the baseline: the chart is back to no baseline, and the list is empty.
    await picker.click();
    await page.getByRole('option', { name: 'Contract schedule (default)' }).click();
    await expect.poll(() => page.locator('[data-baseline-bar]').count()).toBe(4);
    await page.getByRole('button', { name: 'Delete baseline Contract schedule' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete baseline' });
    const [deleted] = await Promise.all([
      answerTo(page, 'DELETE', `/api/projects/${ids.projectId}/baselines/${baselineId}`),
      confirm.getByRole('button', { name: 'Delete' }).click(),
    ]);
    expect(deleted.status()).toBe(200);
    await expect.poll(() => picker.textContent()).toBe('None');
    expect(await page.locator('[data-baseline-bar]').count()).toBe(0);
    const left = await page.request.get(`/api/projects/${ids.projectId}/baselines`);
    expect(await left.json()).toEqual([]);
  });
});
