/**
 * The Insights screen of two projects planned from an estimate: the saving the plan and the rules
 * both find (overlapping drywall and paint) is one card, the Potential Savings headline is the sum
 * of the cards listed, and Key Recommendations names each piece of advice's projects, once.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InsightDto } from '../../src/contracts/ai';
import { formatMoney } from '../../src/domain/money';
import { overlapsFound, planProject } from './insights-plan-data';
import { signUpThroughApi } from './support/schedule-data';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

const cards = (page: Page) => page.getByRole('region', { name: 'All Insights' }).getByRole('article');
const headline = (page: Page) =>
  page.getByRole('group', { name: 'Potential Savings' }).locator('[data-counter-value]').innerText();
/** Text as shown: the screen formats money with non-breaking spaces in some locales. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ').trim();

describe('savings on the Insights screen', () => {
  it('lists an overlap once, totals the listed cards, and names the projects of each recommendation', async () => {
    const { page } = await suite.open();
    await page.goto('/');
    await signUpThroughApi(page, 'Oakline Builders');
    const miller = await planProject(page, 'Miller Remodel', '873000');
    const whitaker = await planProject(page, 'Whitaker Kitchen', '912000');
    await overlapsFound(page, [miller, whitaker]);

    await page.goto('/ai-insights');
    await page.getByRole('heading', { level: 1, name: 'AI Insights' }).waitFor();
    const listed = (await (await page.request.get('/api/ai-insights')).json()) as InsightDto[];
    await expect.poll(() => cards(page).count()).toBe(listed.length);

    // One card per overlap: the drywall and paint of each project, once.
    for (const name of ['Miller Remodel', 'Whitaker Kitchen']) {
      const overlaps = cards(page)
        .filter({ hasText: name })
        .filter({ has: page.getByRole('heading', { name: /^Overlap .*drywall.*paint/i }) });
      expect(await overlaps.count(), name).toBe(1);
    }

    // The headline is the sum of the savings the cards show.
    const shown = await cards(page)
      .getByText(/^Potential savings: /)
      .allInnerTexts();
    const savings = listed.filter((i) => Number(i.potentialSavings ?? 0) > 0);
    expect(shown.map(plain).sort()).toEqual(
      savings
        .map((i) => plain(`Potential savings: ${formatMoney(Number(i.potentialSavings), 'USD')}`))
        .sort(),
    );
    const sum = savings.reduce((s, i) => s + Number(i.potentialSavings), 0);
    expect(sum).toBeGreaterThan(0);
    expect(plain(await headline(page))).toBe(plain(formatMoney(sum, 'USD')));

    // Key Recommendations: each names its projects, and no advice is listed twice.
    const recommendations = page.getByRole('region', { name: 'Key Recommendations' }).getByRole('listitem');
    await expect.poll(() => recommendations.count()).toBeGreaterThan(0);
    const items = await recommendations.allInnerTexts();
    expect(new Set(items).size).toBe(items.length);
    for (const item of items) expect(item).toMatch(/Miller Remodel|Whitaker Kitchen/);
    // Both budgets exceed their estimates: one piece of advice for the two projects.
    const budget = recommendations.filter({ hasText: 'Budget exceeds the estimate' });
    expect(await budget.count()).toBe(1);
    const projects = await budget.getByTestId('recommendation-projects').innerText();
    expect(projects.split(', ').sort()).toEqual(['Miller Remodel', 'Whitaker Kitchen']);
    await expectAccessible(page);
  });
});
