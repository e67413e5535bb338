/**
 * Work is drawn on its project's working days: a task scheduled across Christmas 2026 (Friday 25
 * December) and the weekend after it shows no bar or chip on the holiday nor on Saturday and
 * Sunday, in the look-ahead and in the schedule's week and month, at desktop and phone widths. The
 * look-ahead's header writes its window one way ("Dec 21 – Dec 27, 2026"). The project's Gantt
 * shades the same days off (Christmas and the weekends) behind its bars. A notice shown on the
 * Gantt sits below the app's header and covers none of the chart.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsFinished, DESKTOP, MOBILE } from './support/browser';
import { signUpThroughApi } from './support/schedule-data';
import { shot } from './support/shots';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

async function call<T = { id: number }>(page: Page, method: 'post' | 'put', path: string, data: unknown) {
  const res = await page.request[method](path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A project from Monday 21 December 2026, statused that day: Demolition (6 working days) is
 * scheduled Mon 21 – Thu 24 and Mon 28 – Tue 29, skipping Christmas and the weekend; Framing
 * follows from Wednesday 30 December.
 */
async function seedChristmasProject(page: Page) {
  await signUpThroughApi(page, 'Holiday Builders');
  const project = await call(page, 'post', '/api/projects', {
    name: 'Larch Street Addition',
    client: 'M. Ortiz',
    budget: '240000',
    startDate: '2026-12-21',
    endDate: '2027-03-31',
  });
  const demolition = await call(page, 'post', '/api/tasks', {
    projectId: project.id,
    name: 'Demolition',
    phase: 'Demolition',
    duration: 6,
  });
  await call(page, 'post', '/api/tasks', {
    projectId: project.id,
    name: 'Framing',
    phase: 'Framing',
    duration: 3,
    dependencies: JSON.stringify([{ taskId: demolition.id, type: 'FS', lagDays: 0 }]),
  });
  await call(page, 'put', `/api/projects/${project.id}`, { dataDate: '2026-12-21', reschedule: true });
  const schedule = await call<{ tasks: { id: number; startDate: string; endDate: string }[] }>(
    page,
    'post',
    `/api/projects/${project.id}/schedule`,
    {},
  );
  // The engine's own dates: the premise of everything drawn below.
  expect(schedule.tasks.find((t) => t.id === demolition.id)).toMatchObject({
    startDate: '2026-12-21',
    endDate: '2026-12-29',
  });
  return project.id;
}

/** The look-ahead bars of a row, by the day each says it is on. */
const barDays = (row: Locator) =>
  row.locator('.lookahead-bar .sr-only').evaluateAll((spans) => spans.map((s) => s.textContent ?? ''));

describe('work drawn on working days', () => {
  it('leaves Christmas and the weekend empty in the look-ahead, whose header writes its dates one way', async () => {
    const { page } = await suite.open();
    const projectId = await seedChristmasProject(page);
    await page.goto(`/projects/${projectId}/lookahead?weeks=1&group=assignee`);
    await page.locator('[data-testid="lookahead"][data-ready="true"][data-from="2026-12-21"]').waitFor();

    const demolition = page.getByTestId('lookahead-row').filter({ hasText: 'Demolition' });
    expect(await barDays(demolition)).toEqual([
      'On December 21, 2026',
      'On December 22, 2026',
      'On December 23, 2026',
      'On December 24, 2026',
    ]);
    // Christmas stays in the strip as a day off; the weekend is not a working day of the project.
    await page.locator('th abbr[title="December 25, 2026: not a working day"]').waitFor();
    expect(
      await page.locator('abbr[title^="December 26, 2026"], abbr[title^="December 27, 2026"]').count(),
    ).toBe(0);
    await page.getByText('Dec 21 – Dec 27, 2026 · 1 week from the data date').waitFor();
    await shot(page, 'working-days-lookahead-1w', { bothWidths: true });

    // Three weeks cross the year: both ends carry their year.
    await page.goto(`/projects/${projectId}/lookahead?weeks=3&group=assignee`);
    await page.locator('[data-testid="lookahead"][data-ready="true"][data-to="2027-01-10"]').waitFor();
    expect(await barDays(page.getByTestId('lookahead-row').filter({ hasText: 'Demolition' }))).toEqual([
      'On December 21, 2026',
      'On December 22, 2026',
      'On December 23, 2026',
      'On December 24, 2026',
      'On December 28, 2026',
      'On December 29, 2026',
    ]);
    // New Year's Day is off too: Framing runs Wed 30, Thu 31 December and Monday 4 January.
    expect(await barDays(page.getByTestId('lookahead-row').filter({ hasText: 'Framing' }))).toEqual([
      'On December 30, 2026',
      'On December 31, 2026',
      'On January 4, 2027',
    ]);
    await page.getByText('Dec 21, 2026 – Jan 10, 2027 · 3 weeks from the data date').waitFor();
    await expectAccessible(page);
    await shot(page, 'working-days-lookahead-3w', { bothWidths: true });
  });

  it('draws no chip on Christmas or the weekend in the month and week views, wide and on a phone', async () => {
    const { page } = await suite.open(DESKTOP);
    await seedChristmasProject(page);
    const ready = (view: string, from: string) =>
      page
        .locator(
          `[data-testid="schedule-calendar"][data-view="${view}"][data-from="${from}"][data-ready="true"]`,
        )
        .waitFor();

    await page.goto('/schedule?view=month&date=2026-12-01');
    await ready('month', '2026-12-01');
    const month = page.getByRole('table', { name: 'Month' });
    const chips = (day: string) =>
      month.getByRole('cell', { name: day, exact: true }).getByRole('link', { name: /^Demolition/ });
    await chips('Thursday, December 24, 2026').waitFor();
    expect(await chips('Monday, December 28, 2026').count()).toBe(1);
    for (const day of [
      'Friday, December 25, 2026',
      'Saturday, December 26, 2026',
      'Sunday, December 27, 2026',
    ]) {
      expect(await chips(day).count(), day).toBe(0);
    }
    await shot(page, 'working-days-month');

    await page.setViewportSize(MOBILE);
    const phoneDay = (day: string, tasks: string) =>
      page.getByRole('button', { name: `Open ${day}: ${tasks}`, exact: true });
    await phoneDay('Thursday, December 24, 2026', '1 task').waitFor();
    await phoneDay('Friday, December 25, 2026', '0 tasks').waitFor();
    await phoneDay('Saturday, December 26, 2026', '0 tasks').waitFor();
    await phoneDay('Sunday, December 27, 2026', '0 tasks').waitFor();
    await phoneDay('Monday, December 28, 2026', '1 task').waitFor();
    await shot(page, 'working-days-month');

    // The week of Christmas: on a phone a list of days, the holiday and weekend without the task.
    await page.goto('/schedule?view=week&date=2026-12-23');
    await ready('week', '2026-12-20');
    const listDay = (day: string) =>
      page.getByRole('list', { name: 'Week' }).getByRole('listitem', { name: day });
    await listDay('Thursday, December 24, 2026')
      .getByRole('link', { name: /^Demolition/ })
      .waitFor();
    // Sunday 20 to Saturday 26 December.
    for (const day of ['Friday, December 25, 2026', 'Saturday, December 26, 2026']) {
      await listDay(day).getByText('No tasks').waitFor();
    }
    await page.setViewportSize(DESKTOP);
    const week = page.getByRole('table', { name: 'Week' });
    await week.getByRole('cell', { name: 'Thursday, December 24, 2026' }).getByRole('link').first().waitFor();
    expect(
      await week.getByRole('cell', { name: 'Friday, December 25, 2026' }).getByRole('link').count(),
    ).toBe(0);
    expect(
      await week.getByRole('cell', { name: 'Saturday, December 26, 2026' }).getByRole('link').count(),
    ).toBe(0);
  });
});

/** The days a Gantt shades as days off: each shaded run's first and last day, both included. */
const shadedRuns = (page: Page) =>
  page
    .locator('[data-gantt] svg rect[data-nonworking]')
    .evaluateAll((rects) =>
      rects.map((r) => [r.getAttribute('data-nonworking') ?? '', r.getAttribute('data-nonworking-to') ?? '']),
    );
const isShaded = (runs: string[][], day: string) =>
  runs.some(([from = '', to = '']) => from <= day && day <= to);

describe("the project's Gantt", () => {
  it('shades Christmas and the weekend from the project calendar, not the Monday after', async () => {
    const { page } = await suite.open(DESKTOP);
    const projectId = await seedChristmasProject(page);
    await page.goto(`/projects/${projectId}?view=gantt`);
    await page.locator('[data-gantt] g[data-task-id]').first().waitFor();
    const runs = await shadedRuns(page);
    for (const day of ['2026-12-25', '2026-12-26', '2026-12-27', '2026-12-19', '2027-01-01']) {
      expect(isShaded(runs, day), `${day} shaded`).toBe(true);
    }
    for (const day of ['2026-12-21', '2026-12-24', '2026-12-28', '2026-12-31']) {
      expect(isShaded(runs, day), `${day} not shaded`).toBe(false);
    }
    // Christmas and the weekend after it are one shaded stretch, across the gap in Demolition's work.
    expect(runs).toContainEqual(['2026-12-25', '2026-12-27']);
    await expectAccessible(page);
    await shot(page, 'working-days-gantt', { bothWidths: true });
    await page.setViewportSize(MOBILE);
    expect(isShaded(await shadedRuns(page), '2026-12-25')).toBe(true);
  });
});

/** Whether two boxes overlap. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('notices', () => {
  for (const size of [DESKTOP, MOBILE]) {
    it(`sit below the header and over none of the Gantt at ${size.width} px`, async () => {
      const { page } = await suite.open(size);
      const projectId = await seedChristmasProject(page);
      // A task dated by hand, off the schedule: the Gantt offers to save the schedule's dates.
      await call(page, 'post', '/api/tasks', {
        projectId,
        name: 'Order windows',
        startDate: '2027-01-12',
        endDate: '2027-01-13',
      });
      await page.goto(`/projects/${projectId}?view=gantt`);
      const gantt = page.locator('[data-gantt]');
      await gantt.waitFor();
      await page.getByRole('button', { name: "Save the schedule's dates" }).click();
      const notice = page.locator('li[data-variant]').filter({ hasText: 'Schedule dates saved' });
      await notice.waitFor();
      // The chart's bottom at the window's bottom, where its latest bars are.
      await gantt.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await animationsFinished(page);
      const noticeBox = await notice.boundingBox();
      const ganttBox = await gantt.boundingBox();
      const headerBox = await page.locator('header').first().boundingBox();
      if (!noticeBox || !ganttBox || !headerBox) throw new Error('not laid out');
      expect(overlaps(noticeBox, headerBox), 'the notice covers the header').toBe(false);
      const chartInView = { ...ganttBox, y: Math.max(ganttBox.y, headerBox.y + headerBox.height) };
      expect(overlaps(noticeBox, chartInView), 'the notice covers the Gantt').toBe(false);
      expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(size.width);
      await shot(page, 'notice-over-gantt', { fullPage: false });
    });
  }
});
