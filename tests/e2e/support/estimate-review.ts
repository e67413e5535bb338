/**
 * What the estimate review's browser tests share: a builder's workbook of house models (a summary
 * sheet, three models, and a bank copy of one model laid out a little differently, which the reader
 * takes for a fourth model), built with whatever figures a test gives it; the Birch model's figures
 * from those lines; and the review page's figures and ledger lines as a test reads them.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WORK_TIMEOUT_MS } from './browser';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MODELS = [
  { name: 'Aspen 1800', scale: 1 },
  { name: 'Birch 2400', scale: 1.4 },
  { name: 'Cedar 3100', scale: 1.9 },
];
export const BIRCH = 'Birch 2400';
const BIRCH_SCALE = 1.4;
export const COPY = 'Birch 2400 (bank copy)';
export const PORCH_LINE = 'Covered porch upgrade';
/** The lines of the Aspen model (the others scale them); the porch upgrade is among them. */
export const MODEL_LINES: [string, number][] = [
  ['Foundations and slab', 24_000],
  ['Wood framing', 46_000],
  ['Roofing', 14_000],
  ['Drywall', 12_000],
  [PORCH_LINE, 8_000],
];

/** The Birch model's figures from a workbook's lines: its total, its porch, and the total without it. */
export function birchFigures(lines: readonly [string, number][]) {
  const total = lines.reduce((sum, [, amount]) => sum + amount * BIRCH_SCALE, 0);
  const porch = (lines.find(([what]) => what === PORCH_LINE)?.[1] ?? 0) * BIRCH_SCALE;
  return { total, porch, withoutPorch: total - porch };
}

/**
 * The workbook: a summary of the models' prices, one sheet per model (each a whole estimate with its
 * grand total, the porch upgrade in it), and the bank's copy of the Birch sheet with its framing in
 * two lines (so it is no line-for-line repeat the reader would notice on its own). Other lines give
 * another estimate of the same layout: the same headings and sheets, other figures.
 */
export async function modelsWorkbook(lines: readonly [string, number][] = MODEL_LINES): Promise<Buffer> {
  const birchTotal = birchFigures(lines).total;
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet('Summary');
  summary.addRow(['Model', 'Price']);
  for (const m of MODELS) summary.addRow([m.name, birchTotal * (m.scale / BIRCH_SCALE)]);
  for (const { name, scale } of MODELS) {
    const sheet = book.addWorksheet(name);
    sheet.addRow(['Description', 'Qty', 'Unit', 'Rate', 'Amount']);
    for (const [what, amount] of lines) sheet.addRow([what, 1, 'LS', amount * scale, amount * scale]);
    sheet.addRow(['Grand Total', null, null, null, (birchTotal / BIRCH_SCALE) * scale]);
  }
  const copy = book.addWorksheet(COPY);
  copy.addRow(['Description', 'Qty', 'Unit', 'Rate', 'Amount']);
  for (const [what, amount] of lines) {
    const birch = amount * BIRCH_SCALE;
    if (what !== 'Wood framing') copy.addRow([what, 1, 'LS', birch, birch]);
    else {
      const walls = Math.round(birch * 0.6);
      copy.addRow(['Wood framing - walls', 1, 'LS', walls, walls]);
      copy.addRow(['Wood framing - roof', 1, 'LS', birch - walls, birch - walls]);
    }
  }
  copy.addRow(['Grand Total', null, null, null, birchTotal]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function createProject(page: Page, name: string): Promise<number> {
  const created = await page.request.post('/api/projects', {
    data: {
      name,
      client: 'Hollis Family',
      type: 'Residential',
      budget: '150000',
      startDate: '2027-03-01',
      endDate: '2027-11-30',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A figure of the reconciliation panel, as the page holds it. */
export async function figure(page: Page, name: string): Promise<number | null> {
  const value = await page.locator(`[data-figure="${name}"]`).getAttribute('data-value');
  return value === '' || value === null ? null : Number(value);
}

/** Waits until the reconciliation shows these figures, read again for the current corrections. */
export async function expectFigures(
  page: Page,
  want: { planned: number; against: number | null; difference: number | null; status: string },
): Promise<void> {
  const panel = page.locator('[data-reconciliation]');
  await expect.poll(() => panel.getAttribute('data-reconciliation')).toBe(want.status);
  await expect.poll(() => figure(page, 'planned')).toBeCloseTo(want.planned, 2);
  expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  expect(await figure(page, 'read')).toBeCloseTo(want.planned, 2);
  expect(await figure(page, 'against')).toBe(want.against);
  const difference = await figure(page, 'difference');
  if (want.difference === null) expect(difference).toBeNull();
  else expect(difference).toBeCloseTo(want.difference, 2);
}

/** What the project's tasks cost together. */
export async function tasksCost(page: Page, projectId: number): Promise<number> {
  const tasks = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as {
    estimatedCost: string | null;
  }[];
  return tasks.reduce((sum, task) => sum + Number(task.estimatedCost ?? 0), 0);
}

/** A line of the ledger, by its sheet and its words. */
export const line = (page: Page, sheet: string, text: string) =>
  page.locator(`[data-line][data-line-sheet="${sheet}"]`).filter({ hasText: text });

/**
 * Uploads the file to the project from its page and generates its plan, as the user does; returns
 * the overlay's questions about it, once the server asks them.
 */
export async function uploadAndGenerate(page: Page, projectId: number, name: string, buffer: Buffer) {
  await page.goto(`/projects/${projectId}`);
  await page.getByLabel('Add files').setInputFiles({ name, mimeType: XLSX, buffer });
  await page.getByRole('button', { name: 'Upload' }).click();
  const documents = page.getByRole('list', { name: 'Documents' });
  await documents.getByRole('button', { name: `Generate plan from ${name}` }).click();
  const questions = page
    .locator('[data-plan-overlay]')
    .getByRole('form', { name: `Questions about ${name}` });
  await questions.waitFor({ timeout: WORK_TIMEOUT_MS });
  return { documents, questions };
}
