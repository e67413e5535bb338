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
import { readEstimateOnce } from '../ingestion/ingestion.test-support.js';
import {
  costSum,
  createProject,
  expectConstructionOrder,
  expectSoundPlan,
  generate,
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

/** `POST /api/parse-pdf` reads the file (200), once in the test run. */
function readByEndpoint(path: string, fileName: string): Promise<ParsePdfResponse> {
  return readEstimateOnce(t.app, owner, fileName, new Uint8Array(readFileSync(path)));
}

/** Reads the file (by the endpoint unless told) and asks for its plan in a new project: the text read and the plan request's answer. */
async function attempt(
  path: string,
  fileName: string,
  projectType: 'Residential' | 'Commercial' | 'Infrastructure',
) {
  const parsed = await readByEndpoint(path, fileName);
  const projectId = await createProject(owner, { budget: 1_000_000, type: projectType, name: fileName });
  const res = await generate(owner, { projectId, projectType, estimateContent: parsed.content, fileName });
  const tasks = json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
  return { parsed, res, tasks };
}

/** Parses the file, generates its plan in a new project, and answers the plan with its stored tasks and trades. */
async function planOf(
  path: string,
  fileName: string,
  projectType: 'Residential' | 'Commercial' | 'Infrastructure',
) {
  const { parsed, res, tasks } = await attempt(path, fileName, projectType);
  expect(res.statusCode, res.body).toBe(200);
  const plan = json<GeneratedPlanDto>(res);
  const trades = await tradeOfTasks(t, plan.generationId);
  return { parsed, plan, tasks, trades };
}

/**
 * What any plan must be, whatever its figures: links sound and acyclic with dates that respect them
 * ({@link expectSoundPlan}), the stored tasks those of the answer, each with a positive duration
 * (inspections and the dry-in: milestones) and no negative cost, a critical path of its own tasks,
 * and the finish date the last task's end.
 */
function expectScheduledPlan(plan: GeneratedPlanDto, tasks: readonly TaskDto[]) {
  expectSoundPlan(tasks);
  expect(tasks.length).toBeGreaterThan(0);
  const idsOf = (list: readonly { id: number }[]) => list.map((task) => task.id).sort((a, b) => a - b);
  expect(idsOf(tasks)).toEqual(idsOf(plan.tasks));
  for (const task of tasks) {
    // Inspections and the dry-in are milestones (0 days); everything else takes time.
    if (/\binspection\b|dried in/i.test(task.name)) expect(task.duration, task.name).toBe(0);
    else expect(task.duration, task.name).toBeGreaterThan(0);
    expect(task.startDate <= task.endDate, task.name).toBe(true);
    expect(Number(task.estimatedCost ?? 0), task.name).toBeGreaterThanOrEqual(0);
  }
  expect(plan.criticalPath.length).toBeGreaterThan(0);
  const ids = new Set(tasks.map((task) => task.id));
  for (const id of plan.criticalPath)
    expect(ids.has(id), `critical task ${id} is a task of the plan`).toBe(true);
  expect(plan.finishDate).toBe(
    tasks
      .map((task) => task.endDate.slice(0, 10))
      .sort()
      .at(-1),
  );
}

/** Tasks of the trades that frame every plan rather than carry the estimate's work. */
const FRAME_TRADES: ReadonlySet<Trade> = new Set(['permits', 'inspections', 'punch-list', 'closeout']);

const tradesOf = (trades: ReadonlyMap<number, Trade>) => new Set(trades.values());

describe('our test estimates (tests/fixtures/estimates)', () => {
  const cases: [name: string, format: string, projectType: 'Residential' | 'Commercial', ocr: boolean][] = [
    ['residential-kitchen-bath-remodel', 'pdf', 'Residential', false],
    ['residential-kitchen-bath-remodel', 'scanPng', 'Residential', true],
    ['new-home-2400sf', 'pdf', 'Residential', false],
    ['office-fit-out-ti', 'xlsx', 'Commercial', false],
    ['office-fit-out-ti', 'csv', 'Commercial', false],
    ['bathroom-remodel', 'docx', 'Residential', false],
    ['bathroom-remodel', 'doc', 'Residential', false],
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
});

describe('shared fixtures (../shared/fixtures/estimates)', () => {
  const dir = fixturePath('estimates');
  const files = readdirSync(dir).sort();
  const handled = new Set<string>();
  const covers = (file: string) => {
    handled.add(file);
    return join(dir, file);
  };

  it('kharka_bridge_rehab_estimate.xls: the legacy workbook is read and planned as a sound schedule', async () => {
    const file = 'kharka_bridge_rehab_estimate.xls';
    const { parsed, plan, tasks } = await planOf(covers(file), file, 'Infrastructure');
    expect(parsed).toMatchObject({ format: 'xls', pages: 5, ocr: false });
    expectScheduledPlan(plan, tasks);
  }, 120_000);

  // The general abstract's part lines restate the part sheets (one of Part I's items has a #REF!
  // description and is read by its figures); "Add : 1% for Quality Control" is a charge.
  it("kharka_bridge_rehab_estimate.xls: the works are the abstract's Total, without quality control and contingency", async () => {
    const file = 'kharka_bridge_rehab_estimate.xls';
    const { plan } = await planOf(covers(file), file, 'Infrastructure');
    // The General Abstract: Part I (bridge) Rs 53,932,714 + Part II "A" (dry stone pitching)
    // Rs 2,800,500 + "B" (drains) Rs 1,762,570 = its line "Total" Rs 58,495,784; then "Add : 1% for
    // Quality Control" and "Add : 3% for Contingency Charges" (not work) to the Grand Total of
    // Rs 60,835,615.36.
    const works = 53_932_714 + 2_800_500 + 1_762_570;
    expect(Math.abs(works * 1.04 - 60_835_615.36)).toBeLessThan(1);
    expect(plan.estimateTotal).toBeCloseTo(works, 0);
    expect(costSum(plan)).toBeCloseTo(works, 0);
  }, 120_000);

  it('indot_bidtabs_2023-04-03.xls: the legacy bid tabulation is read and planned as a sound schedule', async () => {
    const file = 'indot_bidtabs_2023-04-03.xls';
    const { parsed, plan, tasks } = await planOf(covers(file), file, 'Infrastructure');
    expect(parsed).toMatchObject({ format: 'xls', pages: 1, ocr: false, warnings: [] });
    expectScheduledPlan(plan, tasks);
  }, 120_000);

  // One row per bidder and item, a Bidder Name column and the header naming the Extension column:
  // a bid-column choice (the low bid by default), each amount from the Extension column.
  it('indot_bidtabs_2023-04-03.xls: one bidder planned (a bid-column choice), never the two added together', async () => {
    const file = 'indot_bidtabs_2023-04-03.xls';
    const { plan } = await planOf(covers(file), file, 'Infrastructure');
    // The document: 23 items for each of two bidders; MILESTONE CONTRACTORS (Pos 1) extends to
    // $245,000 (its Job Size), DAVE O'MARA CONTRACTOR (Pos 2) to $416,942.50 (its Bidder2Total).
    // With no choice made the low bid is planned, whole.
    expect(plan.estimateTotal).toBeCloseTo(245_000, 2);
    expect(costSum(plan)).toBeCloseTo(245_000, 2);
  }, 120_000);

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

  it('rajpwd_nathdwara_dj_quarter_estimate.xlsx: the works are civil + sanitary + 7% electrification, the 13% prorata is not work', async () => {
    const file = 'rajpwd_nathdwara_dj_quarter_estimate.xlsx';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Residential');
    const planned = tradesOf(trades);
    for (const trade of ['foundation', 'masonry', 'plumbing', 'electrical'] satisfies Trade[]) {
      expect(planned, trade).toContain(trade);
    }
    expectSoundPlan(tasks);
    // The document: GF civil Rs 1,125,396, sanitary Rs 127,989, electrification 7% of the civil work,
    // then prorata charges 13% for a grand total of Rs 1,505,345.
    const works = 1_125_396 + 127_989 + Math.round(1_125_396 * 0.07);
    expect(Math.abs(works * 1.13 - 1_505_345)).toBeLessThan(2);
    expect(plan.estimateTotal).toBeCloseTo(works, 0);
    expect(costSum(plan)).toBeCloseTo(plan.estimateTotal ?? Number.NaN, 2);
  }, 120_000);

  it('rajpwd_block_library_estimate.xlsx: the works are the grand total less contingencies, quality control and establishment', async () => {
    const file = 'rajpwd_block_library_estimate.xlsx';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    const planned = tradesOf(trades);
    for (const trade of ['foundation', 'concrete', 'masonry', 'electrical'] satisfies Trade[]) {
      expect(planned, trade).toContain(trade);
    }
    expectSoundPlan(tasks);
    // The document: ground floor Rs 1,384,624 + first floor Rs 888,113 of civil work; contingencies
    // 3%, quality control 1% and establishment 2% of it are not work; grand total Rs 3,000,012.
    const civil = 1_384_624 + 888_113;
    const notWork = [0.03, 0.01, 0.02].map((rate) => Math.round(civil * rate));
    expect(plan.estimateTotal).toBeCloseTo(3_000_012 - notWork.reduce((a, b) => a + b, 0), 0);
    // Its items carry paise (Rs 2,863,647.87); its totals are rounded to the rupee.
    expect(Math.abs(costSum(plan) - (plan.estimateTotal ?? Number.NaN))).toBeLessThan(1);
  }, 120_000);

  it('sfpw_2977J_bid_items_DERIVED.csv: paving and sewer items; quantity × price less the allowance items', async () => {
    const file = 'sfpw_2977J_bid_items_DERIVED.csv';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    const planned = tradesOf(trades);
    expect(planned).toContain('paving');
    expect(planned).toContain('utilities');
    expectSoundPlan(tasks);
    // The source states no total: quantity × unit price of its rows is $3,941,885.60, of which the
    // rows priced as allowances (unit AL) are budget, not work.
    const rows = readFileSync(covers(file), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const cells = line.split(',');
        const [qty, price] = cells.slice(-2).map(Number);
        return { unit: cells.at(-3), amount: Math.round((qty ?? 0) * (price ?? 0) * 100) };
      });
    const cents = (list: typeof rows) => list.reduce((sum, r) => sum + r.amount, 0) / 100;
    expect(cents(rows)).toBeCloseTo(3_941_885.6, 2);
    const works = cents(rows.filter((r) => r.unit !== 'AL'));
    expect(plan.estimateTotal).toBeCloseTo(works, 2);
    expect(costSum(plan)).toBeCloseTo(works, 2);
  }, 120_000);

  it('rajpwd_girwa_commercial_complex_measurements.pdf: quantities without prices → a plan of the measured trades at no cost', async () => {
    const file = 'rajpwd_girwa_commercial_complex_measurements.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expect(parsed.pages).toBe(16);
    expect(parsed.ocr).toBe(false);
    // Measurement sheets (Nos × L × B × H = Qty) state quantities, never amounts.
    const planned = tradesOf(trades);
    for (const trade of ['masonry', 'concrete'] satisfies Trade[]) expect(planned, trade).toContain(trade);
    expectSoundPlan(tasks);
    expect(costSum(plan)).toBe(0);
    expect(plan.estimateTotal ?? 0).toBe(0);
    expect(plan.notes.join(' ')).toMatch(/without prices/i);
  }, 120_000);

  it('pdx_airport_way_road_bidtab.xlsx: a plan of the paving work carrying one column of the bid tab, never bidders added together', async () => {
    const file = 'pdx_airport_way_road_bidtab.xlsx';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('paving');
    // The document's Total Amount Bid row: four bidders (the low bid K&E Excavating $2,797,065) and
    // the Engineer's Estimate $3,875,250. With no choice made the plan carries the engineer's
    // column, whole, never bidders added together.
    expect(plan.estimateTotal).toBe(3_875_250);
    expect(costSum(plan)).toBeCloseTo(3_875_250, 2);
  }, 120_000);

  it('pdx_egse_infrastructure_bidtab.pdf: an electrical plan carrying one column of the bid tab, never bidders added together', async () => {
    const file = 'pdx_egse_infrastructure_bidtab.pdf';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('electrical');
    // Low bid $6,387,362.33 (Fortis), $7,573,242.00 (Northeast Electric), Engineer's Estimate
    // $14,797,443.20: with no choice made, the engineer's column, whole.
    expect(plan.estimateTotal).toBeCloseTo(14_797_443.2, 2);
    expect(costSum(plan)).toBeCloseTo(14_797_443.2, 2);
  }, 120_000);

  it('pdx_taxiway_k_opc_csi_recap.xlsx: the hard cost planned once, the recap and the markups not counted as work', async () => {
    // A CSI recap with 10% mobilization, soft costs, contingencies and escalation on top of the
    // hard cost ($15,778,427.87 of $28,979,690.41): the plan carries the hard cost.
    // A large workbook: ~15 s of the reader's CPU time, much longer on the clock of a busy machine.
    const file = 'pdx_taxiway_k_opc_csi_recap.xlsx';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    expect(parsed).toMatchObject({ format: 'xlsx', pages: 13, warnings: [] });
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('paving');
    expect(plan.estimateTotal).toBeCloseTo(15_778_427.87, 1);
    expect(costSum(plan)).toBeCloseTo(15_778_427.87, 0);
  }, 300_000);

  it('us_commercial_masonry_sub_estimate_detail.pdf: a sound plan of the masonry and exterior finish work', async () => {
    const file = 'us_commercial_masonry_sub_estimate_detail.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expect(parsed).toMatchObject({ pages: 3, ocr: false });
    expectScheduledPlan(plan, tasks);
    const planned = tradesOf(trades);
    for (const trade of ['masonry', 'exterior-finishes'] satisfies Trade[])
      expect(planned, trade).toContain(trade);
    // The document: $124,173.00 (brick $60,397, stucco $35,055, EIFS $28,721), each scope its items'
    // cost + tax + 22% markup rounded up; its recap's TOTAL row (before the markup) is $101,779.62.
    // The tasks carry the items once: not their Sub Total lines, the scope lines or the recap.
    expect(costSum(plan)).toBeCloseTo(101_779.62, 2);
    expect(Math.abs((plan.estimateTotal ?? 0) - 101_779.62)).toBeLessThan(124_173 * 0.005);
  }, 120_000);

  it('us_masonry_sub_bid_summary.pdf: three scopes, brick as masonry, the tasks adding up to $124,173.00', async () => {
    const file = 'us_masonry_sub_bid_summary.pdf';
    const { plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expectScheduledPlan(plan, tasks);
    const planned = tradesOf(trades);
    for (const trade of ['masonry', 'exterior-finishes'] satisfies Trade[])
      expect(planned, trade).toContain(trade);
    const costOf = (trade: Trade) =>
      plan.tasks
        .filter((task) => trades.get(task.id) === trade)
        .reduce((sum, task) => sum + Number(task.estimatedCost), 0);
    expect(costOf('masonry')).toBeCloseTo(60_397, 2);
    // Stucco ($35,055) and EIFS ($28,721) are exterior finishes, though the EIFS paragraph lists
    // "cleanup at exterior" among its inclusions.
    expect(costOf('exterior-finishes')).toBeCloseTo(35_055 + 28_721, 2);
    expect(plan.estimateTotal).toBeCloseTo(124_173, 2);
    expect(costSum(plan)).toBeCloseTo(124_173, 2);
  }, 120_000);

  it('us_masonry_sub_bid_summary_image.jpg: read by OCR, brick as masonry, the grand total $124,173.00', async () => {
    const file = 'us_masonry_sub_bid_summary_image.jpg';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expect(parsed).toMatchObject({ format: 'image', ocr: true });
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('masonry');
    expect(
      plan.tasks
        .filter((task) => trades.get(task.id) === 'masonry')
        .reduce((sum, task) => sum + Number(task.estimatedCost), 0),
    ).toBeCloseTo(60_397, 2);
    expect(plan.estimateTotal).toBeCloseTo(124_173, 2);
    // Its three scopes: brick $60,397 + stucco $35,055 + EIFS $28,721 = the GRAND TOTAL.
    expect(60_397 + 35_055 + 28_721).toBe(124_173);
    expect(costSum(plan)).toBeCloseTo(124_173, 2);
  }, 180_000);

  it('es_presupuesto_calypo_fado_urbanizacion.pdf: 18 pages read, the PEM planned over the trades of its work', async () => {
    const file = 'es_presupuesto_calypo_fado_urbanizacion.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    expect(parsed).toMatchObject({ pages: 18, ocr: false });
    expectScheduledPlan(plan, tasks);
    expect([...trades.values()].some((trade) => !FRAME_TRADES.has(trade))).toBe(true);
    // PEM 603.315,73 € (chapters C01 589.775,73 + C10 13.540,00), then GG 13%, BI 6% and IVA 21% to
    // PEC 868.714,31 €: the tasks carry the PEM, spread over the trades of the work.
    expect(plan.estimateTotal).toBeCloseTo(603_315.73, 2);
    expect(costSum(plan)).toBeCloseTo(603_315.73, 2);
    for (const trade of ['demolition', 'paving', 'concrete', 'electrical'] satisfies Trade[])
      expect(tradesOf(trades), trade).toContain(trade);
  }, 120_000);

  it('oman_fitout_boq_by_floor.pdf: 33 pages read, the fit-out work of 172,530.000 OMR without the VAT', async () => {
    // 275 items, the floor inside the item name, quantity and rate on different lines: 172,530.000
    // OMR + 5% VAT = 181,156.500.
    const file = 'oman_fitout_boq_by_floor.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Commercial');
    expect(parsed).toMatchObject({ format: 'pdf', pages: 33, ocr: false });
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('flooring');
    expect(plan.estimateTotal).toBeCloseTo(172_530, 3);
    expect(costSum(plan)).toBeCloseTo(172_530, 2);
  }, 120_000);

  it("caltrans_bid_summary_01-0a0904_seal_coat_6_bidders.pdf: the low bidder's itemised seal coat, never the six bids added together", async () => {
    const file = 'caltrans_bid_summary_01-0a0904_seal_coat_6_bidders.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Infrastructure');
    expect(parsed).toMatchObject({ pages: 8, ocr: false });
    expectScheduledPlan(plan, tasks);
    expect(tradesOf(trades)).toContain('paving');
    // The document: six bidders ranked by total (419,420.00 low, then 428,428.00, 432,845.00,
    // 502,205.00, 514,740.00, 719,084.60) and the engineer's estimate of 356,785.00 (a total
    // only); the low bidder's proposal itemises 15 items to its TOTAL of 419,420.00, the other
    // bidders' prices follow by item number. The plan carries the itemised bid, once.
    expect(plan.estimateTotal).toBeCloseTo(419_420, 2);
    expect(costSum(plan)).toBeCloseTo(419_420, 2);
  }, 120_000);

  it('de_rohbau_leistungsverzeichnis_unpriced.pdf: a tender with quantities and blank price columns → the measured shell trades at no cost', async () => {
    const file = 'de_rohbau_leistungsverzeichnis_unpriced.pdf';
    const { parsed, plan, tasks, trades } = await planOf(covers(file), file, 'Residential');
    expect(parsed).toMatchObject({ pages: 88, ocr: false });
    expectScheduledPlan(plan, tasks);
    // Its sections: Gerüstbau, Kanal- und Entwässerungsarbeiten, Erdungsanlage, Beton- und
    // Stahlbetonarbeiten, Einlegearbeiten, Mauerarbeiten, Kernbohrungen; the bidder fills in
    // Einheitspreis and Gesamtbetrag, so the document states quantities and no amount at all.
    const planned = tradesOf(trades);
    for (const trade of ['utilities', 'concrete', 'masonry'] satisfies Trade[])
      expect(planned, trade).toContain(trade);
    expect(costSum(plan)).toBe(0);
    expect(plan.estimateTotal ?? 0).toBe(0);
    expect(plan.notes.join(' ')).toMatch(/without prices/i);
  }, 180_000);

  it('uses every file of the shared estimates folder', () => {
    expect([...handled].sort()).toEqual(files);
  });
});
