import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';

/** A builder's workbook: one sheet per house model, each with its total and price per SF, and a summary sheet. */
const ITEMS = [
  ['Foundation', 30_000],
  ['Framing', 60_000],
  ['Roofing', 20_000],
  ['Plumbing', 25_000],
  ['Electrical', 22_000],
  ['Drywall', 18_000],
] as const;
const MODELS = [
  { name: 'Plan 1800', sf: 1800, scale: 1 },
  { name: 'Plan 2000', sf: 2000, scale: 1.1 },
  { name: 'Plan 2400', sf: 2400, scale: 1.3 },
].map((m) => {
  const items = ITEMS.map(([d, a]) => [d, Math.round(a * m.scale)] as const);
  return { ...m, items, total: items.reduce((s, [, a]) => s + a, 0) };
});
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const WORKBOOK = [
  '## Sheet: Summary',
  'Model\tBase Price',
  ...MODELS.map((m) => `${m.name}\t${money(m.total)}`),
  ...MODELS.flatMap((m) => [
    `## Sheet: ${m.name}`,
    `${m.name} — ${m.sf} SF`,
    'Description\tAmount',
    ...m.items.map(([d, a]) => `${d}\t${money(a)}`),
    `TOTAL\t${money(m.total)}`,
    `TOTAL Price Per SF\t${money(Math.round((m.total / m.sf) * 100) / 100)}`,
  ]),
].join('\n');

describe('a workbook of house models with a summary sheet', () => {
  it('asks which model; plans none of them summed; the summary and the price per SF are not totals of work', () => {
    const doc = readEstimate(WORKBOOK);
    const choice = doc.choices?.find((c) => c.key === 'model');
    expect(choice?.options.map((o) => [o.label, o.total])).toEqual(MODELS.map((m) => [m.name, m.total]));
    expect(doc.itemsTotal).toBe(0);
    expect(doc.problems.map((p) => p.code)).toContain('choice-required');
    expect((doc.lines ?? []).filter((l) => l.sheet === 'Summary').map((l) => l.disposition)).toEqual([
      'recap',
      'recap',
      'recap',
    ]);
  });

  it('plans the chosen model whole, reconciled with its own total', () => {
    const doc = readEstimate(WORKBOOK, { choices: { model: 'Plan 2000' } });
    const chosen = MODELS[1];
    expect(doc.itemsTotal).toBe(chosen?.total);
    expect(doc.statedTotal).toBe(chosen?.total);
    expect(doc.reconciliation?.matches).toBe(true);
    expect(doc.reconciliation?.documentTotals.some((t) => (t.value ?? 0) < 1000)).toBe(false);
  });
});
