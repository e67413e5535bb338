/**
 * The budget a contractor gets from their estimate: a new home's estimate planned on the server,
 * then the project's Budget page, reached from the project page, shows the estimate's own grand
 * total as the original budget, by cost code, with the lines behind each code opened with the
 * keyboard; at desktop and phone widths.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProjectBudgetDto } from '../../src/contracts/budget';
import { DESKTOP, MOBILE, WORK_TIMEOUT_MS } from './support/browser';
import { shot } from './support/shots';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();
const FIXTURES = resolve(import.meta.dirname, '../fixtures/estimates');
const ESTIMATE = 'new-home-2400sf.pdf';
const expected = JSON.parse(readFileSync(resolve(FIXTURES, 'expected.json'), 'utf8')) as {
  estimates: Record<string, { grandTotal: number }>;
};
const GRAND_TOTAL = expected.estimates['new-home-2400sf']?.grandTotal ?? Number.NaN;

/** A project planned from the estimate on the server; its id once the plan has succeeded. */
async function plannedProject(page: Page): Promise<number> {
  const created = await page.request.post('/api/projects', {
    data: {
      name: 'Cedar Ridge new home',
      client: 'Morgan Family',
      type: 'Residential',
      budget: '450000',
      startDate: '2027-03-01',
      endDate: '2027-12-31',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { id: number }).id;
  const started = await page.request.post(`/api/projects/${projectId}/plans`, {
    multipart: {
      file: {
        name: ESTIMATE,
        mimeType: 'application/pdf',
        buffer: readFileSync(resolve(FIXTURES, ESTIMATE)),
      },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { generationId } = (await started.json()) as { generationId: number };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/plans/${generationId}`)).json()) as { status: string }).status,
      { timeout: WORK_TIMEOUT_MS },
    )
    .toBe('succeeded');
  return projectId;
}

/** The figure a card of the page shows, by its label. */
async function figure(page: Page, label: string): Promise<string> {
  const card = page
    .getByRole('region', { name: 'Budget figures' })
    .locator('div', { hasText: label })
    .first();
  return (await card.locator('p').nth(1).innerText()).trim();
}

describe('the budget from the estimate', () => {
  it("shows the estimate's grand total by cost code, the lines behind each code opened with the keyboard", async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('budget') });
    const projectId = await plannedProject(page);

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Budget' }).click();
    await page.waitForURL(`**/projects/${projectId}/budget`);
    await page.getByRole('heading', { level: 1, name: 'Cedar Ridge new home — Budget' }).waitFor();
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(await figure(page, 'Original budget')).toBe(money.format(GRAND_TOTAL));

    // The codes' totals are those the API answers, and add up to the original budget to the cent.
    const budget = (await (
      await page.request.get(`/api/projects/${projectId}/budget`)
    ).json()) as ProjectBudgetDto;
    expect(budget.originalCents).toBe(Math.round(GRAND_TOTAL * 100));
    expect(budget.byCode.reduce((sum, c) => sum + c.originalCents, 0)).toBe(budget.originalCents);
    const codes = page.getByRole('region', { name: 'By cost code' }).locator('details');
    expect(await codes.count()).toBe(budget.byCode.length);

    // A code opens with the keyboard to its lines, each with its amount.
    const first = budget.byCode[0];
    if (!first) throw new Error('no cost code');
    const summary = codes.first().locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const lines = codes.first().locator('li');
    await expect.poll(() => lines.count()).toBe(first.lines);
    await expect.poll(() => codes.first().evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expectAccessible(page);
    await shot(page, 'budget-desktop');

    await page.setViewportSize(MOBILE);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Cedar Ridge new home — Budget' }).waitFor();
    await page.getByRole('region', { name: 'By cost code' }).locator('summary').nth(1).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'budget-phone');
  });
});
