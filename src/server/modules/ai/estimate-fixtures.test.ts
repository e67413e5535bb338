/**
 * Estimate files → `POST /api/parse-pdf` → `POST /api/ai/generate-project-plan`, for every file of
 * the shared fixtures (real public-works estimates; expectations tied to what each document itself
 * states, see ../shared/fixtures/README.md and src/domain/estimate/README.md) and for our own test
 * estimates in the formats contractors send (tests/fixtures/estimates, figures in expected.json).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../tests/support/fixtures.js';
import type { GeneratedPlanDto, ParsePdfResponse } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import type { Trade } from '../../../domain/estimate/types.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import {
  costSum,
  createProject,
  expectConstructionOrder,
  expectSoundPlan,
  generate,
  parseFile,
  tradeOfTasks,
} from './ai-test-support.js';

const OWN = resolve(import.meta.dirname, '../../../../tests/fixtures/estimates');

interface OwnEstimate {
  files: Record<string, string>;
  title: string;
  trades: Trade[];
  workTotal: number;
  grandTotal: number;
}
const expected = JSON.parse(readFileSync(join(OWN, 'expected.json'), 'utf8')) as {
  estimates: Record<string, OwnEstimate>;
};

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Fixture Builders' });
});
afterAll(async () => {
  await t.close();
});

async function parse(path: string, fileName: string) {
  return parseFile(t, owner, new Uint8Array(readFileSync(path)), fileName);
}

/** Parses the file, generates its plan in a new project, and answers the plan with its stored tasks and trades. */
async function planOf(
  path: string,
  fileName: string,
  projectType: 'Residential' | 'Commercial' | 'Infrastructure',
) {
  const parsedRes = await parse(path, fileName);
  expect(parsedRes.statusCode, parsedRes.body).toBe(200);
  const parsed = json<ParsePdfResponse>(parsedRes);
  const projectId = await createProject(owner, { budget: 1_000_000, type: projectType, name: fileName });
  const res = await generate(owner, { projectId, projectType, estimateContent: parsed.content, fileName });
  expect(res.statusCode, res.body).toBe(200);
  const plan = json<GeneratedPlanDto>(res);
  const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
  const trades = await tradeOfTasks(t, plan.generationId);
  return { parsed, plan, tasks, trades };
}

const tradesOf = (trades: ReadonlyMap<number, Trade>) => new Set(trades.values());

describe('our test estimates (tests/fixtures/estimates)', () => {
  const cases: [name: string, format: string, projectType: 'Residential' | 'Commercial', ocr: boolean][] = [
    ['residential-kitchen-bath-remodel', 'pdf', 'Residential', false],
    ['residential-kitchen-bath-remodel', 'scanPng', 'Residential', true],
    ['new-home-2400sf', 'pdf', 'Residential', false],
    ['office-fit-out-ti', 'xlsx', 'Commercial', false],
    ['office-fit-out-ti', 'csv', 'Commercial', false],
    ['bathroom-remodel', 'docx', 'Residential', false],
  ];

  it('covers every estimate and format of expected.json', () => {
    const listed = Object.entries(expected.estimates).flatMap(([name, e]) =>
      Object.keys(e.files).map((format) => `${name}/${format}`),
    );
    expect(cases.map(([name, format]) => `${name}/${format}`).sort()).toEqual(listed.sort());
  });

  it.each(cases)(
    '%s (%s): every trade has a task, in construction order, with permits and inspections, costs adding up',
    async (name, format, projectType, ocr) => {
      const estimate = expected.estimates[name] as OwnEstimate;
      const file = estimate.files[format] as string;
      const { parsed, plan, tasks, trades } = await planOf(join(OWN, file), file, projectType);
      expect(parsed.ocr).toBe(ocr);
      expect(plan.analyzer).toBe('builtin');

      const planned = tradesOf(trades);
      for (const trade of estimate.trades) expect(planned, `${name}: ${trade}`).toContain(trade);
      expect(planned).toContain('inspections');
      expectSoundPlan(tasks);
      expectConstructionOrder(tasks, trades);
      expect(plan.criticalPath.length).toBeGreaterThan(0);

      // The tasks carry the estimate's work: its work total, not allowances, markups or tax.
      expect(plan.estimateTotal).toBeCloseTo(estimate.workTotal, 2);
      expect(costSum(plan)).toBeCloseTo(estimate.workTotal, 2);
    },
    180_000,
  );

  it('reads the scanned page (image-only PDF) by OCR into text an estimate can be planned from', async () => {
    const res = await parse(join(OWN, 'scanned-estimate-page.pdf'), 'scanned-estimate-page.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const parsed = json<ParsePdfResponse>(res);
    expect(parsed.ocr).toBe(true);
    expect(parsed.content).toMatch(/Building permit and plan review/i);
  }, 120_000);
});

describe('shared fixtures (../shared/fixtures/estimates)', () => {
  const dir = fixturePath('estimates');
  const files = readdirSync(dir).sort();
  const handled = new Set<string>();
  const covers = (file: string) => {
    handled.add(file);
    return join(dir, file);
  };

  it.each(files.filter((f) => f.endsWith('.xls')))(
    '%s: legacy .xls is refused with 415 and how to fix it',
    async (file) => {
      const res = await parse(covers(file), file);
      expect(res.statusCode).toBe(415);
      expect(json<{ message: string }>(res).message).toMatch(
        /Save the spreadsheet as \.xlsx and upload it again/,
      );
    },
  );

  it('rajpwd_girwa_commercial_complex_estimate.xlsx: the civil trades, and a named insight for its #REF! totals', async () => {
    const file = 'rajpwd_girwa_commercial_complex_estimate.xlsx';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expect(parsed.warnings.join(' ')).toMatch(/#REF!/);
    const planned = tradesOf(trades);
    for (const trade of [
      'excavation',
      'concrete',
      'masonry',
      'flooring',
      'windows-doors',
    ] satisfies Trade[]) {
      expect(planned, trade).toContain(trade);
    }
    expectSoundPlan(tasks);
    expect(costSum(plan)).toBeCloseTo(plan.estimateTotal ?? Number.NaN, 2);
    const broken = plan.insights.find((i) => /#REF!/.test(`${i.title} ${i.description}`));
    expect(broken, JSON.stringify(plan.insights.map((i) => i.title))).toBeDefined();
  }, 120_000);

  it('rajpwd_nathdwara_dj_quarter_estimate.xlsx: civil and sanitary works add up to the stated Rs 1,125,396 + 127,989', async () => {
    const file = 'rajpwd_nathdwara_dj_quarter_estimate.xlsx';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Residential');
    expect(tradesOf(trades)).toContain('plumbing');
    expectSoundPlan(tasks);
    expect(plan.estimateTotal).toBeCloseTo(1_125_396 + 127_989, 0);
    expect(costSum(plan)).toBeCloseTo(plan.estimateTotal ?? Number.NaN, 2);
  }, 120_000);

  it("rajpwd_block_library_estimate.xlsx: both floors' works add up to the stated Rs 1,384,624 + 888,113", async () => {
    const file = 'rajpwd_block_library_estimate.xlsx';
    const { plan, tasks } = await planOf(covers(file), file, 'Commercial');
    expectSoundPlan(tasks);
    expect(plan.estimateTotal).toBeCloseTo(1_384_624 + 888_113, 0);
    expect(costSum(plan)).toBeCloseTo(plan.estimateTotal ?? Number.NaN, 2);
  }, 120_000);

  it('sfpw_2977J_bid_items_DERIVED.csv: paving and sewer items, quantity × price = $3,941,885.60', async () => {
    const file = 'sfpw_2977J_bid_items_DERIVED.csv';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    const planned = tradesOf(trades);
    expect(planned).toContain('paving');
    expect(planned).toContain('utilities');
    expectSoundPlan(tasks);
    expect(plan.estimateTotal).toBeCloseTo(3_941_885.6, 2);
    expect(costSum(plan)).toBeCloseTo(3_941_885.6, 2);
  }, 120_000);

  it('rajpwd_girwa_commercial_complex_measurements.pdf: measurement sheets read as text', async () => {
    const file = 'rajpwd_girwa_commercial_complex_measurements.pdf';
    const res = await parse(covers(file), file);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = json<ParsePdfResponse>(res);
    expect(parsed.pages).toBe(16);
    expect(parsed.ocr).toBe(false);
    const projectId = await createProject(owner, { budget: 1_000_000, type: 'Commercial', name: file });
    const gen = await generate(owner, {
      projectId,
      projectType: 'Commercial',
      estimateContent: parsed.content,
      fileName: file,
    });
    expect([200, 422]).toContain(gen.statusCode);
  }, 120_000);

  it('uses every file of the shared estimates folder', () => {
    expect([...handled].sort()).toEqual(files);
  });
});
