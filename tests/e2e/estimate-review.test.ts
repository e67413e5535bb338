/**
 * The estimate review, in the browser, through the user's path: a builder's workbook of house models
 * (a summary sheet, three models, and a bank copy of one model laid out a little differently, which
 * the reader takes for a fourth model) asks which model to plan; the user opens the review from the
 * question, picks the model, marks the copy as a repeat, makes the porch upgrade an option, corrects
 * the document's total and watches the figures follow, then plans it: the project's tasks cost the
 * work the review left. Also on a phone with the keyboard only, and a 2,000-line estimate whose
 * ledger is windowed, reads again quickly and stays reachable by Tab.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, WORK_TIMEOUT_MS } from './support/browser';
import {
  birchFigures,
  COPY,
  createProject,
  expectFigures,
  figure,
  line,
  MODEL_LINES,
  modelsWorkbook,
  tasksCost,
  uploadAndGenerate,
  XLSX,
} from './support/estimate-review';
import { shot } from './support/shots';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();

const FILE = 'model-budgets.xlsx';
/** The chosen model's figures, from the workbook's own lines. */
const { total: BIRCH_TOTAL, porch: PORCH, withoutPorch: BIRCH_WITHOUT_PORCH } = birchFigures(MODEL_LINES);

describe('the estimate review', () => {
  it('opens from the question, follows each correction with the figures, and plans what it shows', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('review') });
    const projectId = await createProject(page, 'Lot 9 Birch');
    // The overlay asks which model; the review is a link away.
    const { documents, questions } = await uploadAndGenerate(page, projectId, FILE, await modelsWorkbook());
    await shot(page, 'estimate-review-from-questions', { fullPage: false });
    await questions.getByRole('link', { name: 'Review the reading' }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/plans/\\d+/review$`));
    const generationId = Number(new URL(page.url()).pathname.split('/').at(-2));
    await page.getByRole('heading', { level: 1, name: 'Review the reading' }).waitFor();
    await page.getByRole('list', { name: 'Ledger' }).waitFor();

    // Nothing planned until a model is chosen: four "models", each with its total.
    const model = page.locator('fieldset[data-choice="model"]');
    expect(
      await model
        .locator('input[type="radio"]')
        .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).name)),
    ).toEqual(['model', 'model', 'model', 'model']);
    await expectFigures(page, { planned: 0, against: null, difference: null, status: 'no-total' });
    await page.getByText('Answer the question first:').waitFor();
    expect(await page.getByRole('button', { name: 'Plan this' }).isDisabled()).toBe(true);

    await model.locator('input[value="birch-2400"]').check();
    await expectFigures(page, {
      planned: BIRCH_TOTAL,
      against: BIRCH_TOTAL,
      difference: 0,
      status: 'reconciles',
    });
    const setAside = await figure(page, 'excluded');

    // The bank copy is a repeat of the Birch sheet: its lines are repeats, the figures do not move.
    await page.getByLabel(`What sheet "${COPY}" is`).selectOption('duplicate');
    await expect.poll(() => line(page, COPY, 'Roofing').getAttribute('data-disposition')).toBe('duplicate');
    await expectFigures(page, {
      planned: BIRCH_TOTAL,
      against: BIRCH_TOTAL,
      difference: 0,
      status: 'reconciles',
    });
    expect(await figure(page, 'excluded')).toBeCloseTo(setAside ?? 0, 2);

    // The porch upgrade is an option, not work: the plan is short of the stated total by its amount.
    const porch = line(page, 'Birch 2400', 'Covered porch upgrade');
    await porch.getByLabel(/^Role of line \d+/).selectOption('option');
    await expect.poll(() => porch.getAttribute('data-disposition')).toBe('option');
    await expectFigures(page, {
      planned: BIRCH_WITHOUT_PORCH,
      against: BIRCH_TOTAL,
      difference: PORCH,
      status: 'differs',
    });
    expect(await figure(page, 'percent')).toBeCloseTo((PORCH / BIRCH_TOTAL) * 100, 2);
    expect(await figure(page, 'excluded')).toBeCloseTo((setAside ?? 0) + PORCH, 2);

    // The contract's total without the porch: the figures reconcile again.
    await page.getByLabel('Document total').fill(BIRCH_WITHOUT_PORCH.toLocaleString('en-US'));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectFigures(page, {
      planned: BIRCH_WITHOUT_PORCH,
      against: BIRCH_WITHOUT_PORCH,
      difference: 0,
      status: 'reconciles',
    });
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'estimate-review', { bothWidths: true });

    await page.getByRole('button', { name: 'Plan this' }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}\\?view=gantt$`));
    // The project page follows the plan to its end and draws it.
    await page.locator('g[data-task-id]').first().waitFor({ timeout: WORK_TIMEOUT_MS });
    expect(await tasksCost(page, projectId)).toBeCloseTo(BIRCH_WITHOUT_PORCH, 2);

    // The corrections are kept with the generation, and the finished plan keeps its review.
    const reading = (await (await page.request.get(`/api/plans/${generationId}/reading`)).json()) as {
      choices: Record<string, string>;
      corrections: { sheets?: Record<string, string>; statedTotal?: number };
    };
    expect(reading.choices).toEqual({ model: 'birch-2400' });
    expect(reading.corrections).toMatchObject({
      sheets: { [COPY]: 'duplicate' },
      statedTotal: BIRCH_WITHOUT_PORCH,
    });
    await documents.getByRole('link', { name: `Review the reading of ${FILE}` }).click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/plans/${generationId}/review$`));
    await page.getByText('This estimate is planned already').waitFor();
    await expectFigures(page, {
      planned: BIRCH_WITHOUT_PORCH,
      against: BIRCH_WITHOUT_PORCH,
      difference: 0,
      status: 'reconciles',
    });
  });

  it('works on a phone with the keyboard only, from the project page to the plan', async () => {
    const { page } = await suite.open(MOBILE);
    await signUpWithCompany(page, { email: uniqueEmail('review-keys') });
    const projectId = await createProject(page, 'Lot 12 Birch');
    const generationId = await startPlan(page, projectId, FILE, XLSX, await modelsWorkbook());
    await page.goto(`/projects/${projectId}`);
    const waiting = page.getByRole('region', { name: 'Estimate waiting for answers' });
    const review = waiting.getByRole('link', { name: 'Review the reading' });
    await review.waitFor({ timeout: WORK_TIMEOUT_MS });
    await review.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/projects/${projectId}/plans/${generationId}/review$`));
    await page.getByRole('list', { name: 'Ledger' }).waitFor();
    await expectNoSideScroll(page);

    // Into the model question by Tab; Space picks the first model, the arrow the next one.
    await tabUntil(page, 'Tab', () => document.activeElement?.getAttribute('name') === 'model');
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('input[value="birch-2400"]').isChecked()).toBe(true);
    await expectFigures(page, {
      planned: BIRCH_TOTAL,
      against: BIRCH_TOTAL,
      difference: 0,
      status: 'reconciles',
    });

    // On through the panel to the porch line's role, changed by typing its first letter.
    const porch = line(page, 'Birch 2400', 'Covered porch upgrade');
    const porchLine = Number(await porch.getAttribute('data-line'));
    await tabUntil(
      page,
      'Tab',
      (n) => document.activeElement?.getAttribute('aria-label')?.startsWith(`Role of line ${n},`) ?? false,
      porchLine,
    );
    await expectFocusVisible(page);
    await page.keyboard.press('o');
    await expect.poll(() => porch.getAttribute('data-disposition')).toBe('option');
    await expectFigures(page, {
      planned: BIRCH_WITHOUT_PORCH,
      against: BIRCH_TOTAL,
      difference: PORCH,
      status: 'differs',
    });
    await expectAccessible(page);

    // Back to "Plan this" and Enter: the figures that do not reconcile are planned as shown.
    await tabUntil(page, 'Shift+Tab', () => document.activeElement?.textContent?.trim() === 'Plan this');
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/projects/${projectId}\\?view=gantt$`));
    await expect
      .poll(() => tasksCost(page, projectId), { timeout: WORK_TIMEOUT_MS })
      .toBeCloseTo(BIRCH_WITHOUT_PORCH, 2);
  });

  it('windows the ledger of a 2,000-line estimate, reads it again quickly and keeps Tab going', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('review-big') });
    const projectId = await createProject(page, 'Tower fit-out');
    const { text, total } = bigEstimate();
    const generationId = await startPlan(page, projectId, 'tower-fit-out.csv', 'text/csv', Buffer.from(text));

    // Its total leaves out 2%: the project page asks, and offers the review first.
    await page.goto(`/projects/${projectId}`);
    const waiting = page.getByRole('region', { name: 'Estimate waiting for answers' });
    const review = waiting.getByRole('link', { name: 'Review the reading' });
    await review.waitFor({ timeout: WORK_TIMEOUT_MS });
    const order = await waiting.evaluate((el) => {
      const link = el.querySelector('a[href$="/review"]');
      const anyway = el.querySelector('#accept-mismatch');
      return link && anyway ? link.compareDocumentPosition(anyway) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    await waiting.scrollIntoViewIfNeeded();
    await shot(page, 'estimate-review-mismatch', { fullPage: false });
    await review.click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/plans/${generationId}/review$`));
    const ledger = page.locator('ol[aria-label="Ledger"][data-windowed]');
    await ledger.waitFor();
    await expect.poll(() => figure(page, 'planned')).toBeCloseTo(total, 2);
    const drawn = await ledger.locator(':scope > li').count();
    expect(drawn).toBeLessThan(80);
    expect(Number(await ledger.locator(':scope > li').first().getAttribute('aria-setsize'))).toBeGreaterThan(
      2000,
    );

    // A correction is read again off the page's thread: the figures follow within moments.
    const first = ledger.locator('[data-line]').first();
    const firstAmount = Number(await first.locator('[data-amount]').getAttribute('data-amount'));
    const started = Date.now();
    await first.getByLabel(/^Role of line \d+/).selectOption('option');
    await expect.poll(() => figure(page, 'planned')).toBeCloseTo(total - firstAmount, 2);
    const took = Date.now() - started;
    console.info(`estimate review: 2,000 lines read again in ${took} ms (browser, worker)`);
    expect(took).toBeLessThan(10_000);

    // Tab goes line by line past the rows first drawn (two stops a planned line: role, trade).
    await ledger
      .locator('[data-line]')
      .nth(1)
      .getByLabel(/^Role of line/)
      .focus();
    const place = () =>
      page.evaluate(() => Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 0));
    const from = await place();
    for (let i = 0; i < (drawn + 5) * 2; i++) await page.keyboard.press('Tab');
    expect(await place()).toBeGreaterThan(from + drawn);
    expect(await ledger.locator(':scope > li').count()).toBeLessThan(80);
    await expectFocusVisible(page);

    // Presses that outrun the drawing (a slow phone) reach the last control drawn before the next
    // row is there: Tab still goes on to that row instead of leaving the ledger.
    const last = await page.evaluate(() => {
      const stops = document.querySelectorAll<HTMLElement>('ol[aria-label="Ledger"] select');
      const edge = stops[stops.length - 1];
      edge?.focus({ preventScroll: true });
      return Number(edge?.closest('li')?.getAttribute('aria-posinset') ?? 0);
    });
    await page.keyboard.press('Tab');
    await expect.poll(place).toBeGreaterThan(last);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(place).toBe(last);
  });
});

/** Starts the server's plan of a file for the project and waits until it asks; its generation id. */
async function startPlan(page: Page, projectId: number, name: string, mimeType: string, buffer: Buffer) {
  const started = await page.request.post(`/api/projects/${projectId}/plans`, {
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(started.status()).toBe(202);
  const generationId = ((await started.json()) as { generationId: number }).generationId;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/plans/${generationId}`)).json()) as { status: string }).status,
      { timeout: WORK_TIMEOUT_MS },
    )
    .toBe('needs-input');
  return generationId;
}

/** 2,000 priced lines of a fit-out, and a total 2% short of them (so the plan asks). */
function bigEstimate(): { text: string; total: number } {
  const trades = [
    'Drywall partition',
    'Interior paint',
    'Ceiling tile',
    'Carpet tile',
    'Light fixture',
    'Sprinkler head',
    'Door and frame',
    'Millwork',
  ];
  const rows = ['Description,Qty,Unit,Rate,Amount'];
  let total = 0;
  for (let i = 0; i < 2000; i++) {
    const qty = 1 + (i % 9);
    const rate = 40 + (i % 13) * 5;
    total += qty * rate;
    rows.push(`${trades[i % trades.length]} area ${i + 1},${qty},EA,${rate},${qty * rate}`);
  }
  rows.push(`Grand Total,,,,${Math.round(total * 0.98)}`);
  return { text: rows.join('\n'), total };
}

/** Presses the key until the focused element is the one wanted (at most 250 times). */
async function tabUntil(page: Page, key: string, found: (arg: number) => boolean, arg = 0) {
  for (let i = 0; i < 250; i++) {
    if (await page.evaluate(found, arg)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached the element wanted`);
}

/** The focused element shows it: an outline or a ring (box shadow). */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const target = el?.matches('input[type="radio"]') ? el.closest('label') : el;
    const css = target ? getComputedStyle(target) : null;
    return css ? { outline: css.outlineStyle, shadow: css.boxShadow } : null;
  });
  expect(style).not.toBeNull();
  expect(style?.outline !== 'none' || (style?.shadow ?? 'none') !== 'none').toBe(true);
}

/** Nothing wider than the window (a phone never scrolls sideways). */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}
