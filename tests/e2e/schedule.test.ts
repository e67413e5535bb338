/**
 * The schedule against the real server, with the page's clock on Wednesday 29 April 2026 and a
 * company seeded through the API: the day, week and month views, a week and a month across into
 * May, the project filter, "+N more", a task leading to its project; on a phone, assigning a task to
 * a subcontractor on the task page, Crew Planning with the double booking it makes, and the
 * calendar feed a calendar app would read.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser';
import { createSubcontractor, SCHEDULE_TODAY, seedSchedule, signUpThroughApi } from './support/schedule-data';
import { browserSuite, expectAccessible } from './support/suite';

const suite = browserSuite();

/** A page whose "today" is SCHEDULE_TODAY (its clock keeps running from 9 AM), signed in with data. */
async function openSeeded(viewport?: { width: number; height: number }, assign = true) {
  const t = await suite.open(viewport);
  await t.page.clock.install({ time: new Date(`${SCHEDULE_TODAY}T09:00:00`) });
  await t.page.goto('/');
  await signUpThroughApi(t.page);
  return { ...t, seeded: await seedSchedule(t.page, { assign }) };
}

/**
 * Waits until the calendar shows this view, period and project filter with their own tasks (not the
 * ones shown before while the new ones load).
 */
async function shown(page: Page, view: string, from: string, project = 'all') {
  await page
    .locator(
      `[data-testid="schedule-calendar"][data-view="${view}"][data-from="${from}"][data-project="${project}"][data-ready="true"]`,
    )
    .waitFor();
}

const title = (page: Page, text: string) => page.getByRole('heading', { level: 2, name: text }).waitFor();
/** The start of a task link's name: "Task, Project", then whatever else it says of the task. */
const named = (task: string, project: string) => new RegExp(`^${task}\\s*, ${project}`);
const taskLink = (page: Page, task: string, project: string) =>
  page.getByRole('link', { name: named(task, project) });

describe('the schedule', () => {
  it('switches day, week and month, crosses into May, filters by project, opens "+N more" and follows a task', async () => {
    const { page, seeded } = await openSeeded();
    await page.goto('/schedule');
    // The week of today, Sunday first, across the end of April.
    await shown(page, 'week', '2026-04-26');
    await title(page, 'Apr 26 – May 2, 2026');
    const week = page.getByRole('table', { name: 'Week' });
    const headers = await week.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.slice(0, 3))).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const friday = week.getByRole('cell', { name: 'Friday, May 1, 2026' });
    await taskLink(page, 'Dock doors', 'Valley Distribution Center').waitFor();
    expect(await friday.getByRole('link').count()).toBe(6);
    const summary = page.getByRole('region', { name: 'Period summary' });
    await summary.getByText('Tasks This Week').waitFor();
    await expectAccessible(page);

    // Month: two tasks a day and "+N more", which opens the day.
    await page.getByRole('tab', { name: 'Month' }).click();
    await shown(page, 'month', '2026-04-01');
    await title(page, 'April 2026');
    await summary.getByText('Tasks This Month').waitFor();
    const month = page.getByRole('table', { name: 'Month' });
    expect(await month.getByRole('row').count()).toBe(6); // the weekday row and five weeks
    const busy = month.getByRole('cell', { name: 'Tuesday, April 28, 2026' });
    expect(await busy.getByRole('link').count()).toBe(2);
    await busy.getByRole('button', { name: '6 more tasks on Tuesday, April 28, 2026' }).click();
    await shown(page, 'day', '2026-04-28');
    await title(page, 'Tuesday, April 28, 2026');
    expect(
      await page
        .getByRole('list', { name: 'Tasks on Tuesday, April 28, 2026' })
        .getByRole('listitem')
        .count(),
    ).toBe(8);
    await summary.getByText('Tasks Today').waitFor();

    // Next month: across into May.
    await page.getByRole('tab', { name: 'Month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await shown(page, 'month', '2026-05-01');
    await title(page, 'May 2026');
    await month
      .getByRole('cell', { name: 'Friday, May 29, 2026' })
      .getByRole('link', { name: /Final inspection/ })
      .waitFor();

    // Today: today's day view.
    await page.getByRole('button', { name: 'Today' }).click();
    await shown(page, 'day', SCHEDULE_TODAY);
    await title(page, 'Wednesday, April 29, 2026');

    // One project: the request names it and only its tasks show.
    await page.getByRole('tab', { name: 'Week' }).click();
    await shown(page, 'week', '2026-04-26');
    const [filtered] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).searchParams.get('projectId') === String(seeded.projectIds[2]),
      ),
      (async () => {
        await page.getByRole('combobox', { name: 'Filter by project' }).click();
        await page.getByRole('option', { name: 'Route 9 Bridge Deck' }).click();
      })(),
    ]);
    expect(new URL(filtered.url()).searchParams.get('from')).toBe('2026-04-26');
    await shown(page, 'week', '2026-04-26', String(seeded.projectIds[2]));
    const projects = await week
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('data-project-id')));
    expect(projects.length).toBeGreaterThan(0);
    expect(new Set(projects)).toEqual(new Set([String(seeded.projectIds[2])]));

    // A task leads to its project.
    await taskLink(page, 'Traffic control setup', 'Route 9 Bridge Deck').first().click();
    await page.waitForURL(`**/projects/${seeded.projectIds[2]}`);
    await page.getByRole('heading', { level: 1, name: 'Route 9 Bridge Deck' }).waitFor();
  });

  it('on a phone: assigns a task to a subcontractor, plans the crew, and serves the calendar feed', async () => {
    const { page, seeded } = await openSeeded(MOBILE, false);
    const zenith = await createSubcontractor(page, 'Zenith Drywall');

    // The assignee picker of the task page lists the members and the subcontractors.
    await page.goto(`/projects/${seeded.projectIds[0]}/tasks/${seeded.taskIds.Framing}`);
    await page.getByRole('combobox', { name: 'Assignee' }).click();
    await page.getByRole('option', { name: 'Dana Builder' }).waitFor();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PUT'),
      page.getByRole('option', { name: 'Zenith Drywall' }).click(),
    ]);
    expect(saved.request().postDataJSON()).toEqual({ assignedTo: null, assignedContactId: zenith });
    await page.getByText('Task updated successfully').first().waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Assignee' }).textContent())
      .toBe('Zenith Drywall');
    // A task of another project on the same days, for the same subcontractor.
    const put = await page.request.put(`/api/tasks/${seeded.taskIds['Steel erection']}`, {
      data: { assignedContactId: zenith },
    });
    expect(put.status()).toBe(200);

    // The week on a phone is a list per day; Crew Planning groups by assignee.
    await page.goto('/schedule');
    await shown(page, 'week', '2026-04-26');
    await page
      .getByRole('list', { name: 'Week' })
      .getByRole('listitem', { name: 'Thursday, April 30, 2026' })
      .waitFor();
    await page.getByRole('tab', { name: 'Crew Planning' }).click();
    const crew = page.getByRole('region', { name: 'Zenith Drywall' });
    await crew.getByText('Double-booked across projects').waitFor();
    await crew.getByRole('link', { name: named('Framing', 'Maple Street Renovation') }).waitFor();
    await crew.getByRole('link', { name: named('Steel erection', 'Riverside Medical Clinic') }).waitFor();
    await page.getByRole('region', { name: 'Unassigned Tasks' }).waitFor();
    await expectAccessible(page);

    // The month on a phone: a day opens in the day view.
    await page.getByRole('tab', { name: 'Month' }).click();
    await shown(page, 'month', '2026-04-01');
    await page.getByRole('button', { name: 'Open Tuesday, April 28, 2026: 8 tasks' }).click();
    await shown(page, 'day', '2026-04-28');

    // The calendar feed: turned on here, read as a calendar app would (no cookie).
    await page.getByRole('button', { name: 'Turn on' }).click();
    const address = await page.getByLabel('Feed address').inputValue();
    expect(address).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Maple Street Renovation: Framing\r\n');
    expect(text).toContain(`UID:task-${seeded.taskIds.Framing}@`);
  });
});
