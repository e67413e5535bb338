/**
 * Progress on a task planned for later, in the browser: a click on its progress bar asks for the
 * actual start (the planned start offered, never today), the notice's Undo puts every task back
 * exactly as it was, and a due date a link forbids is explained before saving.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpThroughApi } from './support/schedule-data';
import { shot } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const link = (type: 'FS' | 'FF', ...ids: number[]) =>
  JSON.stringify(ids.map((taskId) => ({ taskId, type, lagDays: 0 })));

/** The first Monday at least 4 weeks after today: the whole job lies in the future. */
function futureMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 28);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Permits (10 days) → Framing (5 days) → Roofing (3 days), and Inspection finishing with Framing. */
async function seedJob(page: Page) {
  const start = futureMonday();
  const project = await post<{ id: number }>(page, '/api/projects', {
    name: 'Maple Street Duplex',
    client: 'Maple Homes',
    budget: '450000',
    startDate: start,
    endDate: '2030-12-31',
  });
  const task = (body: Record<string, unknown>) =>
    post<{ id: number }>(page, '/api/tasks', { projectId: project.id, ...body });
  const permits = await task({ name: 'Permits', duration: 10 });
  const framing = await task({ name: 'Framing', duration: 5, dependencies: link('FS', permits.id) });
  await task({ name: 'Roofing', duration: 3, dependencies: link('FS', framing.id) });
  const inspection = await task({ name: 'Inspection', duration: 5, dependencies: link('FF', framing.id) });
  await post(page, `/api/projects/${project.id}/schedule`, {});
  return { projectId: project.id, framingId: framing.id, inspectionId: inspection.id };
}

interface TaskState {
  id: number;
  startDate: string;
  endDate: string;
  progress: number;
  status: string;
  actualStart: string | null;
  actualFinish: string | null;
  startNoEarlierThan: string | null;
  duration: number;
}

async function schedule(page: Page, projectId: number): Promise<TaskState[]> {
  const res = await page.request.get(`/api/projects/${projectId}/tasks`);
  const tasks = (await res.json()) as TaskState[];
  return tasks
    .map(
      ({
        id,
        startDate,
        endDate,
        progress,
        status,
        actualStart,
        actualFinish,
        startNoEarlierThan,
        duration,
      }) => ({
        id,
        startDate,
        endDate,
        progress,
        status,
        actualStart,
        actualFinish,
        startNoEarlierThan,
        duration,
      }),
    )
    .sort((a, b) => a.id - b.id);
}

/** Clicks the progress bar at `percent` of its width. */
async function clickProgress(page: Page, percent: number) {
  const bar = page.getByRole('slider', { name: 'Task progress' });
  const box = await bar.boundingBox();
  if (!box) throw new Error('no progress bar');
  await page.mouse.click(box.x + (box.width * percent) / 100, box.y + box.height / 2);
}

describe('progress on a future task', () => {
  it('asks for the actual start (the planned start offered), and Undo restores the schedule', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Maple Builders');
    const { projectId, framingId } = await seedJob(page);
    const before = await schedule(page, projectId);
    const framing = before.find((t) => t.id === framingId);
    if (!framing) throw new Error('no Framing');
    await page.goto(`/projects/${projectId}/tasks/${framingId}`);
    await page.getByRole('heading', { name: 'Framing' }).waitFor();

    await clickProgress(page, 50);
    const dialog = page.getByRole('dialog', { name: 'When did work on Framing start?' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Actual start').inputValue()).toBe(framing.startDate.slice(0, 10));
    // Nothing is saved while it asks.
    expect(await schedule(page, projectId)).toEqual(before);
    await expectAccessible(page);
    await shot(page, 'task-actual-start-prompt', { bothWidths: true, fullPage: false });

    const record = dialog.getByRole('button', { name: /^Record \d+%$/ });
    await record.click();
    await dialog.waitFor({ state: 'detached' });
    const notice = page.locator('li[data-variant]').filter({ hasText: /Progress set to \d+%/ });
    await notice.waitFor();
    await page.getByText('Actual start').first().waitFor();
    const recorded = await schedule(page, projectId);
    const started = recorded.find((t) => t.id === framingId);
    expect(started?.actualStart).toBe(framing.startDate.slice(0, 10));
    expect(started?.progress).toBeGreaterThan(0);
    expect(recorded.map((t) => [t.startDate, t.endDate])).toEqual(
      before.map((t) => [t.startDate, t.endDate]),
    );
    await shot(page, 'task-undo-toast', { bothWidths: true, fullPage: false });

    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('li[data-variant]').getByText('Change undone').waitFor();
    expect(await schedule(page, projectId)).toEqual(before);
    await page
      .getByRole('slider', { name: 'Task progress' })
      .and(page.locator('[aria-valuenow="0"]'))
      .waitFor();
  });

  it('explains a due date a link forbids before saving, and offers the nearest allowed date', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Elm Builders');
    const { projectId, inspectionId } = await seedJob(page);
    const before = await schedule(page, projectId);
    const inspection = before.find((t) => t.id === inspectionId);
    if (!inspection) throw new Error('no Inspection');
    await page.goto(`/projects/${projectId}/tasks/${inspectionId}`);
    await page.getByRole('heading', { name: 'Inspection' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // A weekday before its planned finish, which is Framing's (finish to finish).
    const finish = new Date(inspection.endDate);
    finish.setUTCDate(finish.getUTCDate() - 2);
    while (finish.getUTCDay() === 0 || finish.getUTCDay() === 6) finish.setUTCDate(finish.getUTCDate() - 1);
    await page.getByLabel('Due Date').fill(finish.toISOString().slice(0, 10));
    const reason = page.getByRole('alert').filter({ hasText: 'This date cannot be kept' });
    await reason.waitFor();
    expect(await reason.innerText()).toMatch(/must finish after “Framing” \(finish.to.finish\)/i);
    const form = page.locator('form').filter({ has: page.getByLabel('Due Date') });
    expect(await form.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'task-date-reason', { bothWidths: true, fullPage: false });

    await reason.getByRole('button', { name: /^Use / }).click();
    expect(await page.getByLabel('Due Date').inputValue()).toBe(inspection.endDate.slice(0, 10));
    await reason.waitFor({ state: 'detached' });
    expect(await schedule(page, projectId)).toEqual(before);
  });
  it('says why the server refused a start the form could not know was forbidden, with its nearest day', async () => {
    const t = await suite.open();
    const { page } = t;
    await signUpThroughApi(page, 'Birch Builders');
    const { projectId } = await seedJob(page);
    const res = await page.request.get(`/api/projects/${projectId}/tasks`);
    const tasks = (await res.json()) as (TaskState & { name: string })[];
    const permits = tasks.find((t) => t.name === 'Permits');
    const roofing = tasks.find((t) => t.name === 'Roofing');
    if (!permits || !roofing) throw new Error('no Permits or Roofing');
    await page.goto(`/projects/${projectId}/tasks/${roofing.id}`);
    await page.getByRole('heading', { name: 'Roofing' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // Meanwhile Permits takes a week longer: Framing, and so Roofing's earliest start, move later,
    // which the open page has not heard of.
    const put = await page.request.put(`/api/tasks/${permits.id}`, { data: { duration: 15 } });
    expect(put.ok()).toBe(true);
    const moved = (await schedule(page, projectId)).find((t) => t.id === roofing.id);
    if (!moved) throw new Error('no Roofing');
    // One weekday after the start the page knows: allowed as far as it can tell.
    const typed = new Date(roofing.startDate);
    typed.setUTCDate(typed.getUTCDate() + 1);
    while (typed.getUTCDay() === 0 || typed.getUTCDay() === 6) typed.setUTCDate(typed.getUTCDate() + 1);
    await page.getByLabel('Start Date').fill(typed.toISOString().slice(0, 10));
    t.expectHttpError({ status: 422, path: `/api/tasks/${roofing.id}` });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const nearest = new Date(moved.startDate);
    const label = nearest.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const message = page.getByText(`Nearest allowed: ${label}.`).first();
    await message.waitFor({ timeout: 30_000 });
    expect(await message.innerText()).toMatch(/Framing/);
  });
});
