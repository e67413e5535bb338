import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';
import { componentRole, priceOf } from './components.js';

const work = (doc: EstimateDocument) => doc.items.filter((i) => i.kind === 'work');
const amounts = (doc: EstimateDocument) => work(doc).map((i) => i.amount);
const codes = (doc: EstimateDocument) => doc.problems.map((p) => p.code);

describe('cost component titles', () => {
  it.each([
    ['labor', 'part'],
    ['labour cost', 'part'],
    ['material cost', 'part'],
    ['materials ($)', 'part'],
    ['equipment', 'part'],
    ['subcontract', 'part'],
    ['mano de obra', 'part'],
    ['materiales', 'part'],
    ['labor rate', 'partRate'],
    ['material unit price', 'partRate'],
    ['labour $/unit', 'partRate'],
    ['unit labor', 'partRate'],
  ] as const)('%s is a %s column', (title, role) => {
    expect(componentRole(title)).toBe(role);
  });

  it.each(['description', 'total', 'unit cost', 'labor hours', 'material description'])(
    '%s is no cost component',
    (title) => {
      expect(componentRole(title)).toBeNull();
    },
  );
});

describe('a line priced by its parts', () => {
  it('adds the parts when there is no line total', () => {
    expect(priceOf({ qty: 100, rate: null, amount: null, parts: [2500, 1500], partRates: [] })).toEqual({
      unitCost: 40,
      amount: 4000,
      doubt: null,
    });
  });

  it('takes the line total and checks the parts against it', () => {
    expect(priceOf({ qty: 10, rate: null, amount: 400, parts: [250, 150], partRates: [] }).doubt).toBeNull();
    expect(priceOf({ qty: 10, rate: null, amount: 500, parts: [250, 150], partRates: [] }).doubt).toMatch(
      /add up to 400, not its total 500/,
    );
  });

  it('reads parts that times the quantity make the total as unit rates', () => {
    expect(priceOf({ qty: 10, rate: null, amount: 400, parts: [25, 15], partRates: [] })).toEqual({
      unitCost: 40,
      amount: 400,
      doubt: null,
    });
  });
});

describe('labour and material amounts with no total column', () => {
  it('reads a spreadsheet row as labour + material (tab-separated)', () => {
    const doc = readEstimate(
      [
        'Description\tQty\tUnit\tLabor\tMaterial',
        'Hang and finish drywall\t1000\tSF\t2,500.00\t1,500.00',
        'Interior paint\t2000\tSF\t1,800.00\t700.00',
        'Total\t\t\t4,300.00\t2,200.00',
      ].join('\n'),
    );
    expect(amounts(doc)).toEqual([4000, 2500]);
    expect(work(doc)[0]?.unitCost).toBe(4);
    expect(doc.itemsTotal).toBe(6500);
    expect(doc.statedTotal).toBe(6500);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.choices ?? []).toEqual([]);
  });

  it('reads a printed row the same way (columns split by spaces), with an equipment part', () => {
    const doc = readEstimate(
      [
        'Description    Qty    Unit    Labour cost    Material cost    Equipment',
        'Excavate footings    40    CY    1,200.00    0.00    900.00',
        'Pour footings    20    CY    2,000.00    3,100.00    400.00',
        'Total    3,200.00    3,100.00    1,300.00',
      ].join('\n'),
    );
    expect(amounts(doc)).toEqual([2100, 5500]);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(codes(doc)).not.toContain('total-mismatch');
  });

  it('reads a Spanish table of mano de obra and materiales (decimal comma)', () => {
    const doc = readEstimate(
      [
        'Descripción    Cantidad    Ud    Mano de obra    Materiales',
        'Solado de baldosa cerámica    120,00    m2    1.440,00    2.160,00',
        'Alicatado de baño    45,50    m2    682,50    1.137,50',
        'Pintura plástica en paredes    300,00    m2    900,00    450,00',
        'Total    3.022,50    3.747,50',
      ].join('\n'),
    );
    expect(amounts(doc)).toEqual([3600, 1820, 1350]);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('reads a rate and an amount per part: the amount is the parts’ amounts, the unit cost their rates', () => {
    const doc = readEstimate(
      [
        'Description\tQty\tUnit\tLabor rate\tLabor amount\tMaterial rate\tMaterial amount',
        'Hang and finish drywall\t1000\tSF\t2.50\t2,500.00\t1.50\t1,500.00',
        'Ceramic floor tile\t200\tSF\t6.00\t1,200.00\t4.00\t800.00',
        'Total\t\t\t\t3,700.00\t\t2,300.00',
      ].join('\n'),
    );
    expect(work(doc).map((i) => [i.quantity, i.unitCost, i.amount])).toEqual([
      [1000, 4, 4000],
      [200, 10, 2000],
    ]);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.choices ?? []).toEqual([]);
    expect(codes(doc)).not.toContain('choice-required');
  });

  it('reads unit rates per part with no amounts: quantity × the sum of the rates', () => {
    const doc = readEstimate(
      [
        'Description\tQty\tUnit\tLabor rate\tMaterial rate',
        'Hang and finish drywall\t1000\tSF\t2.50\t1.50',
        'Ceramic floor tile\t200\tSF\t6.00\t4.00',
      ].join('\n'),
    );
    expect(amounts(doc)).toEqual([4000, 2000]);
  });
});

describe('labour and material beside a line total', () => {
  const doc = readEstimate(
    [
      'Description\tQty\tUnit\tLabor\tMaterial\tTotal',
      'Hang and finish drywall\t1000\tSF\t2,500.00\t1,500.00\t4,000.00',
      'Interior paint\t2000\tSF\t1,800.00\t700.00\t2,500.00',
      'Ceramic floor tile\t200\tSF\t1,200.00\t800.00\t2,300.00',
      'Total\t\t\t\t\t8,800.00',
    ].join('\n'),
  );

  it('takes the total as the amount, never adding the parts to it', () => {
    expect(amounts(doc)).toEqual([4000, 2500, 2300]);
    expect(doc.itemsTotal).toBe(8800);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('flags a line whose parts do not add up to its total', () => {
    expect(doc.reconciliation?.mismatches.map((l) => l.text)).toEqual(['Ceramic floor tile']);
    expect(codes(doc)).toContain('unclear-lines');
  });
});
