/**
 * A new contractor's first hour on one real estimate, in the browser: the New Project dialog plans
 * the estimate; the portfolio card and the project page give the plan's finish as the end date, not
 * the one typed in the dialog; a click on a future task's progress bar asks for its actual start;
 * Undo puts the schedule back exactly as it was, the project's end date included; and a due date
 * a link forbids is explained before anything is saved.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../src/contracts/projects';
import { formatDay } from '../../src/web/features/projects/lib/dates';
import { WORK_TIMEOUT_MS } from './support/browser';
import { shot } from './support/shots';
import { browserSuite, openPortfolio, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();
const ESTIMATE = 'new-home-2400sf.pdf';
/** The end date typed in the dialog: far from any finish the plan could have. */
const TYPED_END = '2031-06-30';

interface TaskRow {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  progress: number;
  status: string;
  actualStart: string | null;
  actualFinish: string | null;
  startNoEarlierThan: string | null;
  duration: number;
  dependencies: string | null;
}

/** The first Monday at least four weeks from today: every task of the plan lies in the future. */
function futureMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 28);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function tasksOf(page: Page, projectId: number): Promise<TaskRow[]> {
  const res = await page.request.get(`/api/projects/${projectId}/tasks`);
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as TaskRow[];
  return rows
    .map((t) => ({
      id: t.id,
      name: t.name,
      startDate: t.startDate,
      endDate: t.endDate,
      progress: t.progress,
      status: t.status,
      actualStart: t.actualStart,
      actualFinish: t.actualFinish,
      startNoEarlierThan: t.startNoEarlierThan,
      duration: t.duration,
      dependencies: t.dependencies,
    }))
    .sort((a, b) => a.id - b.id);
}

async function projectOf(page: Page, projectId: number): Promise<ProjectDto> {
  const res = await page.request.get(`/api/projects/${projectId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ProjectDto;
}

const day = (iso: string) => iso.slice(0, 10);
const links = (task: TaskRow) =>
  JSON.parse(task.dependencies || '[]') as { taskId: number; type: string; lagDays: number }[];

/** Signs up, creates the project from the estimate in the dialog, and waits for its Gantt. */
async function planFromEstimate(page: Page, start: string): Promise<number> {
  await signUpWithCompany(page, { email: uniqueEmail('first-hour') });
  await openPortfolio(page);
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel('Project Name').fill('Cedar Ridge home');
  await dialog.getByRole('combobox', { name: 'Client' }).fill('Ortega Family');
  await dialog.getByLabel('Start Date').fill(start);
  await dialog.getByLabel('End Date').fill(TYPED_END);
  await dialog.getByLabel('Attachments (optional)').setInputFiles({
    name: ESTIMATE,
    mimeType: 'application/pdf',
    buffer: readFileSync(resolve(import.meta.dirname, '../fixtures/estimates', ESTIMATE)),
  });
  await dialog.getByText(ESTIMATE, { exact: true }).waitFor();
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/projects',
    ),
    dialog.getByRole('button', { name: 'Create Project' }).click(),
  ]);
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as ProjectDto;
  await page.waitForURL(new RegExp(`/projects/${id}\\?view=gantt$`), { timeout: WORK_TIMEOUT_MS });
  await page.locator('g[data-task-id][data-critical="true"]').first().waitFor({ timeout: WORK_TIMEOUT_MS });
  return id;
}

/** Clicks the task page's progress bar at `percent` of its width. */
async function clickProgress(page: Page, percent: number) {
  const bar = page.getByRole('slider', { name: 'Task progress' });
  const box = await bar.boundingBox();
  if (!box) throw new Error('no progress bar');
  await page.mouse.click(box.x + (box.width * percent) / 100, box.y + box.height / 2);
}

describe("a new contractor's first hour on a real estimate", () => {
  it('plans it with the finish as end date, asks for an actual start, undoes exactly, and explains a forbidden due date', async () => {
    const { page } = await suite.open();
    const start = futureMonday();
    const projectId = await planFromEstimate(page, start);

    // The plan's finish is the project's end date: on the Gantt, in the API, on the card and the page.
    const planned = await tasksOf(page, projectId);
    expect(planned.length).toBeGreaterThan(10);
    const finish = planned
      .map((t) => day(t.endDate))
      .sort()
      .at(-1) as string;
    expect(await page.locator('[data-finish]').getAttribute('data-finish')).toBe(finish);
    expect(day((await projectOf(page, projectId)).endDate)).toBe(finish);
    const finishLabel = formatDay(`${finish}T00:00:00Z`);
    const typedLabel = formatDay(`${TYPED_END}T00:00:00Z`);

    await openPortfolio(page);
    const card = page
      .getByRole('list', { name: 'Projects' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Cedar Ridge home', exact: true }) });
    await card.getByText(finishLabel, { exact: true }).waitFor();
    expect(await card.getByText(typedLabel).count()).toBe(0);
    await card.getByRole('link', { name: 'Cedar Ridge home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cedar Ridge home' }).waitFor();
    await page.getByRole('definition').filter({ hasText: finishLabel }).first().waitFor();
    expect(await page.getByRole('definition').filter({ hasText: typedLabel }).count()).toBe(0);

    // A task with a predecessor, planned for later: its progress bar asks when work started.
    const future = planned.find((t) => links(t).length > 0 && day(t.startDate) > start);
    if (!future) throw new Error('no linked task planned after the start');
    const before = { tasks: planned, endDate: (await projectOf(page, projectId)).endDate };
    await page.goto(`/projects/${projectId}/tasks/${future.id}`);
    await page.getByRole('heading', { name: future.name }).waitFor();
    await clickProgress(page, 50);
    const prompt = page.getByRole('dialog', { name: `When did work on ${future.name} start?` });
    await prompt.waitFor();
    expect(await prompt.getByLabel('Actual start').inputValue()).toBe(day(future.startDate));
    expect(await tasksOf(page, projectId)).toEqual(planned);
    await prompt.getByRole('button', { name: /^Record \d+%$/ }).click();
    await prompt.waitFor({ state: 'detached' });
    const notice = page.locator('li[data-variant]').filter({ hasText: /Progress set to \d+%/ });
    await notice.waitFor();
    const recorded = (await tasksOf(page, projectId)).find((t) => t.id === future.id);
    expect(recorded?.actualStart).toBe(day(future.startDate));
    expect(recorded?.progress).toBeGreaterThan(0);
    await shot(page, 'first-hour-progress-recorded', { bothWidths: true, fullPage: false });

    // Undo: every task and the project's end date exactly as before.
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('li[data-variant]').getByText('Change undone').waitFor();
    expect(await tasksOf(page, projectId)).toEqual(before.tasks);
    expect((await projectOf(page, projectId)).endDate).toBe(before.endDate);

    // A due date its finish-to-finish link forbids: the reason is read before saving, nothing changes.
    const held = planned.find((t) => links(t).some((l) => l.type === 'FF'));
    if (!held) throw new Error('the plan has no finish-to-finish link');
    const predecessor = planned.find((t) => t.id === links(held).find((l) => l.type === 'FF')?.taskId);
    if (!predecessor) throw new Error('no finish-to-finish predecessor');
    await page.goto(`/projects/${projectId}/tasks/${held.id}`);
    await page.getByRole('heading', { name: held.name }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    // The working day before the predecessor's finish, which the link holds the due date after.
    const early = new Date(`${day(predecessor.endDate)}T00:00:00Z`);
    early.setUTCDate(early.getUTCDate() - 1);
    while (early.getUTCDay() === 0 || early.getUTCDay() === 6) early.setUTCDate(early.getUTCDate() - 1);
    expect(early.toISOString().slice(0, 10) >= day(held.startDate)).toBe(true);
    await page.getByLabel('Due Date').fill(early.toISOString().slice(0, 10));
    const reason = page.getByRole('alert').filter({ hasText: 'This date cannot be kept' });
    await reason.waitFor();
    expect(await reason.innerText()).toContain(`“${predecessor.name}”`);
    const form = page.locator('form').filter({ has: page.getByLabel('Due Date') });
    expect(await form.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'first-hour-due-date-reason', { bothWidths: true, fullPage: false });
    expect(await tasksOf(page, projectId)).toEqual(before.tasks);
  });
});
