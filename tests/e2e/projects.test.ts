import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newProjectDates } from '../../src/domain/schedule/new-project-dates';
import { localToday } from '../../src/web/lib/local-today';
import { MOBILE } from './support/browser';
import { pauseClock } from './support/clock';
import { shot } from './support/shots';
import {
  browserSuite,
  expectAccessible,
  openPortfolio,
  signUpWithCompany as signUp,
  uniqueEmail,
} from './support/suite';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

/** Signs up a new user and gives them a company; ends on the Portfolio. */
async function signUpWithCompany(page: Page) {
  await signUp(page, { email: uniqueEmail('projects') });
  await openPortfolio(page);
}

/**
 * Waits for a notice with exactly this title (or description). Found by the toast's own attribute:
 * while a dialog is open, everything outside it is aria-hidden, so a role query would miss it.
 */
async function notice(page: Page, text: string) {
  await page.locator('li[data-variant]').getByText(text, { exact: true }).waitFor();
}

/** Waits for the next answer to `method path` and returns it. */
function answerTo(page: Page, method: string, path: string | RegExp) {
  return page.waitForResponse((r) => {
    const p = new URL(r.url()).pathname;
    return r.request().method() === method && (typeof path === 'string' ? p === path : path.test(p));
  });
}

/** Clicks a slider at `fraction` of its width. */
async function clickAt(slider: Locator, fraction: number) {
  const box = await slider.boundingBox();
  if (!box) throw new Error('slider not visible');
  await slider.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name, exact: true }),
    });

describe('the Portfolio', () => {
  it('creates, edits, sets progress, duplicates, filters and deletes projects', async () => {
    const t = await open();
    const { page } = t;
    // The progress bar saves after a pause, by a timer: the test moves the page's clock for it.
    await page.clock.install();
    await signUpWithCompany(page);
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await page.getByRole('button', { name: 'Create your first project' }).waitFor();
    await expectAccessible(page);

    // New Project: the form's defaults, and its validation messages as a Validation Error notice.
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Create New Project' }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Project Type' }).textContent()).toContain(
      'Residential',
    );
    // The dates: the next working day and seven months on (the spec's own dates are in the past).
    const defaults = newProjectDates(localToday());
    expect(await dialog.getByLabel('Start Date').inputValue()).toBe(defaults.startDate);
    expect(await dialog.getByLabel('End Date').inputValue()).toBe(defaults.endDate);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('Project name is required').waitFor();
    await dialog.getByText('Client is required').waitFor();
    await dialog.getByText('Budget is required').waitFor();
    await notice(page, 'Validation Error');
    await dialog.getByLabel('End Date').fill('2025-08-01');
    await dialog.getByLabel('Project Name').fill('Maple Street Renovation');
    await dialog.getByLabel('Client', { exact: true }).fill('Harper Family');
    await dialog.getByLabel('Budget ($)').fill('1250000');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('End date must be on or after the start date').waitFor();
    // The spec's example dates, now in the past: flagged (with the choice to start today), still allowed.
    await dialog.getByLabel('Start Date').fill('2025-09-01');
    await dialog.getByLabel('End Date').fill('2026-04-01');
    await dialog.getByRole('status').filter({ hasText: 'This start date is in the past' }).waitFor();
    await dialog.getByLabel('Description').fill('Kitchen and two bathrooms');
    // Drawings are stored and never read, so no plan is generated (estimate-to-plan.test.ts has that).
    const dwg = Buffer.from([...Buffer.from('AC1032'), 0, 0, 0, 0, 0, 0x1f]);
    await dialog.getByLabel('Attachments (optional)').setInputFiles([
      { name: 'site-plan.dwg', mimeType: 'image/vnd.dwg', buffer: dwg },
      { name: 'elevations.dwg', mimeType: 'image/vnd.dwg', buffer: dwg },
    ]);
    await dialog.getByText('elevations.dwg').waitFor();
    const [created, uploaded] = await Promise.all([
      answerTo(page, 'POST', '/api/projects'),
      answerTo(page, 'POST', /^\/api\/projects\/\d+\/documents$/),
      dialog.getByRole('button', { name: 'Create Project' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(uploaded.status()).toBe(201);
    await notice(page, 'Project created successfully!');
    const project = card(page, 'Maple Street Renovation');
    await project.getByText('Residential • Harper Family').waitFor();
    await project.getByText('$1,250,000').waitFor();
    await project.getByText('On Track', { exact: true }).waitFor();
    await project.getByText('Apr 1, 2026').waitFor();
    const [stored] = await apiGet<{ id: number; progress: number; status: string }[]>(page, '/api/projects');
    if (!stored) throw new Error('the project was not stored');
    expect(stored.status).toBe('active');
    const docs = await apiGet<{ originalName: string }[]>(page, `/api/projects/${stored.id}/documents`);
    expect(docs.map((d) => d.originalName).sort()).toEqual(['elevations.dwg', 'site-plan.dwg']);
    await expectAccessible(page);

    // Edit: its texts, then At Risk makes the due date red.
    await project.getByRole('button', { name: 'Edit Maple Street Renovation' }).click();
    await dialog.getByRole('heading', { name: 'Edit Project' }).waitFor();
    await dialog.getByText('Update project details and settings.').waitFor();
    expect(await dialog.getByLabel('Project Name').inputValue()).toBe('Maple Street Renovation');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'At Risk' }).click();
    await dialog.getByLabel('Budget ($)').fill('1,300,000');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await notice(page, 'Project updated');
    await notice(page, 'Project has been updated successfully.');
    await project.getByText('At Risk', { exact: true }).waitFor();
    await project.getByText('$1,300,000').waitFor();
    const due = project.getByText('Apr 1, 2026');
    expect(await due.getAttribute('data-at-risk')).toBe('true');
    expect(await due.evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await project.getByText('$1,300,000').evaluate((el) => getComputedStyle(el).color),
    );

    // The progress bar: a click saves at once.
    const slider = project.getByRole('slider', { name: 'Progress of Maple Street Renovation' });
    const progressPath = `/api/projects/${stored.id}`;
    const [put] = await Promise.all([answerTo(page, 'PUT', progressPath), clickAt(slider, 0.5)]);
    expect(put.request().postDataJSON()).toEqual({ progress: expect.any(Number) });
    const clicked = (await put.json()) as { progress: number };
    expect(clicked.progress).toBeGreaterThanOrEqual(45);
    expect(clicked.progress).toBeLessThanOrEqual(55);
    await project.getByText(`${clicked.progress}%`).waitFor();
    expect(page.url()).toMatch(/\/projects$/); // the click did not open the project

    // Keys and drags save once the bar has been still for 150 ms. Time stops here; the test moves it.
    const saves: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === progressPath) {
        saves.push((r.postDataJSON() as { progress: number }).progress);
      }
    });
    await pauseClock(page);
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    await page.clock.runFor(149);
    expect(saves).toEqual([]);
    const [keyed] = await Promise.all([answerTo(page, 'PUT', progressPath), page.clock.runFor(1)]);
    expect(keyed.status()).toBe(200);
    expect(saves).toEqual([clicked.progress + 2]);
    await page.clock.resume();
    await project.getByText(`${clicked.progress + 2}%`).waitFor();

    // Dragging saves once the pointer has paused for 150 ms (not once per move), and again at once on
    // release.
    const box = await slider.boundingBox();
    if (!box) throw new Error('slider not visible');
    const y = box.y + box.height / 2;
    await pauseClock(page);
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 5 });
    await page.clock.runFor(149);
    expect(saves).toHaveLength(1);
    const [paused] = await Promise.all([answerTo(page, 'PUT', progressPath), page.clock.runFor(1)]);
    expect(paused.status()).toBe(200);
    expect(saves).toHaveLength(2);
    await page.mouse.move(box.x + box.width * 0.9, y, { steps: 2 });
    const [finalPut] = await Promise.all([answerTo(page, 'PUT', progressPath), page.mouse.up()]);
    await page.clock.resume();
    expect(saves).toHaveLength(3);
    const dragged = (await finalPut.json()) as { progress: number };
    expect(dragged.progress).toBeGreaterThanOrEqual(85);
    expect(dragged.progress).toBeLessThanOrEqual(95);
    await project.getByText(`${dragged.progress}%`).waitFor();
    expect(page.url()).toMatch(/\/projects$/);
    const [afterDrag] = await apiGet<{ progress: number }[]>(page, '/api/projects');
    expect(afterDrag?.progress).toBe(dragged.progress);

    // Duplicate, search and the status filter.
    await project.getByRole('button', { name: 'More actions for Maple Street Renovation' }).click();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Duplicate Project' }).click();
    const copy = card(page, 'Maple Street Renovation (Copy)');
    await copy.getByText('Planning', { exact: true }).waitFor();
    await copy.getByText('0%').waitFor();
    const search = page.getByRole('searchbox', { name: 'Search projects by name or client' });
    await search.fill('copy');
    await copy.waitFor();
    await project.waitFor({ state: 'detached' });
    await search.fill('harper');
    await project.waitFor();
    await copy.waitFor();
    await search.fill('nobody');
    await page.getByText('No projects found matching your criteria.').waitFor();
    await search.fill('');
    const filter = page.getByRole('combobox', { name: 'Filter by status' });
    await filter.click();
    for (const label of ['All Status', 'Active', 'On Hold', 'Completed', 'At Risk']) {
      await page.getByRole('option', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('option', { name: 'At Risk' }).click();
    await project.waitFor();
    await copy.waitFor({ state: 'detached' });
    await filter.click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await page.getByText('No projects found matching your criteria.').waitFor();
    await filter.click();
    await page.getByRole('option', { name: 'All Status' }).click();

    // Delete the copy: the exact question, then the notice.
    await copy.getByRole('button', { name: 'More actions for Maple Street Renovation (Copy)' }).click();
    await page.getByRole('menuitem', { name: 'Delete Project' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete Project' }).waitFor();
    await confirm
      .getByText(
        'Are you sure you want to delete "Maple Street Renovation (Copy)"? This action cannot be undone and will also delete all associated tasks and data.',
        { exact: true },
      )
      .waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete Project' }).click();
    await notice(page, 'Project deleted');
    await copy.waitFor({ state: 'detached' });
    expect((await apiGet<unknown[]>(page, '/api/projects')).length).toBe(1);

    // The card opens the project; the Documents panel holds the New Project attachments.
    await project.getByRole('link', { name: 'Maple Street Renovation' }).click();
    await page.waitForURL(`**/projects/${stored.id}`);
    await page.getByRole('heading', { level: 1, name: 'Maple Street Renovation' }).waitFor();
    await page.getByRole('list', { name: 'Documents' }).getByText('site-plan.dwg').waitFor();
  });
});

describe('the New Project dialog reads the type from an attached estimate', () => {
  const estimate = {
    name: 'office-fit-out-ti.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(new URL('../fixtures/estimates/office-fit-out-ti.csv', import.meta.url)),
  };

  it('fills the type the estimate reads as, says so, and keeps a type the user chose', async () => {
    const { page } = await open();
    await signUpWithCompany(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    const type = dialog.getByRole('combobox', { name: 'Project Type' });
    expect(await type.textContent()).toContain('Residential');
    await dialog.getByLabel('Attachments (optional)').setInputFiles([estimate]);
    // An office tenant fit-out: commercial work, read in the browser from the server's text.
    await dialog.getByText('(from the estimate)').waitFor();
    expect(await type.textContent()).toContain('Commercial');
    await shot(page, 'new-project-type-from-estimate');
    // The field stays editable: the user's pick replaces the estimate's, and the hint goes.
    await type.click();
    await page.getByRole('option', { name: 'Industrial' }).click();
    expect(await type.textContent()).toContain('Industrial');
    expect(await dialog.getByText('(from the estimate)').count()).toBe(0);

    // A type chosen before the estimate is attached is kept.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'New Project' }).click();
    await type.click();
    await page.getByRole('option', { name: 'Infrastructure' }).click();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await dialog.getByLabel('Attachments (optional)').setInputFiles([estimate]);
    await dialog.getByText(estimate.name).waitFor();
    await dialog.getByLabel('Project Name').fill('Suite 400 fit-out');
    await dialog.getByLabel('Client', { exact: true }).fill('Harbor Tenants LLC');
    const [created] = await Promise.all([
      answerTo(page, 'POST', '/api/projects'),
      dialog.getByRole('button', { name: 'Create Project' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(((await created.json()) as { type: string }).type).toBe('Infrastructure');
    // Nothing was read to pick a type the user had already picked.
    expect(asked).not.toContain('/api/parse-pdf');
  });

  it('reads the type on a phone too', async () => {
    const { page } = await open(MOBILE);
    await signUpWithCompany(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Attachments (optional)').setInputFiles([estimate]);
    await dialog.getByText('(from the estimate)').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Project Type' }).textContent()).toContain(
      'Commercial',
    );
    await expectAccessible(page);
    await shot(page, 'new-project-type-from-estimate-phone');
  });
});

describe('a project and its tasks', () => {
  it('adds, opens, edits and deletes tasks; drives the checklist, updates, materials and documents', async () => {
    const t = await open();
    const { page } = t;
    await signUpWithCompany(page);
    const res = await page.request.post('/api/projects', {
      data: {
        name: 'Riverside Clinic',
        client: 'Riverside Health',
        type: 'Commercial',
        budget: '2400000',
        startDate: '2025-09-01',
        endDate: '2026-04-01',
        description: 'Two-storey outpatient clinic',
      },
    });
    expect(res.status()).toBe(201);
    const { id: projectId } = (await res.json()) as { id: number };

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('heading', { level: 1, name: 'Riverside Clinic' }).waitFor();
    await page.getByText('Riverside Health • Commercial').waitFor();
    await page.getByRole('link', { name: 'Back to Portfolio' }).waitFor();
    const figures = page.getByRole('region', { name: 'Project figures' });
    await figures.getByText('$2,400,000').waitFor();
    for (const label of ['Budget', 'Total Tasks', 'Completed', 'Progress']) {
      await figures.getByText(label, { exact: true }).waitFor();
    }
    await page.getByText('Two-storey outpatient clinic').waitFor();
    await expectAccessible(page);

    // Inline Add Task: trimmed, empty disables Create.
    await page.getByRole('button', { name: 'Add Task' }).click();
    const create = page.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Task name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Task name').fill('  Pour foundation  ');
    const [posted] = await Promise.all([answerTo(page, 'POST', '/api/tasks'), create.click()]);
    const taskBody = posted.request().postDataJSON() as Record<string, unknown>;
    expect(taskBody).toMatchObject({
      name: 'Pour foundation',
      phase: 'Planning',
      status: 'not-started',
      progress: 0,
    });
    await notice(page, 'Task created successfully');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await page.getByLabel('Task name').fill('Frame walls');
    await create.click();
    await notice(page, 'Task created successfully');
    const tasks = page.getByRole('list', { name: 'Tasks' });
    await tasks.getByRole('link', { name: 'Frame walls' }).waitFor();
    const first = tasks.getByRole('listitem').first();
    await first.getByRole('link', { name: 'Pour foundation' }).waitFor();
    await first.getByText('Not Started').waitFor();
    await first.getByText('0/0').waitFor();
    await figures.getByText('2', { exact: true }).waitFor();
    await expectAccessible(page);

    // Delete a task after the spec's question.
    await tasks.getByRole('button', { name: 'Delete task Frame walls' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this task?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete Task' }).click();
    await notice(page, 'Task deleted successfully');
    await tasks.getByRole('link', { name: 'Frame walls' }).waitFor({ state: 'detached' });

    // Open the task.
    await first.getByRole('link', { name: 'Pour foundation' }).click();
    await page.waitForURL(/\/projects\/\d+\/tasks\/\d+$/);
    const taskId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'Pour foundation' }).waitFor();
    await page.getByText('Phase: Planning').waitFor();
    await page.getByRole('link', { name: 'Back to Project' }).waitFor();
    for (const panel of [
      'Task Checklist',
      'Task Updates',
      'Materials Status',
      'Materials Notes',
      'Documents',
    ]) {
      await page.getByRole('heading', { level: 2, name: panel }).waitFor();
    }
    await expectAccessible(page);

    // Edit mode: Save and Cancel.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Task Name').fill('Changed my mind');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pour foundation' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Task Name').fill('Pour foundation slab');
    await page.getByLabel('Description').fill('Slab on grade, 4000 psi');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Blocked' }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'Task updated successfully');
    await page.getByRole('heading', { level: 1, name: 'Pour foundation slab' }).waitFor();
    await page.getByText('Slab on grade, 4000 psi').waitFor();
    await page.getByText('Blocked', { exact: true }).waitFor();

    // The progress bar sets progress and the status that goes with it, saved at once.
    const bar = page.getByRole('slider', { name: 'Task progress' });
    /** The answer to the task's save that `action` makes. */
    const saveTask = async (action: () => Promise<void>) => {
      const [answer] = await Promise.all([answerTo(page, 'PUT', `/api/tasks/${taskId}`), action()]);
      return answer;
    };
    const full = await saveTask(() => clickAt(bar, 0.999));
    expect(full.request().postDataJSON()).toEqual({ progress: 100, status: 'completed' });
    await page.getByText('Completed', { exact: true }).waitFor();
    const zero = await saveTask(() => clickAt(bar, 0.001));
    expect(zero.request().postDataJSON()).toEqual({ progress: 0, status: 'not-started' });
    await page.getByText('Not Started', { exact: true }).waitFor();
    // Progress on a task not started first asks for its actual start (the planned start offered).
    const half = await saveTask(async () => {
      await clickAt(bar, 0.4);
      await page
        .getByRole('dialog', { name: /When did work on .* start\?/ })
        .getByRole('button', { name: /^Record \d+%$/ })
        .click();
    });
    const halfBody = half.request().postDataJSON() as { progress: number; status: string };
    expect(halfBody.status).toBe('in-progress');
    await page.getByText('In Progress', { exact: true }).waitFor();

    // Checklist: items, a sub-item, toggle saved at once, delete with the sub-items.
    const newItem = page.getByLabel('New checklist item');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await newItem.fill('Set forms');
    await add.click();
    await notice(page, 'Item added');
    await newItem.fill('Place rebar');
    await add.click();
    await page.getByRole('list', { name: 'Checklist' }).getByText('2.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add sub-item to item 1' }).click();
    await page.getByLabel('Sub-item of item 1').fill('Inspect forms');
    await page.getByRole('button', { name: 'Add', exact: true }).last().click();
    await notice(page, 'Sub-item added');
    await page.getByRole('list', { name: 'Checklist' }).getByText('1a.', { exact: true }).waitFor();
    await page.getByText('0/3 Complete').waitFor();
    await saveTask(() => page.getByRole('checkbox', { name: '1a. Inspect forms' }).click());
    await page.getByText('1/3 Complete').waitFor();
    await page.getByText('33%', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('1/3 Complete').waitFor();
    expect(await page.getByRole('checkbox', { name: '1a. Inspect forms' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Delete item 1', exact: true }).click();
    await notice(page, 'Item deleted');
    await page.getByText('0/1 Complete').waitFor();
    await page.getByRole('checkbox', { name: '1. Place rebar' }).waitFor();

    // Updates: newest first.
    const addUpdate = page.getByRole('button', { name: 'Add Update' });
    expect(await addUpdate.isDisabled()).toBe(true);
    await page.getByLabel('New update').fill('Forms inspected');
    await addUpdate.click();
    await notice(page, 'Update added successfully');
    await page.getByLabel('New update').fill('  Concrete ordered for Friday  ');
    await addUpdate.click();
    const updates = page.getByRole('list', { name: 'Task updates' });
    await updates.getByText('Concrete ordered for Friday').waitFor();
    expect(await updates.getByRole('listitem').first().textContent()).toContain(
      'Concrete ordered for Friday',
    );

    // Materials chain: in order; unticking clears later steps; Not Applicable clears and disables.
    const step = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^\\d\\. ${name}$`) });
    expect(await step('Approved').isDisabled()).toBe(true);
    for (const name of ['Needed', 'Approved', 'Ordered', 'Shipped', 'Delivered', 'Finalized']) {
      expect((await saveTask(() => step(name).click())).status()).toBe(200);
    }
    await notice(page, 'Materials status updated');
    await page.getByText('All materials completed!').waitFor();
    await saveTask(() => step('Ordered').click());
    for (const name of ['Ordered', 'Shipped', 'Delivered', 'Finalized']) {
      expect(await step(name).getAttribute('aria-checked')).toBe('false');
    }
    expect(await step('Approved').getAttribute('aria-checked')).toBe('true');
    expect(await step('Shipped').isDisabled()).toBe(true);
    await saveTask(() => page.getByRole('checkbox', { name: 'Not Applicable' }).click());
    await page.getByText('Materials not applicable').waitFor();
    expect(await step('Needed').isDisabled()).toBe(true);
    expect(await step('Needed').getAttribute('aria-checked')).toBe('false');

    // Materials notes.
    await page.getByLabel('Materials notes').fill('Ready-mix from Valley Concrete, 42 yd³');
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await notice(page, 'Materials notes saved');
    const savedTask = await apiGet<{ materialsNotes: string; materialsStatus: string }>(
      page,
      `/api/tasks/${taskId}`,
    );
    expect(savedTask.materialsNotes).toBe('Ready-mix from Valley Concrete, 42 yd³');
    expect(JSON.parse(savedTask.materialsStatus)).toMatchObject({ notApplicable: true, needed: false });

    // The task's documents: upload, download under the original name, delete.
    const content = 'Pour schedule: Friday 7 AM\n';
    await page.getByLabel('Add files').setInputFiles({
      name: 'pour-plan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(content),
    });
    const [upload] = await Promise.all([
      answerTo(page, 'POST', `/api/projects/${projectId}/documents`),
      page.getByRole('button', { name: 'Upload' }).click(),
    ]);
    expect(upload.status()).toBe(201);
    const docList = page.getByRole('list', { name: 'Documents' });
    await docList.getByText('pour-plan.txt').waitFor();
    const taskDocs = await apiGet<{ id: number; taskId: number }[]>(page, `/api/tasks/${taskId}/documents`);
    expect(taskDocs).toHaveLength(1);
    expect(taskDocs[0]?.taskId).toBe(taskId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      docList.getByRole('link', { name: 'Download pour-plan.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pour-plan.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe(content);
    await expectAccessible(page);

    // The project page shows the latest 3 updates and the task's progress.
    await page.getByRole('link', { name: 'Back to Project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Riverside Clinic' }).waitFor();
    const recent = page.getByRole('list', { name: 'Recent updates' });
    await recent.getByText('Concrete ordered for Friday').waitFor();
    for (const message of ['Pump truck booked', 'Inspector on site Thursday']) {
      expect((await page.request.post('/api/updates', { data: { taskId, message } })).status()).toBe(201);
    }
    await page.reload();
    await recent.getByText('Inspector on site Thursday').waitFor();
    expect(await recent.getByRole('listitem').count()).toBe(3);
    await recent.getByText('Forms inspected').waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Documents' }).getByText('pour-plan.txt').waitFor();
    await page.getByRole('list', { name: 'Tasks' }).getByText('0/1').waitFor();

    // Back on the task: delete the document.
    await page.getByRole('link', { name: 'Pour foundation slab' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pour foundation slab' }).waitFor();
    await page.getByRole('button', { name: 'Delete pour-plan.txt' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await notice(page, 'Document deleted');
    await page.getByText('No documents yet.').waitFor();

    // A materials save that fails is reverted: the task is deleted behind the screen's back.
    t.expectHttpError({ status: 404, path: `/api/tasks/${taskId}` });
    expect((await page.request.delete(`/api/tasks/${taskId}`)).status()).toBe(200);
    const failing = await saveTask(() => page.getByRole('checkbox', { name: 'Not Applicable' }).click());
    expect(failing.status()).toBe(404);
    await notice(page, 'Failed to update materials status');
    expect(await page.getByRole('checkbox', { name: 'Not Applicable' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByText('Materials not applicable').waitFor();
  });

  it('works on a small screen', async () => {
    const t = await open(MOBILE);
    const { page } = t;
    await signUpWithCompany(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project Name').fill('Harbor Lofts');
    await dialog.getByLabel('Client', { exact: true }).fill('Bay Developers');
    await dialog.getByLabel('Budget ($)').fill('980000');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await notice(page, 'Project created successfully!');
    await card(page, 'Harbor Lofts').getByText('$980,000').waitFor();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.getByRole('link', { name: 'Harbor Lofts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbor Lofts' }).waitFor();
    await page.getByRole('button', { name: 'Add Task' }).click();
    await page.getByLabel('Task name').fill('Demolition');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('link', { name: 'Demolition' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // A progress save that fails says so and the bar goes back: the project is gone behind its back.
    await page.goto('/projects');
    const lofts = card(page, 'Harbor Lofts');
    const slider = lofts.getByRole('slider', { name: 'Progress of Harbor Lofts' });
    await slider.waitFor();
    const [stored] = await apiGet<{ id: number }[]>(page, '/api/projects');
    if (!stored) throw new Error('the project was not stored');
    t.expectHttpError({ status: 404, path: `/api/projects/${stored.id}` });
    expect((await page.request.delete(`/api/projects/${stored.id}`)).status()).toBe(200);
    const [failing] = await Promise.all([
      answerTo(page, 'PUT', `/api/projects/${stored.id}`),
      clickAt(slider, 0.6),
    ]);
    expect(failing.status()).toBe(404);
    await notice(page, 'Failed to update project progress');
    await page.waitForFunction(
      () => document.querySelector('[role="slider"]')?.getAttribute('aria-valuenow') === '0',
    );
  });
});
