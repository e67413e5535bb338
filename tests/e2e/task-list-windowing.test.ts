import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bigMspdi } from './support/big-project';
import { DESKTOP, MOBILE } from './support/browser';
import { browserSuite, expectAccessible, signUpWithCompany } from './support/suite';

const suite = browserSuite();
const TASKS = 1000;

/** Imports a project of `TASKS` tasks in one request; returns its id. */
async function importBigProject(page: Page): Promise<number> {
  await signUpWithCompany(page);
  const res = await page.request.post('/api/projects/import', {
    multipart: {
      file: { name: 'tower.xml', mimeType: 'application/xml', buffer: Buffer.from(bigMspdi(TASKS)) },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { project: { id: number } }).project.id;
}

const list = (page: Page) => page.getByRole('list', { name: 'Tasks' });
const cardsInDom = (page: Page) => list(page).getByRole('listitem').count();
/** The place in the whole list of the card holding the focused element (its number), if any. */
const focusedPlace = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? null);

async function openList(page: Page, projectId: number): Promise<void> {
  await page.goto(`/projects/${projectId}`);
  await list(page).getByRole('listitem').first().waitFor();
}

describe('the task list of a 1,000-task project', () => {
  it('draws only the cards in view, reaches the last one, and prints them all', async () => {
    const { page } = await suite.open(DESKTOP);
    const projectId = await importBigProject(page);
    await openList(page, projectId);
    const drawn = await cardsInDom(page);
    expect(drawn).toBeGreaterThanOrEqual(3);
    expect(drawn).toBeLessThan(40);
    const first = list(page).getByRole('listitem').first();
    expect(await first.getAttribute('aria-posinset')).toBe('1');
    expect(await first.getAttribute('aria-setsize')).toBe(String(TASKS));
    // The page is as tall as every card together.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(TASKS * 100);
    await expectAccessible(page);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = list(page).locator(`li[aria-posinset="${TASKS}"]`);
    await last.waitFor();
    await expect.poll(() => last.isVisible()).toBe(true);
    expect(await list(page).locator('li[aria-posinset="1"]').count()).toBe(0);
    expect(await cardsInDom(page)).toBeLessThan(40);

    // The Gantt and back: the list is drawn again, still windowed.
    await page.getByRole('tab', { name: 'Gantt' }).click();
    await page.locator('[data-gantt-scroller] [data-task-id]').first().waitFor();
    await page.getByRole('tab', { name: 'List' }).click();
    await list(page).getByRole('listitem').first().waitFor();
    expect(await cardsInDom(page)).toBeLessThan(40);

    // A print (the browser's menu included) has every card; afterwards the list is windowed again.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await cardsInDom(page)).toBe(TASKS);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => cardsInDom(page)).toBeLessThan(40);
  });

  it('keeps Tab moving card by card past the cards first drawn, on a phone', async () => {
    const { page } = await suite.open(MOBILE);
    const projectId = await importBigProject(page);
    await openList(page, projectId);
    const drawn = await cardsInDom(page);
    expect(drawn).toBeLessThan(20);

    await list(page).getByRole('listitem').first().getByRole('link').focus();
    // Each card has two stops: the task's name, then its delete button.
    const target = drawn + 3;
    for (let card = 2; card <= target; card++) {
      for (let stop = 0; stop < 2; stop++) await page.keyboard.press('Tab');
      expect(await focusedPlace(page)).toBe(String(card));
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
  });
});
