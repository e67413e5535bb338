import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './support/browser';
import {
  browserSuite,
  expectAccessible,
  openPortfolio,
  signUpWithCompany,
  uniqueEmail,
} from './support/suite';

const suite = browserSuite();
const PROJECTS = 300;

/** Creates `PROJECTS` projects through the API, a few requests at a time; returns them as listed. */
async function seedProjects(page: Page): Promise<{ id: number; name: string }[]> {
  const names = Array.from({ length: PROJECTS }, (_, i) => `Tower ${String(i + 1).padStart(3, '0')}`);
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names.slice(i, i + 10).map(async (name) => {
        const res = await page.request.post('/api/projects', {
          data: {
            name,
            client: `Client of ${name}`,
            budget: '500000',
            startDate: '2026-01-05',
            endDate: '2026-12-18',
          },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }
  const res = await page.request.get('/api/projects');
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; name: string }[];
}

const list = (page: Page) => page.getByRole('list', { name: 'Projects' });
const cardsInDom = (page: Page) => list(page).getByRole('listitem').count();
const link = (page: Page, name: string) => list(page).getByRole('link', { name, exact: true });

/** The name of the project whose card holds the focused element, if any. */
const focusedCard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('li')?.querySelector('h2 a')?.textContent ?? null);

describe('the Portfolio with 300 projects', () => {
  it('draws only the cards in view, and the last one once scrolled to the end', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('windowing') });
    const listed = await seedProjects(page);
    expect(listed).toHaveLength(PROJECTS);
    const first = listed[0]?.name ?? '';
    const last = listed[PROJECTS - 1]?.name ?? '';

    await openPortfolio(page);
    await link(page, first).waitFor();
    const drawn = await cardsInDom(page);
    expect(drawn).toBeGreaterThanOrEqual(3);
    expect(drawn).toBeLessThan(40);
    // Three to a row at 1280 px, as before.
    const tops = await list(page)
      .getByRole('listitem')
      .evaluateAll((items) => items.slice(0, 4).map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
    // The page is as tall as all the rows together.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      (PROJECTS / 3) * 200,
    );
    expect(await link(page, last).count()).toBe(0);
    await expectAccessible(page);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await link(page, last).waitFor();
    await expect.poll(() => link(page, last).isVisible()).toBe(true);
    expect(await link(page, first).count()).toBe(0);
    expect(await cardsInDom(page)).toBeLessThan(40);

    // The search still looks through every project, drawn or not.
    await page.evaluate(() => window.scrollTo(0, 0));
    const searchbox = page.getByRole('searchbox', { name: 'Search projects by name or client' });
    await searchbox.fill(last);
    await link(page, last).waitFor();
    await expect.poll(() => cardsInDom(page)).toBe(1);
    await searchbox.fill('');
    await link(page, first).waitFor();
  });

  it('keeps Tab moving card by card past the cards first drawn, on a phone', async () => {
    const { page } = await suite.open(MOBILE);
    await signUpWithCompany(page, { email: uniqueEmail('windowing-tab') });
    const listed = await seedProjects(page);
    await openPortfolio(page);
    const names = listed.map((p) => p.name);
    await link(page, names[0] ?? '').waitFor();
    const drawn = await cardsInDom(page);
    expect(drawn).toBeLessThan(15);

    await page.getByRole('button', { name: `Edit ${names[0]}` }).focus();
    // Each card has four stops: edit, more actions, the name, the progress bar.
    const target = drawn + 3;
    for (let card = 1; card <= target; card++) {
      for (let stop = 0; stop < 4; stop++) await page.keyboard.press('Tab');
      expect(await focusedCard(page)).toBe(names[card]);
    }
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Edit ${names[target]}`);
  });
});
