/**
 * A company with a schedule to look at, made through the API with a page's cookies (sign-up,
 * projects, subcontractors, tasks around a given "today"), for the schedule's browser test and
 * screenshots.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { uniqueEmail } from './suite';

/** Wednesday 29 April 2026: its week (Sunday 26 April to Saturday 2 May) crosses into May. */
export const SCHEDULE_TODAY = '2026-04-29';

export const SCHEDULE_PROJECTS = [
  'Maple Street Renovation',
  'Riverside Medical Clinic',
  'Route 9 Bridge Deck',
  'Valley Distribution Center',
] as const;

/** `day` moved by `n` days. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

type Assignee = 'owner' | 'Zenith Drywall' | 'Bright Spark Electric' | null;

/** Name, project (index), first and last day from today, progress, critical, assignee. */
const TASKS: [string, number, number, number, number, boolean, Assignee][] = [
  ['Site supervision', 0, -20, 20, 40, false, 'owner'],
  ['Demolition', 0, -10, -6, 100, false, null],
  ['Framing', 0, -5, 2, 60, true, 'Zenith Drywall'],
  ['Electrical rough-in', 0, 1, 5, 0, false, 'Bright Spark Electric'],
  ['Drywall hanging', 0, 3, 9, 0, false, 'Zenith Drywall'],
  ['Site survey', 1, -8, -3, 70, false, null],
  ['Foundation pour', 1, -2, 0, 80, true, 'owner'],
  ['Steel erection', 1, 1, 12, 0, true, 'Zenith Drywall'],
  ['MEP coordination', 1, 0, 0, 30, false, null],
  ['Deck demolition', 2, -1, 3, 20, true, null],
  ['Traffic control setup', 2, 0, 1, 0, false, null],
  ['Rebar placement', 2, 4, 8, 0, false, 'Bright Spark Electric'],
  ['Racking install', 3, -14, -1, 90, false, null],
  ['Dock doors', 3, 2, 2, 0, false, null],
  ['Final inspection', 3, 30, 30, 0, false, null],
  // A busy day: more than a month cell shows.
  ['Punch walk: kitchen', 0, -1, -1, 0, false, null],
  ['Punch walk: baths', 0, -1, -1, 0, false, null],
  ['Fire alarm test', 1, -1, -1, 0, false, null],
];

export interface SeededSchedule {
  projectIds: number[];
  taskIds: Record<string, number>;
  subcontractorIds: Record<string, number>;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs up a new user with a company through the API; the page is then signed in. */
export async function signUpThroughApi(page: Page, company = 'Summit Builders'): Promise<void> {
  const api = page.request;
  await ok(
    await api.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('schedule'),
        password: 'concrete-pour-42',
        firstName: 'Dana',
        lastName: 'Builder',
      },
    }),
    'sign-up',
  );
  await ok(await api.post('/api/companies', { data: { name: company, type: 'general' } }), 'company');
}

export async function createSubcontractor(page: Page, name: string): Promise<number> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
  const res = await page.request.post('/api/contacts', { data: { name, email, type: 'subcontractor' } });
  return (await ok<{ id: number }>(res, `contact ${name}`)).id;
}

/** The projects, two subcontractors and the tasks around `today`, assigned as listed. */
export async function seedSchedule(
  page: Page,
  { today = SCHEDULE_TODAY, assign = true }: { today?: string; assign?: boolean } = {},
): Promise<SeededSchedule> {
  const api = page.request;
  const me = await ok<{ id: string }>(await api.get('/api/auth/user'), 'user');
  const projectIds: number[] = [];
  for (const name of SCHEDULE_PROJECTS) {
    const res = await api.post('/api/projects', {
      data: {
        name,
        client: 'Harper Family',
        budget: '1250000',
        startDate: shiftDay(today, -60),
        endDate: shiftDay(today, 120),
      },
    });
    projectIds.push((await ok<{ id: number }>(res, `project ${name}`)).id);
  }
  const subcontractorIds: Record<string, number> = {};
  if (assign) {
    for (const name of ['Zenith Drywall', 'Bright Spark Electric']) {
      subcontractorIds[name] = await createSubcontractor(page, name);
    }
  }
  const taskIds: Record<string, number> = {};
  for (const [name, project, from, to, progress, isCritical, assignee] of TASKS) {
    const assignment =
      !assign || assignee === null
        ? {}
        : assignee === 'owner'
          ? { assignedTo: me.id }
          : { assignedContactId: subcontractorIds[assignee] };
    const res = await api.post('/api/tasks', {
      data: {
        name,
        projectId: projectIds[project],
        startDate: shiftDay(today, from),
        endDate: shiftDay(today, to),
        progress,
        isCritical,
        ...assignment,
      },
    });
    taskIds[name] = (await ok<{ id: number }>(res, `task ${name}`)).id;
  }
  return { projectIds, taskIds, subcontractorIds };
}
