/**
 * Dates that follow the job, in the browser: a project's start moved with its schedule, and a start
 * date typed on the task page kept, or explained when a predecessor holds the task later.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser';
import { signUpThroughApi } from './support/schedule-data';
import { shot } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const fs = (...ids: number[]) => JSON.stringify(ids.map((taskId) => ({ taskId, type: 'FS', lagDays: 0 })));

/** A project from Monday 2 March 2026 with Footings (5 days) → Framing (4 days) and a free Survey. */
async function seedProject(page: Page) {
  const project = await post<{ id: number }>(page, '/api/projects', {
    name: 'Harbor Clinic',
    client: 'Harbor Health',
    budget: '900000',
    startDate: '2026-03-02',
    endDate: '2026-10-01',
  });
  const footings = await post<{ id: number }>(page, '/api/tasks', {
    projectId: project.id,
    name: 'Footings',
    phase: 'Foundation',
    duration: 5,
  });
  const framing = await post<{ id: number }>(page, '/api/tasks', {
    projectId: project.id,
    name: 'Framing',
    phase: 'Framing',
    duration: 4,
    dependencies: fs(footings.id),
  });
  await post(page, `/api/projects/${project.id}/schedule`, {});
  return { projectId: project.id, footingsId: footings.id, framingId: framing.id };
}

const taskCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: name });

describe('schedules that follow the job', () => {
  it('moves the tasks with a changed project start', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Follow Builders');
    const { projectId } = await seedProject(page);
    await page.goto(`/projects/${projectId}`);
    const framing = taskCard(page, 'Framing');
    await framing.getByText('Mar 9, 2026').waitFor();

    await page.getByRole('button', { name: 'Edit Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Start Date').fill('2026-03-16');
    const shift = dialog.getByRole('checkbox', { name: 'Move the schedule with the start date' });
    await shift.waitFor();
    expect(await shift.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page);
    await shot(page, 'project-edit-shift', { bothWidths: true, fullPage: false });
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Ten working days later: Footings 16–20 March, Framing from Monday 23 March.
    await taskCard(page, 'Footings').getByText('Mar 16, 2026').waitFor();
    await framing.getByText('Mar 23, 2026').waitFor();
    await framing.getByText('Mar 26, 2026').waitFor();
  });

  it('keeps a typed start date, or says which predecessor holds the task and until when', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Typed Builders');
    const { projectId, framingId } = await seedProject(page);
    await page.goto(`/projects/${projectId}/tasks/${framingId}`);
    await page.getByRole('heading', { name: 'Framing' }).waitFor();
    const save = () =>
      page
        .locator('form')
        .filter({ has: page.getByLabel('Start Date') })
        .getByRole('button', { name: 'Save', exact: true })
        .click();

    // Later than the links allow: kept as the task's start-no-earlier-than day.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Start Date').fill('2026-03-18');
    await page.getByLabel('Due Date').fill('2026-03-25');
    await save();
    await page.locator('li[data-variant]').getByText('Task updated successfully', { exact: true }).waitFor();
    await page.getByText('Starts no earlier than').waitFor();
    const dates = page.locator('dl').first();
    await dates.getByText('Mar 18, 2026').first().waitFor();
    // A due date of Wednesday 25 March makes it six working days: 18–25 March.
    await dates.getByText('Mar 25, 2026').waitFor();

    // Earlier than Footings allows: the form says so before saving and offers the nearest day.
    const successes = () => page.locator('li[data-variant]').getByText('Task updated successfully').count();
    const successesBefore = await successes();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Start Date').fill('2026-03-04');
    await page.getByLabel('Due Date').fill('2026-03-11');
    const alert = page.getByRole('alert').filter({ hasText: 'This date cannot be kept' });
    await alert.first().waitFor();
    expect(await alert.first().innerText()).toMatch(
      /follows “Footings” \(finish to start\), which finishes on Mar 6, 2026: the earliest start is Mar 9, 2026/,
    );
    await alert.first().getByRole('button', { name: 'Use Mar 9, 2026' }).waitFor();
    expect(
      await page
        .locator('form')
        .filter({ has: page.getByLabel('Start Date') })
        .getByRole('button', { name: 'Save', exact: true })
        .isDisabled(),
    ).toBe(true);
    expect(await successes()).toBeLessThanOrEqual(successesBefore);
    await expectAccessible(page);
    await shot(page, 'task-start-held', { bothWidths: true, fullPage: false });
  });

  it('flags a past start in the New Project dialog and offers to start today (phone width)', async () => {
    const { page } = await suite.open(MOBILE);
    await signUpThroughApi(page, 'Past Builders');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Start Date').fill('2025-09-01');
    await dialog.getByLabel('End Date').fill('2026-04-01');
    const flag = dialog.getByRole('status').filter({ hasText: 'This start date is in the past' });
    await flag.waitFor();
    await shot(page, 'new-project-past', { bothWidths: true, fullPage: false });
    await flag.getByRole('button', { name: 'Start today' }).click();
    await flag.waitFor({ state: 'detached' });
    const start = await dialog.getByLabel('Start Date').inputValue();
    const end = await dialog.getByLabel('End Date').inputValue();
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(start).toBe(today);
    // The plan keeps its 212 days.
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(212);
  });

  it('draws and edits both links of a pair (start-to-start and finish-to-finish) on the Gantt', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Pair Builders');
    const project = await post<{ id: number }>(page, '/api/projects', {
      name: 'Paint Shop',
      client: 'Client',
      budget: '1000',
      startDate: '2026-03-02',
      endDate: '2026-10-01',
    });
    const walls = await post<{ id: number }>(page, '/api/tasks', {
      projectId: project.id,
      name: 'Walls',
      duration: 10,
    });
    const paint = await post<{ id: number }>(page, '/api/tasks', {
      projectId: project.id,
      name: 'Paint',
      duration: 4,
      dependencies: JSON.stringify([
        { taskId: walls.id, type: 'SS', lagDays: 2 },
        { taskId: walls.id, type: 'FF', lagDays: 3 },
      ]),
    });
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('tab', { name: 'Gantt' }).click();
    const bar = page.locator(`[data-task-id="${paint.id}"]`);
    await bar.waitFor();
    // The finish-to-finish link holds Paint's end three working days after the walls: 18 March.
    expect(await bar.getAttribute('data-end')).toBe('2026-03-18');
    expect(await page.locator('path[data-link-type="SS"]').count()).toBe(1);
    expect(await page.locator('path[data-link-type="FF"]').count()).toBe(1);
    await bar.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Predecessor' }).click();
    await page.getByRole('option', { name: 'Walls (FF +3d)' }).click();
    await dialog.getByRole('combobox', { name: 'Link type' }).getByText('Finish to finish (FF)').waitFor();
    expect(await dialog.getByLabel('Lag (working days)').inputValue()).toBe('3');
    await shot(page, 'gantt-link-pair', { bothWidths: true, fullPage: false });
    // Deleting the finish-to-finish link leaves the start-to-start one: Paint now ends 9 March.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/tasks/'),
    );
    await dialog.getByRole('button', { name: 'Delete link' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => bar.getAttribute('data-end')).toBe('2026-03-09');
    expect(await page.locator('path[data-link-type="SS"]').count()).toBe(1);
    expect(await page.locator('path[data-link-type="FF"]').count()).toBe(0);
  });
});
