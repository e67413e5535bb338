/**
 * Delays in the browser: from the project page to its delay report, a delay recorded through the
 * dialog on a critical task (the finish moves by it, the tasks follow), one on a task with float (the
 * finish stays), the totals per cause, the CSV download, the printed landscape sheet without the
 * app's frame, and a mistaken entry removed.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpThroughApi } from './support/schedule-data';
import { shot, shotPrinted } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

async function post<T = { id: number }>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits for a notice with exactly this text (found by the toast's own attribute, see projects.test.ts). */
async function notice(page: Page, text: string) {
  await page.locator('li[data-variant]').getByText(text, { exact: true }).waitFor();
}

/**
 * Monday 1 March 2027: Excavation (5 d) → Foundations (5 d) → Framing (5 d) finish Friday 19 March,
 * the critical path; Permits (3 d) runs beside them with 12 working days of float.
 */
async function seedProject(page: Page) {
  const project = await post(page, '/api/projects', {
    name: 'Harbor Clinic',
    client: 'Harbor Health',
    budget: '900000',
    startDate: '2027-03-01',
    endDate: '2027-12-31',
  });
  const after = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);
  const task = (name: string, extra: Record<string, unknown> = {}) =>
    post(page, '/api/tasks', { projectId: project.id, name, duration: 5, ...extra });
  const excavation = await task('Excavation');
  const foundations = await task('Foundations', { dependencies: after(excavation.id) });
  const framing = await task('Framing', { dependencies: after(foundations.id) });
  await task('Permits', { duration: 3 });
  await post(page, `/api/projects/${project.id}/schedule`, {});
  return { projectId: project.id, framingId: framing.id };
}

async function recordDelay(
  page: Page,
  delay: { task: string; cause: string; days: string; date: string; note?: string },
) {
  await page.getByRole('button', { name: 'Record delay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record delay' });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: 'Task' }).click();
  await page.getByRole('option', { name: delay.task }).click();
  await dialog.getByRole('combobox', { name: 'Cause' }).click();
  await page.getByRole('option', { name: delay.cause }).click();
  await dialog.getByLabel('Working days lost').fill(delay.days);
  await dialog.getByLabel('Date it began').fill(delay.date);
  if (delay.note) await dialog.getByLabel('Note (optional)').fill(delay.note);
  return dialog;
}

const rows = (page: Page) => page.getByTestId('delay-row');

describe('delays', () => {
  it('records a delay on a critical task, shows the finish movement and prints the report', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Delay Builders');
    const { projectId, framingId } = await seedProject(page);

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Delays' }).waitFor();
    await shot(page, 'project-page', { bothWidths: true, fullPage: false });
    await page.getByRole('link', { name: 'Delays' }).click();
    await page.waitForURL(`**/projects/${projectId}/delays`);
    await page.getByRole('heading', { name: 'Harbor Clinic — Delays' }).waitFor();
    await page.getByText('No delays recorded.', { exact: false }).waitFor();

    // The dialog starts on today's date and refuses a delay without a task.
    await page.getByRole('button', { name: 'Record delay' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record delay' });
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await dialog.getByLabel('Date it began').inputValue()).toBe(today);
    await dialog.getByRole('button', { name: 'Record delay' }).click();
    await dialog.getByText('Choose a task of this project').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    dialog = await recordDelay(page, {
      task: 'Foundations · critical',
      cause: 'Owner / change',
      days: '3',
      date: '2027-03-08',
      note: 'Change order 4: deeper footings',
    });
    await shot(page, 'delays-dialog', { bothWidths: true, fullPage: false });
    await dialog.getByRole('button', { name: 'Record delay' }).click();
    await notice(page, 'The project finish moved 3 working days later (Mar 19 → Mar 24).');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(page).count()).toBe(1);
    const first = rows(page).first();
    await first.getByText('Critical', { exact: true }).waitFor();
    await first.getByText('+3 wd').waitFor();
    await first.getByText('Mar 19 → Mar 24').waitFor();
    // The schedule was re-computed with it: the critical successor moved by three working days.
    const framing = await (await page.request.get(`/api/tasks/${framingId}`)).json();
    expect(String(framing.endDate).slice(0, 10)).toBe('2027-03-24');

    // A delay within a task's float leaves the finish where it was.
    dialog = await recordDelay(page, { task: 'Permits', cause: 'Inspection', days: '2', date: '2027-03-03' });
    await dialog.getByRole('button', { name: 'Record delay' }).click();
    await notice(page, 'The project finish did not move (Mar 24).');
    await expect.poll(() => rows(page).count()).toBe(2);
    const permits = rows(page).filter({ hasText: 'Permits' });
    await permits.getByText('Had float').waitFor();
    await permits.getByText('0 wd').waitFor();
    expect(await page.getByTestId('cause-total').allInnerTexts()).toEqual([
      expect.stringMatching(/^Owner \/ change\s+1\s+3\s+\+3 wd$/),
      expect.stringMatching(/^Inspection\s+1\s+2\s+0 wd$/),
    ]);
    await expectAccessible(page);
    await shot(page, 'delays-report', { bothWidths: true });

    // The CSV the report links to.
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toBe(`/api/projects/${projectId}/delays.csv`);
    const csv = await (await page.request.get(href ?? '')).text();
    expect(csv).toContain(
      '2027-03-08,Foundations,Owner / change,3,yes,2027-03-19,2027-03-24,3,Change order 4: deeper footings,Dana Builder',
    );

    // Printed: the frame and the controls are gone; one landscape Letter page.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Record delay' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Back to project' }).isVisible()).toBe(false);
    const pdf = await page.pdf({ landscape: true, format: 'Letter', printBackground: true });
    await shotPrinted(page, 'delays-print', pdf);
    const printed = await PDFDocument.load(pdf);
    expect(printed.getPageCount()).toBe(1);
    expect(Math.round(printed.getPages()[0]?.getSize().width ?? 0)).toBe(792);
    await page.emulateMedia({ media: 'screen' });

    // A mistaken entry is removed and the finish comes back.
    await rows(page)
      .filter({ hasText: 'Foundations' })
      .getByRole('button', { name: /Remove the delay on Foundations/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Remove this delay?' })
      .getByRole('button', { name: 'Remove delay' })
      .click();
    await notice(page, 'The project finish moved 3 working days earlier (Mar 24 → Mar 19).');
    await expect.poll(() => rows(page).count()).toBe(1);
  });
});
