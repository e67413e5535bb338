/**
 * A plan that asks first, in the browser: a new user creates a project from a real bid tabulation
 * (bidders side by side), the progress overlay asks which column the plan should carry — each with
 * its total, the engineer's estimate suggested — and the plan then carries the chosen bid, whole. A
 * builder's workbook of several house models asks which model, with no suggestion.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../support/fixtures';
import { accessibilityViolations, MOBILE, WORK_TIMEOUT_MS } from './support/browser';
import { browserSuite, openPortfolio, signUpWithCompany, uniqueEmail } from './support/suite';

const BID_TAB = 'pdx_airport_way_road_bidtab.xlsx';
/** The document's "Total Amount Bid (Basis of Award)" row. */
const LOW_BID = { label: 'K&E Excavating, Inc.', total: 2_797_065 };
const ENGINEERS_ESTIMATE = 3_875_250;

const suite = browserSuite();

/** A builder's budget workbook: one sheet per house model, each a whole estimate with its total. */
async function modelsWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const models = [
    { name: 'Aspen 1800', scale: 1 },
    { name: 'Birch 2400', scale: 1.4 },
    { name: 'Cedar 3100', scale: 1.9 },
  ];
  for (const { name, scale } of models) {
    const sheet = book.addWorksheet(name);
    sheet.addRow(['Description', 'Qty', 'Unit', 'Rate', 'Amount']);
    const lines: [string, number][] = [
      ['Foundations and slab', 24_000],
      ['Wood framing', 46_000],
      ['Roofing', 14_000],
      ['Drywall', 12_000],
    ];
    for (const [what, amount] of lines) sheet.addRow([what, 1, 'LS', amount * scale, amount * scale]);
    sheet.addRow(['Grand Total', null, null, null, 96_000 * scale]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function createProjectFromBidTab(page: Page) {
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Project Name').fill('Airport Way Rehabilitation');
  await dialog.getByLabel('Client', { exact: true }).fill('Port of Portland');
  await dialog.getByLabel('Budget ($)').fill('3000000');
  await dialog.getByLabel('Start Date').fill('2027-04-05');
  await dialog.getByLabel('End Date').fill('2027-10-29');
  await dialog.getByLabel('Attachments (optional)').setInputFiles({
    name: BID_TAB,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: readFixture(`estimates/${BID_TAB}`),
  });
  await dialog.getByText(BID_TAB, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Create Project' }).click();
}

describe('a plan that asks first', () => {
  it('asks which bid to carry, then plans the chosen bid whole (phone width)', async () => {
    const t = await suite.open(MOBILE);
    const { page } = t;
    await signUpWithCompany(page, { email: uniqueEmail('bidtab') });
    await openPortfolio(page);
    await createProjectFromBidTab(page);

    const overlay = page.locator('[data-plan-overlay]');
    const questions = overlay.getByRole('form', { name: `Questions about ${BID_TAB}` });
    await questions.waitFor({ timeout: WORK_TIMEOUT_MS });
    // While the question waits, the step waits for the user: no spinner turns, nothing is busy.
    const steps = overlay.getByRole('list', { name: 'Steps' });
    const analysis = steps.locator('[data-step="ai-analysis"]');
    expect(await analysis.getAttribute('data-state')).toBe('waiting');
    await analysis.getByText('Your answer is needed').waitFor();
    expect(await steps.locator('[class*="animate-spin"]').count()).toBe(0);
    expect(await overlay.getAttribute('aria-busy')).toBe('false');
    const options = questions.getByRole('radio');
    expect(await options.count()).toBe(5);
    // The engineer's estimate is suggested and chosen until the user picks another column.
    const suggested = questions.locator('label').filter({ hasText: '(suggested)' });
    await suggested.getByText("Engineer's Estimate").waitFor();
    expect(await suggested.getByRole('radio').isChecked()).toBe(true);
    await suggested.getByText(ENGINEERS_ESTIMATE.toLocaleString('en-US')).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const low = questions.locator('label').filter({ hasText: LOW_BID.label });
    await low.getByText(LOW_BID.total.toLocaleString('en-US')).waitFor();
    await low.getByRole('radio').check();
    await questions.getByRole('button', { name: 'Plan with these answers' }).click();
    // Answered: the step is worked on again (or the plan is already done and the overlay gone).
    await steps.locator('[data-state="waiting"]').waitFor({ state: 'detached' });

    await page.waitForURL(/\/projects\/\d+\?view=gantt$/, { timeout: WORK_TIMEOUT_MS });
    await page.locator('g[data-task-id]').first().waitFor();
    const projectId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as {
      name: string;
      estimatedCost: string | null;
    }[];
    const cost = tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
    expect(cost).toBeCloseTo(LOW_BID.total, 2);
    expect(tasks.map((task) => task.name).join('\n')).toMatch(/paving|pavement/i);
  });

  it('keeps the question for later: the project page asks it and then draws the plan', async () => {
    const t = await suite.open();
    const { page } = t;
    await signUpWithCompany(page, { email: uniqueEmail('bidtab-later') });
    // Started by another page that was closed before the question was answered.
    const created = await page.request.post('/api/projects', {
      data: {
        name: 'Airport Way Later',
        client: 'Port of Portland',
        type: 'Infrastructure',
        budget: '3000000',
        startDate: '2027-04-05',
        endDate: '2027-10-29',
      },
    });
    const projectId = ((await created.json()) as { id: number }).id;
    const stored = await page.request.post(`/api/projects/${projectId}/plans`, {
      multipart: {
        file: {
          name: BID_TAB,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: readFixture(`estimates/${BID_TAB}`),
        },
      },
    });
    expect(stored.status()).toBe(202);

    await page.goto(`/projects/${projectId}`);
    const waiting = page.getByRole('region', { name: 'Estimate waiting for answers' });
    await waiting
      .getByText(`${BID_TAB} asks a question before it is planned.`)
      .waitFor({ timeout: WORK_TIMEOUT_MS });
    expect(await accessibilityViolations(page)).toEqual([]);
    const second = waiting.locator('label').filter({ hasText: 'Granite Construction Company' });
    await second.getByRole('radio').check();
    await waiting.getByRole('button', { name: 'Plan with these answers' }).click();

    // The question gives way to the plan: its tasks are drawn without reloading the page.
    await waiting.waitFor({ state: 'detached', timeout: WORK_TIMEOUT_MS });
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/projects/${projectId}/tasks`);
        const tasks = (await res.json()) as { estimatedCost: string | null }[];
        return tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
      })
      .toBeCloseTo(2_955_955, 2);
    await page.getByText(/^0 of [1-9]\d* tasks completed$/).waitFor();
  });

  it("asks which model of a builder's workbook to plan, and plans only that one", async () => {
    const t = await suite.open();
    const { page } = t;
    await signUpWithCompany(page, { email: uniqueEmail('models') });
    const created = await page.request.post('/api/projects', {
      data: {
        name: 'Lot 14 Birch',
        client: 'Hollis Family',
        type: 'Residential',
        budget: '150000',
        startDate: '2027-03-01',
        endDate: '2027-11-30',
      },
    });
    const projectId = ((await created.json()) as { id: number }).id;
    await page.goto(`/projects/${projectId}`);
    await page.getByLabel('Add files').setInputFiles({
      name: 'model-budgets.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await modelsWorkbook(),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    const documents = page.getByRole('list', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Generate plan from model-budgets.xlsx' }).click();

    const questions = page
      .locator('[data-plan-overlay]')
      .getByRole('form', { name: 'Questions about model-budgets.xlsx' });
    await questions.waitFor({ timeout: WORK_TIMEOUT_MS });
    const labels = await questions.locator('label').allTextContents();
    // Each model with its own total, never the three summed.
    expect(labels.map((label) => label.match(/^(\w+ \d{4})/)?.[1])).toEqual([
      'Aspen 1800',
      'Birch 2400',
      'Cedar 3100',
    ]);
    await questions.locator('label').filter({ hasText: 'Birch 2400' }).getByText('134,400').waitFor();
    // No model is suggested: the plan waits for an answer.
    expect(await questions.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await questions.getByRole('button', { name: 'Plan with these answers' }).isDisabled()).toBe(true);
    await questions.locator('label').filter({ hasText: 'Birch 2400' }).getByRole('radio').check();
    await questions.getByRole('button', { name: 'Plan with these answers' }).click();

    await page.waitForURL(new RegExp(`/projects/${projectId}\\?view=gantt$`), { timeout: WORK_TIMEOUT_MS });
    await page.locator('g[data-task-id]').first().waitFor();
    const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as {
      estimatedCost: string | null;
    }[];
    const cost = tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
    expect(cost).toBeCloseTo(96_000 * 1.4, 2);
  });
});
