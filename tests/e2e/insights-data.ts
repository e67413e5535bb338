/**
 * A company whose data raises insights, made through the API with a page's cookies, around the
 * server's real today (the insights are computed from the server's clock): "Harbor Clinic" with
 * overdue critical framing and unordered windows, "Lakeside Offices" with its electrical work
 * assigned to a subcontractor not marked licensed. For the insights browser test and screenshots.
 */
import type { APIResponse, Page } from 'playwright-core';
import { shiftDay, signUpThroughApi } from './support/schedule-data';

export interface SeededInsights {
  harborId: number;
  lakesideId: number;
  frameId: number;
  windowsId: number;
  voltId: number;
}

async function ok<T>(res: APIResponse, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Today in the company's time zone (the default, New York), as the server reckons it. */
export function companyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', dateStyle: 'short' }).format(
    new Date(),
  );
}

/** Polls the company's insights until each of these tasks has one (the refresh runs in the background). */
async function insightsAbout(page: Page, taskIds: readonly number[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const insights = await ok<{ taskId: number | null }[]>(
      await page.request.get('/api/ai-insights'),
      'insights',
    );
    if (taskIds.every((id) => insights.some((i) => i.taskId === id))) return;
    if (Date.now() > deadline) {
      throw new Error(`no insights about tasks ${taskIds.join(', ')} after ${timeoutMs} ms`);
    }
    await page.waitForTimeout(250);
  }
}

export async function seedInsights(page: Page): Promise<SeededInsights> {
  await signUpThroughApi(page, 'Harbor Builders');
  const api = page.request;
  const today = companyToday();
  const project = async (name: string, budget: string, startDate = shiftDay(today, -30)) =>
    (
      await ok<{ id: number }>(
        await api.post('/api/projects', {
          data: {
            name,
            client: 'Harbor Health',
            type: 'Commercial',
            budget,
            startDate,
            endDate: shiftDay(today, 200),
          },
        }),
        `project ${name}`,
      )
    ).id;
  const task = async (data: Record<string, unknown>) =>
    (
      await ok<{ id: number }>(
        await api.post('/api/tasks', {
          data: { startDate: shiftDay(today, -30), endDate: shiftDay(today, -20), ...data },
        }),
        `task ${String(data.name)}`,
      )
    ).id;
  const harborId = await project('Harbor Clinic', '850000');
  // Lakeside starts today: its end date follows its schedule, and a project a month into a
  // two-month schedule with nothing done would be behind (an insight this test does not seed).
  const lakesideId = await project('Lakeside Offices', '420000', today);
  const frameId = await task({
    projectId: harborId,
    name: 'Frame walls',
    duration: 10,
    status: 'in-progress',
    progress: 20,
  });
  await task({
    projectId: harborId,
    name: 'Roof',
    duration: 10,
    // Dated by the schedule from its link: typed dates on a linked task must be ones it can keep.
    startDate: undefined,
    endDate: undefined,
    dependencies: JSON.stringify([{ taskId: frameId, type: 'FS', lagDays: 0 }]),
  });
  const windowsId = await task({ projectId: harborId, name: 'Install windows', duration: 5 });
  const volt = await ok<{ id: number }>(
    await api.post('/api/contacts', {
      data: { name: 'Volt Brothers', email: 'office@volt.example', type: 'subcontractor', licensed: false },
    }),
    'contact',
  );
  const wiringId = await task({
    projectId: lakesideId,
    name: 'Rough-in electrical',
    duration: 4,
    // Held to its planned start, so scheduling does not pull it back to the project's start (the
    // schedule dates it from there, on working days).
    startDate: undefined,
    endDate: undefined,
    startNoEarlierThan: shiftDay(today, 10),
    assignedContactId: volt.id,
  });
  // Scheduling each project (as its Schedule button does) brings the company's insights up to date,
  // in the background: wait until they are there (framing overdue, windows to order, the sub).
  for (const id of [harborId, lakesideId]) {
    await ok(await api.post(`/api/projects/${id}/schedule`), `schedule ${id}`);
  }
  await insightsAbout(page, [frameId, windowsId, wiringId]);
  return { harborId, lakesideId, frameId, windowsId, voltId: volt.id };
}
