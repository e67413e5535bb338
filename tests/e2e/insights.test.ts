import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedInsights } from './insights-data';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

const cards = (page: Page) => page.getByRole('region', { name: 'All Insights' }).getByRole('article');
const card = (page: Page, title: RegExp) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title }) });
/** A counter's value as shown. */
const counter = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).locator('[data-counter-value]').innerText();

const OVERDUE = /^Overdue critical work pushes "Harbor Clinic"/;
const WINDOWS = /^Order windows and doors for "Install windows" now$/;
const UNLICENSED = /^Unlicensed subcontractor Volt Brothers on electrical work$/;

async function openInsights(page: Page) {
  await page.goto('/ai-insights');
  await page.getByRole('heading', { level: 1, name: 'AI Insights' }).waitFor();
  await page.getByTestId('portfolio-analysis').waitFor();
}

describe('the AI Insights screen', () => {
  it('refreshes the analysis, filters by project, dismisses an insight and follows one to its task', async () => {
    const { page } = await suite.open();
    await page.goto('/');
    const seeded = await seedInsights(page);
    await openInsights(page);

    // Scheduling the projects while seeding brought the insights up to date.
    await card(page, OVERDUE).waitFor();
    await card(page, WINDOWS).waitFor();
    await card(page, UNLICENSED).waitFor();
    await expect.poll(() => counter(page, 'Total Projects')).toBe('2');
    await expect.poll(() => page.getByTestId('portfolio-analysis').innerText()).toContain('2 open projects');
    await page.getByRole('heading', { name: 'Key Recommendations' }).waitFor();
    await expectAccessible(page);

    // Filter by project: only Lakeside's insight, its counters and its summary.
    await page.getByRole('combobox', { name: 'Filter by project' }).click();
    await page.getByRole('option', { name: 'Lakeside Offices' }).click();
    await page.waitForURL(`**/ai-insights?project=${seeded.lakesideId}`);
    await expect.poll(() => cards(page).count()).toBe(1);
    await card(page, UNLICENSED).waitFor();
    await expect.poll(() => counter(page, 'Total Projects')).toBe('1');
    await expect.poll(() => counter(page, 'Active Risks')).toBe('1');
    await expect.poll(() => page.getByTestId('portfolio-analysis').innerText()).toContain('1 open project');
    await page.getByRole('combobox', { name: 'Filter by project' }).click();
    await page.getByRole('option', { name: 'All Projects' }).click();
    await card(page, OVERDUE).waitFor();

    // Refresh Analysis: the subcontractor is licensed now (no schedule change), so its risk goes.
    const licensed = await page.request.put(`/api/contacts/${seeded.voltId}`, { data: { licensed: true } });
    expect(licensed.ok()).toBe(true);
    await card(page, UNLICENSED).waitFor();
    await page.getByRole('button', { name: 'Refresh Analysis' }).click();
    await page.locator('li[data-variant]').getByText('Analysis refreshed', { exact: true }).waitFor();
    await expect.poll(() => card(page, UNLICENSED).count()).toBe(0);
    await card(page, OVERDUE).waitFor();

    // Dismiss: the windows risk leaves the list and the counters, and stays gone after a refresh.
    const risksBefore = Number(await counter(page, 'Active Risks'));
    await card(page, WINDOWS)
      .getByRole('button', { name: /^Dismiss/ })
      .click();
    await page.locator('li[data-variant]').getByText('Insight dismissed', { exact: true }).waitFor();
    await expect.poll(() => card(page, WINDOWS).count()).toBe(0);
    await expect.poll(() => counter(page, 'Active Risks')).toBe(String(risksBefore - 1));
    await page.getByRole('button', { name: 'Refresh Analysis' }).click();
    await page.getByRole('button', { name: 'Refresh Analysis' }).waitFor();
    await card(page, OVERDUE).waitFor();
    expect(await card(page, WINDOWS).count()).toBe(0);

    // Follow the overdue insight to its task.
    await card(page, OVERDUE).getByRole('link', { name: 'Open task' }).click();
    await page.waitForURL(`**/projects/${seeded.harborId}/tasks/${seeded.frameId}`);
    await page.getByText('Back to Project').waitFor();
    await page.getByText('Frame walls').first().waitFor();
  });
});
