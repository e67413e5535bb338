/**
 * Screenshots of the Portfolio, project detail and task workspace (with data, dialogs and menus),
 * and of estimate to plan (the New Project dialog with attachments, the progress overlay while a
 * file is read and while it is planned, the overlay's report of a file it could not read, the
 * resulting Gantt, the Documents panel's Generate plan and its confirmation) at 1280 px and 390 px
 * into ./screenshots/ (git-ignored), against the real server.
 * Run: npx tsx tests/e2e/screenshots-projects.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server';
import { animationsFinished, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';

const OUT = resolve(import.meta.dirname, '../../screenshots');

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `projects-${name}-${width}.png`), fullPage });
}

async function signUpWithCompany(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('concrete-42');
  await page.getByLabel('Confirm password').fill('concrete-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Sign-up leads to trial setup, which asks for the company first (onboarding).
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('link', { name: 'Set up my company' }).click();
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Company name').fill('Summit Builders');
  await page.getByRole('combobox', { name: 'Company type' }).click();
  await page.getByRole('option', { name: 'General Contractor' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: "You're all set" }).waitFor();
}

const PROJECTS = [
  {
    name: 'Maple Street Renovation',
    client: 'Harper Family',
    type: 'Residential',
    status: 'active',
    budget: '1250000',
    progress: 45,
  },
  {
    name: 'Riverside Medical Clinic',
    client: 'Riverside Health',
    type: 'Commercial',
    status: 'at-risk',
    budget: '4800000',
    progress: 62,
  },
  {
    name: 'Route 9 Bridge Deck Replacement',
    client: 'County DOT',
    type: 'Infrastructure',
    status: 'on-hold',
    budget: '12500000',
    progress: 10,
  },
  {
    name: 'Valley Distribution Center',
    client: 'Northwind Logistics',
    type: 'Industrial',
    status: 'completed',
    budget: '8900000',
    progress: 100,
  },
];

async function seed(page: Page): Promise<{ projectId: number; taskId: number }> {
  let projectId = 0;
  for (const p of PROJECTS) {
    const res = await page.request.post('/api/projects', {
      data: {
        ...p,
        startDate: '2025-09-01',
        endDate: '2026-04-01',
        description:
          'Full gut renovation of a 1920s two-storey home: kitchen, two bathrooms, new electrical service and windows.',
      },
    });
    const body = (await res.json()) as { id: number };
    if (!projectId) projectId = body.id;
  }
  const names = [
    'Demolition and haul-away',
    'Pour foundation slab',
    'Frame walls and roof',
    'Rough electrical',
    'Drywall and finish',
  ];
  let taskId = 0;
  for (const [i, name] of names.entries()) {
    const start = new Date(Date.UTC(2025, 8, 1 + i * 10));
    const res = await page.request.post('/api/tasks', {
      data: {
        projectId,
        name,
        isCritical: i % 2 === 1,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 9 * 86_400_000).toISOString(),
        progress: [100, 60, 20, 0, 0][i],
        status: ['completed', 'in-progress', 'in-progress', 'not-started', 'blocked'][i],
        description: i === 1 ? 'Slab on grade, 4000 psi, with vapour barrier and perimeter insulation.' : '',
        punchlist: JSON.stringify(
          i === 1
            ? [
                {
                  id: 'a',
                  text: 'Set forms',
                  completed: true,
                  createdAt: start.toISOString(),
                  level: 0,
                  parentId: null,
                },
                {
                  id: 'b',
                  text: 'Inspect forms',
                  completed: true,
                  createdAt: start.toISOString(),
                  level: 1,
                  parentId: 'a',
                },
                {
                  id: 'c',
                  text: 'Place rebar and chairs',
                  completed: false,
                  createdAt: start.toISOString(),
                  level: 0,
                  parentId: null,
                },
                {
                  id: 'd',
                  text: 'Book the pump truck',
                  completed: false,
                  createdAt: start.toISOString(),
                  level: 0,
                  parentId: null,
                },
              ]
            : [],
        ),
        // Delivered: an in-progress task's materials are on site (a task cannot start before).
        materialsStatus:
          i === 1
            ? JSON.stringify({ needed: true, approved: true, ordered: true, shipped: true, delivered: true })
            : null,
        materialsNotes: i === 1 ? 'Ready-mix from Valley Concrete, 42 yd³' : '',
      },
    });
    const body = (await res.json()) as { id: number };
    if (i === 1) taskId = body.id;
  }
  for (const message of [
    'Forms inspected and approved',
    'Concrete ordered for Friday 7 AM',
    'Pump truck confirmed',
    'Rain forecast Thursday — tarps ready',
  ]) {
    await page.request.post('/api/updates', { data: { taskId, message, priority: 'normal' } });
  }
  await page.request.post(`/api/projects/${projectId}/documents`, {
    multipart: {
      file: { name: 'estimate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  return { projectId, taskId };
}

async function run(browser: Browser, server: AppServer, viewport: { width: number; height: number }) {
  const w = viewport.width;
  const t = await openPage(browser, server.baseUrl, viewport);
  const { page } = t;
  await signUpWithCompany(page, `shots-projects-${w}-${Date.now()}@example.com`);
  await page.goto('/projects');
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  await shoot(page, 'portfolio-empty', w);
  const { projectId, taskId } = await seed(page);
  await page.reload();
  await page.getByRole('link', { name: 'Maple Street Renovation' }).waitFor();
  await shoot(page, 'portfolio', w);
  await page.getByRole('button', { name: 'More actions for Maple Street Renovation' }).click();
  await page.getByRole('menu').waitFor();
  await shoot(page, 'portfolio-menu', w, false);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'New Project' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, 'new-project', w, false);
  await page.getByRole('button', { name: 'Create Project' }).click();
  await page.getByText('Budget is required').waitFor();
  await shoot(page, 'new-project-errors', w, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Edit Riverside Medical Clinic' }).click();
  await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
  await shoot(page, 'edit-project', w, false);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'More actions for Maple Street Renovation' }).click();
  await page.getByRole('menuitem', { name: 'Delete Project' }).click();
  await page.getByRole('alertdialog').waitFor();
  await shoot(page, 'delete-project', w, false);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('heading', { level: 1, name: 'Maple Street Renovation' }).waitFor();
  await page.getByText('estimate.pdf').waitFor();
  await shoot(page, 'detail', w);
  await page.getByRole('button', { name: 'Add Task' }).click();
  await page.getByLabel('Task name').fill('Install windows');
  await shoot(page, 'detail-add-task', w, false);

  await page.goto(`/projects/${projectId}/tasks/${taskId}`);
  await page.getByRole('heading', { level: 1, name: 'Pour foundation slab' }).waitFor();
  await page.getByText('Pump truck confirmed').waitFor();
  await shoot(page, 'task', w);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Task Name').waitFor();
  await shoot(page, 'task-edit', w, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Add sub-item to item 2' }).click();
  await shoot(page, 'task-sub-item', w);
  if (t.problems.length) console.error(t.problems.join('\n'));
  await t.close();
  return t.problems;
}

/** Holds the requests to `path` until released; then they (and later ones) go on to the real server. */
async function hold(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let arrived!: () => void;
  const sent = new Promise<void>((r) => {
    arrived = r;
  });
  await page.route(`**${path}`, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return {
    /** Resolves once the page has asked (the request is then held). */
    sent,
    /** Lets the held request and any later ones through. */
    release,
  };
}

const ESTIMATE = resolve(import.meta.dirname, '../fixtures/estimates/residential-kitchen-bath-remodel.pdf');

async function runPlan(browser: Browser, server: AppServer, viewport: { width: number; height: number }) {
  const w = viewport.width;
  const t = await openPage(browser, server.baseUrl, viewport);
  const { page } = t;
  await signUpWithCompany(page, `shots-plan-${w}-${Date.now()}@example.com`);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Project Name').fill('Harper Kitchen Remodel');
  await dialog.getByLabel('Client', { exact: true }).fill('Harper Family');
  await dialog.getByLabel('Budget ($)').fill('60000');
  await dialog.getByLabel('Start Date').fill('2026-03-02');
  await dialog.getByLabel('End Date').fill('2026-09-30');
  await dialog.getByLabel('Attachments (optional)').setInputFiles([
    {
      name: 'residential-kitchen-bath-remodel.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(ESTIMATE),
    },
    {
      name: 'old-bid.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
    },
  ]);
  await dialog.getByText('old-bid.xls').waitFor();
  await dialog.getByRole('button', { name: 'Create Project' }).scrollIntoViewIfNeeded();
  await shoot(page, 'new-project-attachments', w, false);

  // The server's plan of the stored estimate starts once the overlay has been looked at.
  const starting = await hold(page, '/api/projects/*/plans');
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/projects',
    ),
    dialog.getByRole('button', { name: 'Create Project' }).click(),
  ]);
  const projectId = ((await created.json()) as { id: number }).id;
  // The legacy .xls is refused by storage: that answer is the flow, not a problem.
  t.expectHttpError({ status: 415, path: `/api/projects/${projectId}/documents` });
  await starting.sent;
  const overlay = page.locator('[data-plan-overlay]');
  await overlay.waitFor();
  // The elapsed timer has ticked.
  await page.waitForFunction(() => document.querySelector('[data-elapsed]')?.textContent !== '00:00');
  await shoot(page, 'plan-overlay-reading', w, false);
  starting.release();
  const openPlan = overlay.getByRole('button', { name: 'Open the plan' });
  await openPlan.waitFor({ timeout: 60_000 });
  await shoot(page, 'plan-overlay-problems', w, false);
  await openPlan.click();
  await page.waitForURL(/\?view=gantt$/);
  await page.locator('g[data-task-id]').first().waitFor();
  await shoot(page, 'plan-gantt', w);
  // The completion notice (10 s) would cover the panel.
  await page.locator('li[data-variant]').getByRole('button').click();
  await page.locator('li[data-variant]').waitFor({ state: 'detached' });
  const documents = page.getByRole('list', { name: 'Documents' });
  await documents.scrollIntoViewIfNeeded();
  await shoot(page, 'plan-documents', w, false);
  await documents
    .getByRole('button', { name: /^Generate plan from / })
    .first()
    .click();
  await page.getByRole('alertdialog').waitFor();
  await shoot(page, 'plan-confirm', w, false);
  await page.getByRole('button', { name: 'Cancel' }).click();
  if (t.problems.length) console.error(t.problems.join('\n'));
  await t.close();
  return t.problems;
}

mkdirSync(OUT, { recursive: true });
const server = await startAppServer();
const browser = await launchBrowser();
try {
  const only = process.argv[2]; // "plan": only the estimate-to-plan screens
  const problems = [
    ...(only === 'plan'
      ? []
      : [...(await run(browser, server, DESKTOP)), ...(await run(browser, server, MOBILE))]),
    ...(await runPlan(browser, server, DESKTOP)),
    ...(await runPlan(browser, server, MOBILE)),
  ];
  if (problems.length) process.exitCode = 1;
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
