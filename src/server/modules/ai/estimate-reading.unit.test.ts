/**
 * The estimate reader on the shared fixtures (real documents, ../shared/fixtures/estimates): each
 * file is read to text once by the extract provider (the reader the ingestion service runs), then
 * read by `readEstimate`. Expectations are what each document itself states (fixtures README).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../tests/support/fixtures.js';
import { readEstimate } from '../../../domain/estimate/read-estimate.js';
import type { EstimateDocument } from '../../../domain/estimate/types.js';
import { extractText } from '../../providers/extract/index.js';
import { createOcrEngine } from '../../providers/extract/ocr.js';

const ocr = createOcrEngine({ workers: 1 });
afterAll(async () => {
  await ocr.close();
});

/** One extraction per file, shared by its tests. */
function fixtureText(file: string): () => string {
  let text = '';
  beforeAll(async () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('estimates', file)));
    const limits = { maxBytes: 50 * 1024 * 1024, maxPdfPages: 100, ocrPageTimeoutMs: 120_000 };
    text = (await extractText(bytes, { fileName: file }, limits, { ocr })).content;
  }, 300_000);
  return () => text;
}

const sumOf = (doc: EstimateDocument, test: (sheet: string | undefined, section: string | null) => boolean) =>
  doc.items
    .filter((i) => i.kind === 'work' && test(i.sheet, i.section))
    .reduce((s, i) => s + (i.amount ?? 0), 0);

describe.each([
  [
    'pdx_airport_way_road_bidtab.xlsx',
    { engineer: 3_875_250, bidders: [2_955_955, 2_797_065, 3_386_598, 3_605_605], low: 'K&E Excavating' },
  ],
  [
    'pdx_egse_infrastructure_bidtab.pdf',
    { engineer: 14_797_443.2, bidders: [6_387_362.33, 7_573_242], low: 'Fortis' },
  ],
])('%s: a bid tabulation', (file, stated) => {
  const text = fixtureText(file);

  it("carries one column, the engineer's estimate by default, and lists every bidder with its total", () => {
    const doc = readEstimate(text());
    expect(doc.itemsTotal).toBeCloseTo(stated.engineer, 2);
    const choice = doc.choices?.find((c) => c.kind === 'bid-column');
    expect(choice?.options.map((o) => o.total)).toEqual([...stated.bidders, stated.engineer]);
    expect(choice?.options.find((o) => o.id === choice.defaultOption)?.label).toMatch(/engineer/i);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.lines?.some((l) => l.disposition === 'other-bidder')).toBe(true);
  });

  it('carries the low bid when the user chooses it, never bidders added together', () => {
    const first = readEstimate(text()).choices?.find((c) => c.kind === 'bid-column');
    const low = first?.options.find((o) => o.label.startsWith(stated.low));
    const doc = readEstimate(text(), { choices: { 'bid-column': low?.id ?? '' } });
    expect(doc.itemsTotal).toBeCloseTo(Math.min(...stated.bidders), 2);
  });
});

describe('pdx_taxiway_k_opc_csi_recap.xlsx: a CSI recap with soft costs, contingencies and escalation', () => {
  const text = fixtureText('pdx_taxiway_k_opc_csi_recap.xlsx');

  it('plans the hard cost once; the recap is not counted again; markups are charges', () => {
    const doc = readEstimate(text());
    // Hard cost $15,778,427.87 of a $28,979,690.41 total.
    expect(Math.abs(doc.itemsTotal - 15_778_427.87)).toBeLessThan(0.05);
    expect(doc.items.every((i) => i.sheet === 'Hard Cost Estimate Form' || i.kind === 'allowance')).toBe(
      true,
    );
    expect(doc.grandTotal).toBeCloseTo(28_979_690.41, 1);
    expect(doc.charges?.some((c) => /escalation/i.test(c.description))).toBe(true);
    expect(doc.allowanceTotal).toBeCloseTo(4_733_528.36 + 597_607.96, 1);
    expect(
      doc.lines?.filter((l) => l.disposition === 'recap' && l.sheet === 'Summary').length,
    ).toBeGreaterThan(5);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.problems).toEqual([]);
  }, 60_000);
});

describe('us_commercial_masonry_sub_estimate_detail.pdf: items with subtotals, a scope recap and a 22% markup', () => {
  const text = fixtureText('us_commercial_masonry_sub_estimate_detail.pdf');

  it('reconciles $124,173.00 without counting subtotals or the recap twice', () => {
    const doc = readEstimate(text());
    expect(doc.grandTotal).toBe(124_173);
    // Each scope's items add up to the scope's TOTAL in the recap.
    const scope = (name: string) => sumOf(doc, (_sheet, section) => (section ?? '').endsWith(name));
    expect(scope('BRICK')).toBeCloseTo(49_504.93, 2);
    expect(scope('STUCCO')).toBeCloseTo(28_733.04, 2);
    expect(scope('EIFS')).toBeCloseTo(23_541.65, 2);
    expect(doc.chargesTotal).toBeCloseTo(22_391.52, 0);
    expect(
      doc.lines?.filter((l) => /^Sub Total/.test(l.text)).every((l) => l.disposition === 'subtotal'),
    ).toBe(true);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('es_presupuesto_calypo_fado_urbanizacion.pdf: a Spanish presupuesto', () => {
  const text = fixtureText('es_presupuesto_calypo_fado_urbanizacion.pdf');

  it('PEM 603.315,73 € is the work, GG/BI/IVA are charges, PEC 868.714,31 € the grand total', () => {
    const doc = readEstimate(text());
    expect(doc.currency).toBe('EUR');
    expect(doc.itemsTotal).toBeCloseTo(603_315.73, 2);
    expect(doc.charges?.map((c) => [c.percent, c.amount])).toEqual([
      [13, 78_431.04],
      [6, 36_198.94],
      [21, 150_768.6],
    ]);
    expect(doc.grandTotal).toBeCloseTo(868_714.31, 2);
    expect(doc.reconciliation?.matches).toBe(true);
    const trades = new Set(doc.items.filter((i) => i.kind === 'work').map((i) => i.trade));
    expect(trades.size).toBeGreaterThanOrEqual(5);
    expect(trades.has('other')).toBe(false);
  });
});

describe('oman_fitout_boq_by_floor.pdf: a BOQ by floor, quantity and rate on different lines', () => {
  const text = fixtureText('oman_fitout_boq_by_floor.pdf');

  it('172,530.000 OMR of work in 275 items, plus 5% VAT', () => {
    const doc = readEstimate(text());
    expect(doc.currency).toBe('OMR');
    expect(doc.items).toHaveLength(275);
    expect(doc.itemsTotal).toBeCloseTo(172_530, 3);
    expect(doc.chargesTotal).toBeCloseTo(8_626.5, 3);
    expect(doc.grandTotal).toBeCloseTo(181_156.5, 3);
    expect(doc.reconciliation?.matches).toBe(true);
  });
});

describe('fixtures read before keep their figures', () => {
  const nathdwara = fixtureText('rajpwd_nathdwara_dj_quarter_estimate.xlsx');
  const library = fixtureText('rajpwd_block_library_estimate.xlsx');
  const sfpw = fixtureText('sfpw_2977J_bid_items_DERIVED.csv');

  it('rajpwd_nathdwara_dj_quarter_estimate.xlsx: civil + sanitary + 7% electrification, grand total reconciled', () => {
    const doc = readEstimate(nathdwara());
    expect(doc.itemsTotal).toBe(1_125_396 + 127_989 + 78_778);
    expect(doc.grandTotal).toBe(1_505_345);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('rajpwd_block_library_estimate.xlsx: the grand total less contingencies, QA and establishment', () => {
    const doc = readEstimate(library());
    expect(doc.statedTotal).toBe(2_863_648);
    expect(doc.grandTotal).toBe(3_000_012);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('sfpw_2977J_bid_items_DERIVED.csv: quantity × price, AL items as allowances, no total stated', () => {
    const doc = readEstimate(sfpw());
    expect(doc.itemsTotal + (doc.allowanceTotal ?? 0)).toBeCloseTo(3_941_885.6, 2);
    expect(doc.reconciliation?.against).toBeNull();
  });
});
