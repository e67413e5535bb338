import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

const SECTIONS = ['Concrete', 'Framing', 'Roofing', 'Plumbing', 'Electrical', 'Painting'] as const;
const WORDS: Record<(typeof SECTIONS)[number], readonly string[]> = {
  Concrete: ['Footings', 'Slab on grade', 'Foundation walls'],
  Framing: ['Wall framing', 'Roof trusses', 'Floor joists'],
  Roofing: ['Asphalt shingles', 'Roof underlayment', 'Drip edge'],
  Plumbing: ['Water supply piping', 'Drain waste and vent', 'Water heater'],
  Electrical: ['Service panel', 'Branch wiring', 'Light fixtures'],
  Painting: ['Interior paint', 'Exterior paint', 'Primer coat'],
};
const UNITS = ['SF', 'LF', 'EA', 'CY', 'LS'] as const;

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const item = fc.record({
  word: fc.nat(2),
  qty: fc.integer({ min: 1, max: 400 }),
  unit: fc.constantFrom(...UNITS),
  rateCents: fc.integer({ min: 100, max: 90_000 }),
});
const estimate = fc.record({
  sections: fc
    .uniqueArray(fc.constantFrom(...SECTIONS), { minLength: 1, maxLength: 5 })
    .chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({ name: fc.constant(name), items: fc.array(item, { minLength: 1, maxLength: 4 }) }),
        ),
      ),
    ),
  dollar: fc.boolean(),
  recap: fc.boolean(),
  overheadPercent: fc.integer({ min: 0, max: 15 }),
  allowanceCents: fc.integer({ min: 0, max: 500_000 }),
  alternateCents: fc.option(fc.integer({ min: 1_000, max: 900_000 }), { nil: null }),
});

describe('reconciliation of a generated estimate', () => {
  it('work, allowances and charges add up to the document total; recaps and alternates are excluded, never counted', () => {
    fc.assert(
      fc.property(estimate, (e) => {
        const cur = e.dollar ? '$' : '';
        const lines = ['Description  Qty  Unit  Unit Cost  Amount'];
        let work = 0;
        let amountLines = 0;
        const subtotals: [string, number][] = [];
        for (const s of e.sections) {
          lines.push(s.name.toUpperCase());
          let sub = 0;
          for (const it of s.items) {
            const cents = it.qty * it.rateCents;
            sub += cents;
            lines.push(
              `${WORDS[s.name][it.word]}  ${it.qty}  ${it.unit}  ${cur}${money(it.rateCents)}  ${cur}${money(cents)}`,
            );
            amountLines += 1;
          }
          lines.push(`Subtotal ${s.name}  ${cur}${money(sub)}`);
          amountLines += 1;
          subtotals.push([s.name, sub]);
          work += sub;
        }
        let excluded = 0;
        if (e.recap) {
          lines.push('SUMMARY BY TRADE');
          for (const [name, sub] of subtotals) {
            lines.push(`${name}  ${cur}${money(sub)}`);
            excluded += sub;
            amountLines += 1;
          }
        }
        const overhead = Math.round((work * e.overheadPercent) / 100);
        if (overhead > 0) {
          lines.push(`Overhead and profit ${e.overheadPercent}%  ${cur}${money(overhead)}`);
          amountLines += 1;
        }
        if (e.allowanceCents > 0) {
          lines.push(
            `Appliance allowance  1  AL  ${cur}${money(e.allowanceCents)}  ${cur}${money(e.allowanceCents)}`,
          );
          amountLines += 1;
        }
        const grand = work + overhead + e.allowanceCents;
        lines.push(`GRAND TOTAL  ${cur}${money(grand)}`);
        amountLines += 1;
        if (e.alternateCents !== null) {
          lines.push(
            'ALTERNATES',
            `Alternate 1 - Upgraded fixtures  1  LS  ${cur}${money(e.alternateCents)}  ${cur}${money(e.alternateCents)}`,
          );
          excluded += e.alternateCents;
          amountLines += 1;
        }

        const doc = readEstimate(lines.join('\n'));
        const r = doc.reconciliation;
        expect(r?.matches).toBe(true);
        expect(Math.round((r?.plannedTotal ?? 0) * 100)).toBe(work);
        expect(
          Math.round(((r?.plannedTotal ?? 0) + (r?.allowanceTotal ?? 0) + (r?.chargesTotal ?? 0)) * 100),
        ).toBe(grand);
        expect(Math.round((r?.excludedTotal ?? 0) * 100)).toBe(excluded);
        expect(doc.lines?.filter((l) => l.amount !== null).length).toBe(amountLines);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on any text, and accounts every planned item in its lines', () => {
    const token = fc.constantFrom(
      'Total',
      'Subtotal',
      'GRAND TOTAL',
      'Alternates',
      'Summary',
      '## Sheet: A',
      '## Sheet: B',
      'Unit Price',
      'Total Price',
      'Qty',
      'Amount',
      'Rate',
      'Description',
      '1.234,56',
      '1,234.56',
      '12',
      '0',
      '#REF!',
      '$5',
      '€7',
      'SF',
      'LS',
      'm2',
      '\t',
      '  ',
      ';',
      '\n',
      '\f',
      'Page 2 of 3',
      'Overhead 10%',
      'Contingency',
      'Alternate 1',
      'x',
      '=',
      'Bill No. 2.1',
      'DEM06',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 120 }), (tokens) => {
        const doc = readEstimate(tokens.join(' '));
        const planned = new Set((doc.lines ?? []).filter((l) => l.disposition === 'work').map((l) => l.line));
        for (const i of doc.items)
          if (i.kind === 'work' && i.amount !== null) expect(planned.has(i.line)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
