import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

const ledger = (doc: EstimateDocument) => (doc.lines ?? []).map((l) => `${l.disposition} ${l.amount}`);

describe('lines restating figures the items already give', () => {
  it("a subcontractor's Base Bid line equal to the total, above the scope lines that make it up", () => {
    const doc = readEstimate(
      [
        'Harbor Roofing — proposal',
        'Base Bid            $48,500.00',
        'Tear off existing shingles            12,500.00',
        'Install underlayment and shingles            31,000.00',
        'Flashing and vents            5,000.00',
        'TOTAL            $48,500.00',
      ].join('\n'),
    );
    expect(doc.itemsTotal).toBe(48_500);
    expect(ledger(doc)[0]).toBe('recap 48500');
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it("a cost report's section figures on their headings above the detail, the grand total at top and bottom", () => {
    const doc = readEstimate(
      [
        'JOB COST REPORT',
        'GRAND TOTAL            250,000.00',
        'DIVISION 2 SITEWORK            60,000.00',
        'Excavation            40,000.00',
        'Fine grading            20,000.00',
        'DIVISION 3 CONCRETE            190,000.00',
        'Footings            90,000.00',
        'Slab on grade            100,000.00',
        'GRAND TOTAL            250,000.00',
      ].join('\n'),
    );
    expect(doc.items.filter((i) => i.kind === 'work').map((i) => i.amount)).toEqual([
      40_000, 20_000, 90_000, 100_000,
    ]);
    expect(doc.itemsTotal).toBe(250_000);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('leaves lines alone when the items already add up to the total', () => {
    const doc = readEstimate(
      [
        'Demolition            60,000.00',
        'Excavation            40,000.00',
        'Grading            20,000.00',
        'Total            120,000.00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => i.amount)).toEqual([60_000, 40_000, 20_000]);
  });
});
