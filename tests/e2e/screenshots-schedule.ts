/**
 * Screenshots of /schedule (week, month, day, Issues & Blockers, Crew Planning, the calendar feed
 * turned on) and of the task page's assignee picker, at 1280 px and 390 px, with a seeded company,
 * against the real server and with the page's clock on a fixed day.
 * Run: npx tsx tests/e2e/screenshots-schedule.ts   (SHOTS_DIR=… to write elsewhere than /tmp/shots-schedule)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from './support/app-server';
import { animationsFinished, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';
import { SCHEDULE_TODAY, seedSchedule, signUpThroughApi } from './support/schedule-data';

const OUT = process.env.SHOTS_DIR || '/tmp/shots-schedule';

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `schedule-${name}-${width}.png`), fullPage });
}

async function openView(page: Page, view: string, date = SCHEDULE_TODAY) {
  await page.goto(`/schedule?view=${view}&date=${date}`);
  await page.locator(`[data-testid="schedule-calendar"][data-view="${view}"][data-ready="true"]`).waitFor();
  // The panels below follow the calendar in a second pass.
  await page.getByRole('tabpanel').locator('[aria-busy="false"]').waitFor();
}

mkdirSync(OUT, { recursive: true });
const server = await startAppServer();
const browser = await launchBrowser();
const problems: string[] = [];
try {
  for (const viewport of [DESKTOP, MOBILE]) {
    const w = viewport.width;
    const t = await openPage(browser, server.baseUrl, viewport);
    const { page } = t;
    await page.clock.install({ time: new Date(`${SCHEDULE_TODAY}T09:00:00`) });
    await page.goto('/');
    await signUpThroughApi(page);
    const seeded = await seedSchedule(page);

    await openView(page, 'week');
    await shoot(page, 'week', w);
    await openView(page, 'month');
    await shoot(page, 'month', w);
    await openView(page, 'day');
    await shoot(page, 'day', w);

    await openView(page, 'week');
    await page.getByRole('tab', { name: 'Crew Planning' }).click();
    await page.getByRole('region', { name: 'Unassigned Tasks' }).waitFor();
    await page.getByRole('region', { name: 'Zenith Drywall' }).scrollIntoViewIfNeeded();
    await shoot(page, 'crew-planning', w, false);

    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Feed address').waitFor();
    await page.getByLabel('Feed address').scrollIntoViewIfNeeded();
    await shoot(page, 'calendar-feed', w, false);

    await page.goto(`/schedule?view=week&date=${SCHEDULE_TODAY}`);
    await page.getByRole('combobox', { name: 'Filter by project' }).click();
    await page.getByRole('option', { name: 'All Projects' }).waitFor();
    await shoot(page, 'project-filter', w, false);
    await page.keyboard.press('Escape');

    const projectId = seeded.projectIds[0];
    const taskId = seeded.taskIds['Drywall hanging'];
    await page.goto(`/projects/${projectId}/tasks/${taskId}`);
    await page.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Bright Spark Electric' }).waitFor();
    await shoot(page, 'assignee-picker', w, false);
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: 'Share calendar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('dialog').getByLabel('Feed address').waitFor();
    await shoot(page, 'share-calendar', w, false);

    problems.push(...t.problems);
    await t.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
console.log(`screenshots in ${OUT}`);
