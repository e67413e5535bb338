/**
 * The portfolio and a project's page as a new contractor meets them: the empty portfolio's call to
 * action; the New Project dialog (Escape closes the innermost layer only, typed content is asked
 * about before it is discarded, the deadline and the job's location are kept); a planned project's
 * due date is its schedule's finish, with the deadline beside it and a warning when the finish passes
 * it; a project whose estimate waits for answers says so instead of "On Track".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GeneratedPlanDto } from '../../src/contracts/ai';
import type { ProjectDto } from '../../src/contracts/projects';
import { estimateText, grandTotal, REMODEL_ITEMS } from '../../src/server/modules/ai/ai-test-support';
import { formatDay } from '../../src/web/features/projects/lib/dates';
import { shot } from './support/shots';
import {
  browserSuite,
  expectAccessible,
  openPortfolio,
  signUpWithCompany,
  uniqueEmail,
} from './support/suite';

const suite = browserSuite();

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

const BID_TAB = [
  'CITY OF SPRINGFIELD - OAK STREET SIDEWALK REPAIRS',
  ",,,,Lane Paving Co.,,Ridge Concrete LLC,,Engineer's Estimate",
  'Item No.,Item Description,Estimated Quantity,Units,Unit Price,Total Price,Unit Price,Total Price,Unit Price,Total Price',
  '1,Mobilization,1,LS,20000,20000,25000,25000,30000,30000',
  '2,Sidewalk Removal,1200,SY,12,14400,10,12000,15,18000',
  '3,Concrete Sidewalk 4 Inch,1200,SY,65,78000,70,84000,80,96000',
  ',Total Amount Bid,,,,112400,,121000,,144000',
].join('\n');

describe('the New Project dialog', () => {
  it('offers the first project from the empty portfolio; Escape closes the inner layer; typed work is asked about', async () => {
    const { page } = await suite.open();
    await signUpWithCompany(page, { email: uniqueEmail('dates-dialog') });
    await post(page, '/api/contacts', { name: 'Ann Client', type: 'client', email: 'ann@example.com' });
    await openPortfolio(page);

    // The empty portfolio says what to do, with the button to do it.
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'portfolio-empty', { bothWidths: true });
    await page.getByRole('button', { name: 'Create your first project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.waitFor();
    await dialog.getByLabel('Project Name').fill('Duluth warehouse');

    // Escape in the open client suggestions closes them, not the dialog.
    const client = dialog.getByRole('combobox', { name: 'Client' });
    await client.fill('Ann');
    const suggestions = page.getByRole('listbox', { name: 'Client contacts' });
    await suggestions.getByRole('option', { name: /Ann Client/ }).waitFor();
    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Project Name').inputValue()).toBe('Duluth warehouse');

    // Escape on the dialog with typed content asks first; Cancel keeps everything.
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard the new project?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Project Name').inputValue()).toBe('Duluth warehouse');

    // The deadline and the job's place are kept with the project.
    await client.fill('Harbor LLC');
    await dialog.getByLabel('Budget ($)').fill('480000');
    await dialog.getByLabel('Deadline (optional)').fill('2027-03-31');
    await dialog.getByLabel('Site Address (optional)').fill('12 Harbor Dr, Duluth');
    await dialog.getByLabel('Country').selectOption('US');
    await dialog.getByLabel('State', { exact: true }).selectOption('MN');
    await expectAccessible(page);
    await shot(page, 'new-project-dialog', { bothWidths: true });
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await card(page, 'Duluth warehouse').waitFor();
    const [created] = (await (await page.request.get('/api/projects')).json()) as ProjectDto[];
    expect(created).toMatchObject({
      deadline: '2027-03-31',
      siteAddress: '12 Harbor Dr, Duluth',
      location: { country: 'US', state: 'MN' },
    });

    // Typed content in a fresh dialog: Discard closes it and loses it, as asked.
    await page.getByRole('button', { name: 'New Project' }).click();
    await dialog.getByLabel('Project Name').fill('Never mind');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    // An untouched dialog closes at once.
    await page.getByRole('button', { name: 'New Project' }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);
  });
});

describe('a new project with its estimate attached', () => {
  it("may leave the budget blank: the estimate's total becomes the budget", async () => {
    const { page } = await suite.open();
    await signUpWithCompany(page, { email: uniqueEmail('dates-budget') });
    await openPortfolio(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Project Name').fill('Miller kitchen');
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Dana Miller');
    await dialog.getByLabel('Attachments (optional)').setInputFiles({
      name: 'miller-estimate.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(estimateText(REMODEL_ITEMS)),
    });
    await dialog.getByLabel('Budget ($, optional)').waitFor();
    await dialog.getByText("Left blank, the attached estimate's total becomes the budget.").waitFor();
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/projects',
      ),
      dialog.getByRole('button', { name: 'Create Project' }).click(),
    ]);
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as ProjectDto;
    await page.waitForURL(new RegExp(`/projects/${id}\\?view=gantt$`), { timeout: 120_000 });
    const budget = async () =>
      Number(((await (await page.request.get(`/api/projects/${id}`)).json()) as ProjectDto).budget);
    await expect.poll(budget, { timeout: 60_000 }).toBeCloseTo(grandTotal(REMODEL_ITEMS), 2);
  });
});

describe('a planned project', () => {
  it("shows its schedule's finish as its due date, the deadline beside it, and warns when the finish passes it", async () => {
    const { page } = await suite.open();
    await signUpWithCompany(page, { email: uniqueEmail('dates-finish') });
    const project = await post<ProjectDto>(page, '/api/projects', {
      name: 'Miller remodel',
      client: 'Dana Miller',
      budget: '90000',
      startDate: '2026-03-02',
      endDate: '2027-07-07',
      deadline: '2026-04-15',
    });
    const plan = await post<GeneratedPlanDto>(page, '/api/ai/generate-project-plan', {
      projectId: project.id,
      estimateContent: estimateText(REMODEL_ITEMS),
      fileName: 'miller-estimate.pdf',
    });
    const finish = formatDay(`${plan.finishDate}T00:00:00Z`);
    const late = Math.round((Date.parse(plan.finishDate) - Date.parse('2026-04-15')) / 86_400_000);
    expect(late).toBeGreaterThan(0);
    const warning = `Finishes ${late} days after the Apr 15, 2026 deadline`;

    // Another project whose estimate asks a question before it is planned.
    const asking = await post<ProjectDto>(page, '/api/projects', {
      name: 'Oak Street',
      client: 'City of Springfield',
      type: 'Infrastructure',
      budget: '200000',
      startDate: '2026-03-02',
      endDate: '2026-12-31',
    });
    const started = await page.request.post(`/api/projects/${asking.id}/plans`, {
      multipart: {
        file: { name: 'oak-street-bid-tab.csv', mimeType: 'text/csv', buffer: Buffer.from(BID_TAB) },
      },
    });
    expect(started.status(), await started.text()).toBe(202);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/projects/${asking.id}`)).json()) as ProjectDto)
            .awaitingAnswers,
      )
      .toBe(true);

    await openPortfolio(page);
    const miller = card(page, 'Miller remodel');
    await miller.getByText(finish, { exact: true }).waitFor();
    expect(await miller.getByText('Jul 7, 2027').count()).toBe(0);
    await miller.getByText('Apr 15, 2026', { exact: true }).waitFor();
    await miller.getByText(warning).waitFor();
    const oak = card(page, 'Oak Street');
    await oak.getByText('Answer needed', { exact: true }).waitFor();
    expect(await oak.getByText('On Track', { exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await shot(page, 'portfolio-deadline', { bothWidths: true });

    // The project's page: the warning under its header, the finish and the deadline in its details.
    await miller.getByRole('link', { name: 'Miller remodel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Miller remodel' }).waitFor();
    await page.getByRole('status').filter({ hasText: warning }).first().waitFor();
    const details = page.getByRole('definition');
    await details.filter({ hasText: finish }).first().waitFor();
    await details.filter({ hasText: 'Apr 15, 2026' }).first().waitFor();
    await shot(page, 'project-header-deadline', { bothWidths: true, fullPage: false });
  });
});
