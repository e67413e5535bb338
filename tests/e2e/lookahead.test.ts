/**
 * The look-ahead in the browser: a project's next three weeks grouped by assignee, then by trade,
 * another span, printed to a landscape Letter PDF of at most two pages without the app's frame; and
 * the company-wide look-ahead opened from the schedule.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createSubcontractor, signUpThroughApi } from './support/schedule-data';
import { shot, shotPrinted } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

const TRADES = ['Sitework', 'Concrete', 'Framing', 'Roofing', 'Electrical', 'Plumbing', 'HVAC', 'Finishes'];
const SUBS = [
  'Zenith Drywall',
  'Bright Spark Electric',
  'Keystone Concrete',
  'Apex Roofing',
  'Delta Plumbing',
];

async function post<T = { id: number }>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A project starting today with 40 tasks: eight trades, each a chain of five linked tasks of one to
 * three days, handed to five subcontractors and the signed-in user, then scheduled. Every task
 * starts within three weeks; the longest chain is critical.
 */
async function seedProject(page: Page, today: string) {
  const me = await (await page.request.get('/api/auth/user')).json();
  const subs = [];
  for (const name of SUBS) subs.push(await createSubcontractor(page, name));
  const project = await post(page, '/api/projects', {
    name: 'Harbor Clinic',
    client: 'Harbor Health',
    budget: '900000',
    startDate: today,
    endDate: '2027-12-31',
  });
  let n = 0;
  for (const [chain, trade] of TRADES.entries()) {
    let before: number | null = null;
    for (let step = 0; step < 5; step++) {
      const who = n % (SUBS.length + 1);
      const assignment = who === SUBS.length ? { assignedTo: me.id } : { assignedContactId: subs[who] };
      const task: { id: number } = await post(page, '/api/tasks', {
        projectId: project.id,
        name: `${trade} ${step + 1}${step === 2 ? ': inspections and punch-list walk-through' : ''}`,
        phase: trade,
        duration: chain === 0 ? 3 : 1 + ((chain + step) % 3),
        ...assignment,
        ...(before === null
          ? {}
          : { dependencies: JSON.stringify([{ taskId: before, type: 'FS', lagDays: 0 }]) }),
      });
      before = task.id;
      n++;
    }
  }
  await post(page, `/api/projects/${project.id}/schedule`, {});
  return project.id;
}

const ready = (page: Page) => page.locator('[data-testid="lookahead"][data-ready="true"]');
const rows = (page: Page) => page.getByTestId('lookahead-row');
const groupNames = (page: Page) =>
  page
    .getByTestId('lookahead-group')
    .evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label')));

describe('the look-ahead', () => {
  it('groups a project’s next weeks by assignee or trade, and prints to at most two landscape pages', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Lookahead Builders');
    const today = new Date().toISOString().slice(0, 10);
    const projectId = await seedProject(page, today);

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Look-ahead' }).click();
    await page.waitForURL(`**/projects/${projectId}/lookahead`);
    await ready(page).waitFor();
    await page.getByRole('heading', { name: 'Harbor Clinic — Look-ahead' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(40);
    expect(await groupNames(page)).toEqual([...SUBS, 'Dana Builder'].sort());
    // The critical chain is marked.
    expect(await page.locator('[data-testid="lookahead-row"][data-critical="true"]').count()).toBeGreaterThan(
      0,
    );
    await expectAccessible(page);
    await shot(page, 'lookahead-project', { bothWidths: true });

    await page.getByRole('button', { name: 'By trade' }).click();
    await expect.poll(() => groupNames(page)).toEqual([...TRADES].sort());
    expect(page.url()).toContain('group=trade');

    await page.getByRole('combobox', { name: 'Weeks' }).click();
    await page.getByRole('option', { name: '1 week' }).click();
    const to = new Date(Date.parse(`${today}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    await page.locator(`[data-testid="lookahead"][data-ready="true"][data-to="${to}"]`).waitFor();
    expect(await rows(page).count()).toBeLessThan(40);

    await page.getByRole('combobox', { name: 'Weeks' }).click();
    await page.getByRole('option', { name: '3 weeks' }).click();
    await expect.poll(() => rows(page).count()).toBe(40);

    // Printed: the frame and the controls are gone, the table fits one or two landscape pages.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Back to project' }).isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Harbor Clinic — Look-ahead' }).waitFor();
    const pdf = await page.pdf({ landscape: true, format: 'Letter', printBackground: true });
    await shotPrinted(page, 'lookahead-print', pdf);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    const [first] = (await PDFDocument.load(pdf)).getPages();
    const size = first?.getSize();
    // Landscape Letter: 11 × 8.5 inches.
    expect(size && Math.round(size.width)).toBe(792);
    expect(size && Math.round(size.height)).toBe(612);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  });

  it('shows every project’s work from the schedule’s Look-ahead button', async () => {
    const { page } = await suite.open();
    await signUpThroughApi(page, 'Company Lookahead');
    const today = new Date().toISOString().slice(0, 10);
    await seedProject(page, today);
    const other = await post(page, '/api/projects', {
      name: 'Route 9 Bridge',
      client: 'County',
      budget: '500000',
      startDate: today,
      endDate: '2027-12-31',
    });
    await post(page, '/api/tasks', {
      projectId: other.id,
      name: 'Deck pour',
      phase: 'Concrete',
      duration: 2,
    });
    await post(page, `/api/projects/${other.id}/schedule`, {});

    await page.goto('/schedule');
    await page.getByRole('link', { name: 'Look-ahead' }).click();
    await page.waitForURL('**/schedule/lookahead');
    await ready(page).waitFor();
    await expect.poll(() => rows(page).count()).toBe(41);
    await page.getByText('2 projects under way').waitFor();
    const deck = rows(page).filter({ hasText: 'Deck pour' });
    await deck.getByText('Route 9 Bridge').waitFor();
    await expectAccessible(page);
    // On a phone the table scrolls sideways inside its frame; the page itself does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'lookahead-company', { bothWidths: true });
  });
});
