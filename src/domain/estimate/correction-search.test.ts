import { describe, expect, it } from 'vitest';
import { candidatesOf, correctionsToReconcile } from './correction-search.js';
import { readEstimate } from './read-estimate.js';

/** A small priced estimate: one tab-separated row per item, and the stated total when given. */
function estimate(items: readonly [string, number][], total: number | null): string {
  return [
    'Smith Residence Remodel',
    'Description\tQty\tUnit\tRate\tAmount',
    ...items.map(([what, amount]) => `${what}\t1\tLS\t${amount.toFixed(2)}\t${amount.toFixed(2)}`),
    ...(total === null ? [] : [`Total\t\t\t\t${total.toFixed(2)}`]),
  ].join('\n');
}

const ITEMS: [string, number][] = [
  ['Concrete footings', 20_000],
  ['Spa tub', 4_000],
  ['Framing lumber package', 11_000],
  ['Outdoor kitchen', 3_000],
];

/** The search's own corrections, read again: do they reconcile? */
function reconcilesWith(text: string, found: ReturnType<typeof correctionsToReconcile>): boolean | null {
  if (found.status !== 'reconciles') return null;
  return readEstimate(text, { corrections: found.corrections }).reconciliation?.matches ?? null;
}

describe('correctionsToReconcile', () => {
  it('needs none when the reading already reconciles', () => {
    expect(correctionsToReconcile(estimate(ITEMS, 38_000))).toEqual({
      status: 'reconciles',
      steps: 0,
      corrections: {},
    });
  });

  it('says so when the document states no total', () => {
    expect(correctionsToReconcile(estimate(ITEMS, null))).toEqual({ status: 'no-total' });
  });

  it('finds the one line to set aside', () => {
    const text = estimate([...ITEMS, ['Deck', 5_000]], 38_000);
    const found = correctionsToReconcile(text);
    expect(found).toMatchObject({ status: 'reconciles', steps: 1 });
    expect(reconcilesWith(text, found)).toBe(true);
  });

  it('takes two steps when no single correction reconciles, and stops at the limit it is given', () => {
    // 38,000 read against 31,000: only the spa tub and the outdoor kitchen together make up 7,000.
    const text = estimate(ITEMS, 31_000);
    const found = correctionsToReconcile(text);
    expect(found).toMatchObject({ status: 'reconciles', steps: 2 });
    expect(reconcilesWith(text, found)).toBe(true);
    expect(correctionsToReconcile(text, {}, { maxSteps: 1 })).toEqual({ status: 'beyond', steps: 1 });
  });

  it('gives up when no correction of the lines can reach the stated total', () => {
    expect(correctionsToReconcile(estimate(ITEMS, 1_000_000))).toEqual({ status: 'beyond', steps: 3 });
  });

  it('ignores a whole sheet when that is what reconciles', () => {
    const text = [
      '## Sheet: Extras',
      'Description\tQty\tUnit\tRate\tAmount',
      'Spa tub\t1\tLS\t4000\t4000',
      'Outdoor kitchen\t1\tLS\t3000\t3000',
      'Deck\t1\tLS\t2000\t2000',
      '## Sheet: Base',
      'Description\tQty\tUnit\tRate\tAmount',
      'Concrete footings\t1\tLS\t20000\t20000',
      'Framing lumber package\t1\tLS\t11000\t11000',
      'Total\t\t\t\t31000',
    ].join('\n');
    const found = correctionsToReconcile(text);
    expect(found).toMatchObject({
      status: 'reconciles',
      steps: 1,
      corrections: { sheets: { Extras: 'ignore' } },
    });
  });

  it('reads first the candidates whose amounts come nearest to the stated total', () => {
    const text = estimate([...ITEMS, ['Deck', 5_000]], 38_000);
    const doc = readEstimate(text);
    const [nearest] = candidatesOf(doc, {}, 1);
    // The deck (line 7) set aside, or every line after the one before it an option.
    expect(nearest?.lines?.['7'] !== undefined || nearest?.optionsAfter === 6).toBe(true);
    expect(readEstimate(text, { corrections: nearest ?? {} }).reconciliation?.matches).toBe(true);
    expect(correctionsToReconcile(text, {}, { readsPerStep: 1 })).toMatchObject({ steps: 1 });
  });
});
