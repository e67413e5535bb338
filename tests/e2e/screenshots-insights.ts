/**
 * Screenshots of /ai-insights (all projects, one project, after a dismissal) at 1280 px and 390 px,
 * with a seeded company (and two projects planned from an estimate), against the real server.
 * Run: npx tsx tests/e2e/screenshots-insights.ts   (SHOTS_DIR=… to write elsewhere than /tmp/shots/insights)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seedInsights } from './insights-data';
import { overlapsFound, planProject } from './insights-plan-data';
import { ensureWebBuild, startAppServer } from './support/app-server';
import { animationsFinished, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';

const OUT = process.env.SHOTS_DIR || '/tmp/shots/insights';

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `insights-${name}-${width}.png`), fullPage });
}

async function open(page: Page, query = '') {
  await page.goto(`/ai-insights${query}`);
  await page.getByRole('heading', { level: 1, name: 'AI Insights' }).waitFor();
  await page.getByTestId('portfolio-analysis').waitFor();
  await page.getByRole('region', { name: 'All Insights' }).waitFor();
}

mkdirSync(OUT, { recursive: true });
await ensureWebBuild();
const server = await startAppServer();
const browser = await launchBrowser();
const problems: string[] = [];
try {
  for (const viewport of [DESKTOP, MOBILE]) {
    const w = viewport.width;
    const t = await openPage(browser, server.baseUrl, viewport);
    const { page } = t;
    await page.goto('/');
    const seeded = await seedInsights(page);
    // Two projects planned from an estimate: savings, and advice shared by both.
    const planned = [
      await planProject(page, 'Miller Remodel', '873000'),
      await planProject(page, 'Whitaker Kitchen', '912000'),
    ];
    await overlapsFound(page, planned);
    await open(page);
    await shoot(page, 'all', w);
    // The screen as first seen, and its cards, at the window's own size.
    await shoot(page, 'all-top', w, false);
    await page.getByRole('heading', { name: 'Key Recommendations' }).scrollIntoViewIfNeeded();
    await shoot(page, 'all-recommendations', w, false);
    await page.getByRole('heading', { name: 'All Insights' }).evaluate((h) => h.scrollIntoView());
    await shoot(page, 'all-cards', w, false);
    await open(page, `?project=${seeded.lakesideId}`);
    await shoot(page, 'project', w);
    await open(page);
    await page.getByRole('combobox', { name: 'Filter by project' }).click();
    await page.getByRole('option', { name: 'Lakeside Offices' }).waitFor();
    await shoot(page, 'filter-open', w, false);
    await page.keyboard.press('Escape');
    problems.push(...t.problems);
    await t.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`screenshots in ${OUT}`);
