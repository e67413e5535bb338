/**
 * Progress against plan, in the browser: a data date set on the project page re-schedules the
 * project (work under way finishes its remaining days from the data date, its successor moves), the
 * Gantt draws the data date, and the task page gives a task's remaining duration.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser';
import { signUpThroughApi } from './support/schedule-data';
import { shot } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

async function send<T>(page: Page, method: 'post' | 'put', path: string, data: unknown): Promise<T> {
  const res = await page.request[method](path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A project from Monday 2 March 2026: Footings (10 days, 30 % done since 2 March) → Framing (4 days).
 * Planned, Footings ends 13 March and Framing runs 16–19 March.
 */
async function seedProject(page: Page) {
  const project = await send<{ id: number }>(page, 'post', '/api/projects', {
    name: 'Harbor Depot',
    client: 'Harbor Logistics',
    budget: '750000',
    startDate: '2026-03-02',
    endDate: '2026-10-01',
  });
  const footings = await send<{ id: number }>(page, 'post', '/api/tasks', {
    projectId: project.id,
    name: 'Footings',
    phase: 'Foundation',
    duration: 10,
  });
  await send(page, 'post', '/api/tasks', {
    projectId: project.id,
    name: 'Framing',
    phase: 'Framing',
    duration: 4,
    dependencies: JSON.stringify([{ taskId: footings.id, type: 'FS', lagDays: 0 }]),
  });
  await send(page, 'post', `/api/projects/${project.id}/schedule`, {});
  await send(page, 'put', `/api/tasks/${footings.id}`, { progress: 30 });
  return { projectId: project.id, footingsId: footings.id };
}

const taskCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: name });

describe('data date', () => {
  it('re-schedules from a data date set on the project page and draws it on the Gantt', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Status Builders');
    const { projectId } = await seedProject(page);
    await page.goto(`/projects/${projectId}`);
    await taskCard(page, 'Framing').getByText('Mar 16, 2026').waitFor();
    await taskCard(page, 'Footings').getByText('Mar 13, 2026').waitFor();
    await expect.poll(() => page.getByTestId('current-data-date').textContent()).toBe('Not set');

    await page.getByLabel('Data date', { exact: true }).fill('2026-03-23');
    await page.getByRole('button', { name: 'Set & re-schedule' }).click();
    await page
      .locator('li[data-variant]')
      .getByText('Re-scheduled from the data date Mar 23, 2026')
      .waitFor();
    await expect.poll(() => page.getByTestId('current-data-date').textContent()).toBe('Mar 23, 2026');
    // Seven days left from Monday 23 March: Footings ends 31 March, though it began on 2 March.
    const footings = taskCard(page, 'Footings');
    await footings.getByText('Mar 31, 2026').waitFor();
    await footings.getByText('Mar 2, 2026').waitFor();
    // Its successor follows: 1–6 April.
    const framing = taskCard(page, 'Framing');
    await framing.getByText('Apr 1, 2026').waitFor();
    await framing.getByText('Apr 6, 2026').waitFor();
    await expectAccessible(page);
    await shot(page, 'project-data-date', { bothWidths: true });

    await page.getByRole('tab', { name: 'Gantt' }).click();
    await page.locator('[data-task-id]').first().waitFor();
    // A vertical line has no width, so it is never "visible" to Playwright: it is in the chart.
    const line = page.locator('line[data-data-date]').first();
    await line.waitFor({ state: 'attached' });
    expect(await line.getAttribute('data-data-date')).toBe('2026-03-23');
    await shot(page, 'gantt-data-date', { bothWidths: true });
  });

  it('gives a remaining duration on the task page (phone width): progress and finish follow', async () => {
    const { page } = await suite.open(MOBILE);
    await signUpThroughApi(page, 'Remaining Builders');
    const { projectId, footingsId } = await seedProject(page);
    await send(page, 'put', `/api/projects/${projectId}`, { dataDate: '2026-03-23', reschedule: true });
    await page.goto(`/projects/${projectId}/tasks/${footingsId}`);
    await page.getByRole('heading', { name: 'Footings' }).waitFor();
    const remaining = page.getByTestId('remaining-duration');
    await expect.poll(() => remaining.textContent()).toBe('7 of 10 days left');
    const dates = page.locator('dl').first();
    await dates.getByText('Mar 31, 2026').waitFor();

    await page.getByLabel('Remaining duration').fill('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .locator('li[data-variant]')
      .getByText('Remaining duration saved: 2 working days (80%)')
      .waitFor();
    await expect.poll(() => remaining.textContent()).toBe('2 of 10 days left');
    await expect
      .poll(() => page.getByRole('slider', { name: 'Task progress' }).getAttribute('aria-valuenow'))
      .toBe('80');
    // Two days from the data date: Monday 23 and Tuesday 24 March.
    await dates.getByText('Mar 24, 2026').waitFor();
    await expectAccessible(page);
    await shot(page, 'task-remaining', { bothWidths: true });
  });
});
