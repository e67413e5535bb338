/**
 * Weather days said where the user reads the plan: a new contractor in a cold state (Minnesota, set
 * in account settings) plans a new home that starts early in December next year from the New
 * Project dialog's estimate. The notice that ends the run and the notices of the project's Gantt
 * state the server's sentence, whose count is the schedule's `weather.days` (more than none).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProjectDto } from '../../src/contracts/projects';
import type { ProjectScheduleDto } from '../../src/contracts/schedule';
import { MOBILE, WORK_TIMEOUT_MS } from './support/browser';
import { shot } from './support/shots';
import {
  browserSuite,
  expectAccessible,
  openPortfolio,
  signUpWithCompany,
  uniqueEmail,
} from './support/suite';

const suite = browserSuite();
const ESTIMATE = 'new-home-2400sf.pdf';

/** The first weekday from 6 December of next year: the ground work falls in the winter months. */
function winterStartNextYear(): string {
  const d = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 6));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The company's state, chosen and saved in account settings. */
async function setCompanyState(page: Page, code: string, saved: string) {
  await page.goto('/account-settings');
  await page.getByLabel('State', { exact: true }).selectOption(code);
  await page.getByRole('button', { name: 'Save Location' }).click();
  await page.getByText(saved, { exact: true }).waitFor();
}

/** Creates the project with the estimate attached in the New Project dialog; the new project's id. */
async function createFromEstimate(page: Page, start: string): Promise<number> {
  await openPortfolio(page);
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel('Project Name').fill('Lakeshore winter home');
  await dialog.getByRole('combobox', { name: 'Client' }).fill('Lindqvist Family');
  await dialog.getByLabel('Start Date').fill(start);
  await dialog.getByLabel('End Date').fill(`${Number(start.slice(0, 4)) + 1}-12-31`);
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
  return ((await created.json()) as ProjectDto).id;
}

describe('weather days on the plan and the schedule', () => {
  it('states the weather days of a winter start in Minnesota on the finished plan and on the Gantt', async () => {
    const { page } = await suite.open();
    await signUpWithCompany(page, { email: uniqueEmail('weather'), throughForm: true });
    await setCompanyState(page, 'MN', 'Minnesota, United States');
    const start = winterStartNextYear();
    const projectId = await createFromEstimate(page, start);

    // The run's closing notice states the plan's weather days.
    const done = page
      .locator('li[data-variant]')
      .filter({ hasText: 'Project created successfully!' })
      .filter({ hasText: /weather days? added/ });
    await done.waitFor({ timeout: WORK_TIMEOUT_MS });
    const doneText = await done.innerText();
    await page.waitForURL(new RegExp(`/projects/${projectId}\\?view=gantt$`), { timeout: WORK_TIMEOUT_MS });
    await shot(page, 'weather-days-plan-done', { bothWidths: true, fullPage: false });

    const res = await page.request.get(`/api/projects/${projectId}/schedule`);
    expect(res.status()).toBe(200);
    const { weather } = (await res.json()) as ProjectScheduleDto;
    if (!weather) throw new Error('the schedule carries no weather days');
    expect(weather.days).toBeGreaterThan(0);
    expect(doneText).toContain(weather.summary);
    expect(weather.summary).toMatch(/Minnesota/);
    expect(Number(/(\d+) weather days? added/.exec(doneText)?.[1])).toBe(weather.days);

    // The project's schedule says the same, with the same count.
    const notice = page.locator('[data-weather-days]');
    await notice.waitFor({ timeout: WORK_TIMEOUT_MS });
    expect(await notice.innerText()).toBe(weather.summary);
    expect(Number(await notice.getAttribute('data-weather-days'))).toBe(weather.days);
    expect(Number(/(\d+) weather days? added/.exec(await notice.innerText())?.[1])).toBe(weather.days);
    await page.locator('g[data-task-id]').first().waitFor({ timeout: WORK_TIMEOUT_MS });
    await notice.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shot(page, 'weather-days-gantt', { fullPage: false });
    await page.setViewportSize(MOBILE);
    await notice.scrollIntoViewIfNeeded();
    expect(await notice.isVisible()).toBe(true);
    await shot(page, 'weather-days-gantt', { fullPage: false });
  });
});
