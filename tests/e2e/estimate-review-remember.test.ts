/**
 * "Read my estimates this way next time", in the browser, through the user's path: the user reviews a
 * builder's workbook of house models (picks the model, marks the bank copy as a repeat, makes the
 * porch upgrade an option), ticks the box and plans it. The builder's next workbook, with other
 * figures but the same headings and sheets, uploaded to another project, is read with those
 * corrections before anything is asked: its review says so, shows them made, and its figures follow
 * them; planned, its tasks cost the work they leave.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP, WORK_TIMEOUT_MS } from './support/browser';
import {
  BIRCH,
  birchFigures,
  COPY,
  createProject,
  expectFigures,
  line,
  MODEL_LINES,
  modelsWorkbook,
  PORCH_LINE,
  tasksCost,
  uploadAndGenerate,
} from './support/estimate-review';
import { shot } from './support/shots';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();

/** The same builder's next workbook: every figure other, the headings and sheets the same. */
const NEXT_LINES: [string, number][] = MODEL_LINES.map(([what, amount], i) => [
  what,
  Math.round(amount * 1.07) + 250 * (i + 1),
]);
const FIRST = birchFigures(MODEL_LINES);
const NEXT = birchFigures(NEXT_LINES);
const NOTICE = 'First read with your company’s rules for estimates of this layout';

const reviewUrl = (projectId: number) => new RegExp(`/projects/${projectId}/plans/(\\d+)/review$`);

describe("the company's remembered way of reading a layout", () => {
  it('reads the next estimate of the layout with the corrections the user asked to remember', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('remember') });

    // The first workbook: reviewed, corrected, remembered and planned.
    const firstProject = await createProject(page, 'Lot 9 Birch');
    const first = await uploadAndGenerate(page, firstProject, 'lot-9-models.xlsx', await modelsWorkbook());
    await first.questions.getByRole('link', { name: 'Review the reading' }).click();
    await page.waitForURL(reviewUrl(firstProject));
    await page.getByRole('list', { name: 'Ledger' }).waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);
    const model = page.locator('fieldset[data-choice="model"]');
    await model.locator('input[value="birch-2400"]').check();
    await page.getByLabel(`What sheet "${COPY}" is`).selectOption('duplicate');
    await expect.poll(() => line(page, COPY, 'Roofing').getAttribute('data-disposition')).toBe('duplicate');
    const porch = line(page, BIRCH, PORCH_LINE);
    await porch.getByLabel(/^Role of line \d+/).selectOption('option');
    await expectFigures(page, {
      planned: FIRST.withoutPorch,
      against: FIRST.total,
      difference: FIRST.porch,
      status: 'differs',
    });
    const remember = page.getByRole('checkbox', { name: 'Read my estimates this way next time' });
    await remember.check();
    expect(await remember.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Plan this' }).click();
    await page.waitForURL(new RegExp(`/projects/${firstProject}\\?view=gantt$`));
    await expect
      .poll(() => tasksCost(page, firstProject), { timeout: WORK_TIMEOUT_MS })
      .toBeCloseTo(FIRST.withoutPorch, 2);

    // The next workbook, in another project: only its total is asked about, the rest is read as remembered.
    const nextProject = await createProject(page, 'Lot 4 Birch');
    const next = await uploadAndGenerate(
      page,
      nextProject,
      'lot-4-models.xlsx',
      await modelsWorkbook(NEXT_LINES),
    );
    await next.questions.getByRole('link', { name: 'Review the reading' }).click();
    await page.waitForURL(reviewUrl(nextProject));
    const generationId = Number(reviewUrl(nextProject).exec(page.url())?.[1]);
    await page.getByRole('list', { name: 'Ledger' }).waitFor();
    await page.getByText(NOTICE).waitFor();

    // The review shows the corrections made, and its figures follow them: the model's work without
    // its porch, against the model's own total, the bank copy counted nowhere.
    expect(await model.locator('input[value="birch-2400"]').isChecked()).toBe(true);
    expect(await page.getByLabel(`What sheet "${COPY}" is`).inputValue()).toBe('duplicate');
    await expect.poll(() => line(page, COPY, 'Roofing').getAttribute('data-disposition')).toBe('duplicate');
    const nextPorch = line(page, BIRCH, PORCH_LINE);
    expect(await nextPorch.getAttribute('data-disposition')).toBe('option');
    expect(await nextPorch.getByLabel(/^Role of line \d+/).inputValue()).toBe('option');
    await expectFigures(page, {
      planned: NEXT.withoutPorch,
      against: NEXT.total,
      difference: NEXT.porch,
      status: 'differs',
    });
    expect(await page.getByText('Answer the question first:').count()).toBe(0);
    const reading = (await (await page.request.get(`/api/plans/${generationId}/reading`)).json()) as {
      rememberedRules: boolean;
      choices: Record<string, string>;
      corrections: { sheets?: Record<string, string> };
    };
    expect(reading).toMatchObject({
      rememberedRules: true,
      choices: { model: 'birch-2400' },
      corrections: { sheets: { [COPY]: 'duplicate' } },
    });
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'estimate-review-remembered', { bothWidths: true });

    // Planned as it is shown, without doing any of it again.
    await page.getByRole('button', { name: 'Plan this' }).click();
    await page.waitForURL(new RegExp(`/projects/${nextProject}\\?view=gantt$`));
    await expect
      .poll(() => tasksCost(page, nextProject), { timeout: WORK_TIMEOUT_MS })
      .toBeCloseTo(NEXT.withoutPorch, 2);
  });
});
