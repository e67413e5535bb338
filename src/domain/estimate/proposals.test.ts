import { describe, expect, it } from 'vitest';
import { planFromProposals } from './plan.js';
import { CREW_DAY_COST, LABOUR_SHARE, PERMIT_DAYS, TRADE_DURATION_BOUNDS } from './rates.js';
import { readEstimate } from './read-estimate.js';
import type { EstimateDocument, Trade, WorkPackageProposal } from './types.js';

const DOC: EstimateDocument = readEstimate('Framing labor  2,400  SF  9.25  22,200.00\nTotal  $22,200.00');

const proposal = (trade: Trade, extra: Partial<WorkPackageProposal> = {}): WorkPackageProposal => ({
  trade,
  name: `${trade} work`,
  ...extra,
});

describe('planFromProposals', () => {
  it('keeps a proposed duration within the trade bounds and computes a missing one like the built-in analyzer', () => {
    const plan = planFromProposals(DOC, [
      proposal('framing', { estimatedCost: 22200, durationDays: 500 }),
      proposal('roofing', { estimatedCost: 12000, durationDays: 0.2 }),
      proposal('drywall', { estimatedCost: 20000, quantity: 9200, unit: 'SF' }),
      proposal('painting', { estimatedCost: 8000 }),
      proposal('tile'),
    ]);
    const by = (k: string) => plan.packages.find((p) => p.key === k);
    expect(by('framing')?.durationDays).toBe(TRADE_DURATION_BOUNDS.framing.max);
    const { min, max } = TRADE_DURATION_BOUNDS.framing;
    expect(by('framing')?.durationBasis).toContain(`bounded to ${min}–${max} days`);
    expect(by('roofing')?.durationDays).toBe(TRADE_DURATION_BOUNDS.roofing.min);
    // 9,200 sf at 500 sf/crew-day.
    expect(by('drywall')?.durationDays).toBe(19);
    // $8,000 × 70% ÷ $1,600 (the document is in dollars).
    expect(by('painting')?.durationDays).toBe(
      Math.ceil((8000 * LABOUR_SHARE.painting) / CREW_DAY_COST.USD.building),
    );
    expect(by('tile')?.durationDays).toBe(TRADE_DURATION_BOUNDS.tile.min);
  });

  it('merges duplicates of one trade, never lets a cost go negative, and drops proposed procurement', () => {
    const plan = planFromProposals(DOC, [
      proposal('plumbing', {
        name: 'Rough-in',
        estimatedCost: 9000,
        durationDays: 4,
        materials: ['PEX', 'PVC'],
        sourceLines: [3],
      }),
      proposal('plumbing', {
        name: 'Trim',
        estimatedCost: 3000,
        durationDays: 2,
        materials: ['PEX', 'faucets'],
        sourceLines: [5, 3],
      }),
      proposal('electrical', { estimatedCost: -500, durationDays: Number.NaN }),
      proposal('procurement', { name: 'Order windows', estimatedCost: 0, durationDays: 30 }),
    ]);
    const plumbing = plan.packages.filter((p) => p.trade === 'plumbing');
    expect(plumbing).toHaveLength(1);
    expect(plumbing[0]).toMatchObject({
      key: 'plumbing',
      estimatedCost: 12000,
      durationDays: 6,
      materials: ['PEX', 'PVC', 'faucets'],
      sourceLines: [3, 5],
    });
    expect(plan.packages.find((p) => p.key === 'electrical')?.estimatedCost).toBe(0);
    expect(plan.packages.find((p) => p.key === 'electrical')?.durationDays).toBe(
      TRADE_DURATION_BOUNDS.electrical.min,
    );
    expect(plan.packages.some((p) => p.name === 'Order windows')).toBe(false);
    expect(plan.notes.some((n) => /Order windows/.test(n))).toBe(true);
    expect(plan.notes.some((n) => /2 proposed packages of plumbing merged/.test(n))).toBe(true);
  });

  it('sequences the proposals with the same graph: the model never decides links', () => {
    const plan = planFromProposals(DOC, [
      proposal('painting', { estimatedCost: 5000, durationDays: 5 }),
      proposal('drywall', { estimatedCost: 9000, durationDays: 8 }),
      proposal('windows-doors', { estimatedCost: 12000, durationDays: 3, materials: ['vinyl windows'] }),
      proposal('framing', { estimatedCost: 22200, durationDays: 10 }),
    ]);
    expect(plan.packages.map((p) => p.key)).toEqual([
      'permits',
      'procure-windows-doors',
      'framing',
      'windows-doors',
      'inspection-rough',
      'drywall',
      'painting',
      'inspection-final',
      'punch-list',
      'closeout',
    ]);
    expect(plan.links).toEqual(
      expect.arrayContaining(
        [
          { from: 'permits', to: 'procure-windows-doors', type: 'SS', lagDays: 0 },
          { from: 'procure-windows-doors', to: 'windows-doors', type: 'FS', lagDays: 0 },
          { from: 'framing', to: 'inspection-rough', type: 'FS', lagDays: 0 },
          { from: 'drywall', to: 'painting', type: 'FS', lagDays: 0 },
        ].map((l) => expect.objectContaining(l)),
      ),
    );
    for (const l of plan.links) expect(l.reason.length).toBeGreaterThan(10);
    expect(plan.packages.find((p) => p.key === 'permits')?.durationDays).toBe(PERMIT_DAYS);
    expect(plan.document).toBe(DOC);
  });

  it('takes proposed inspections as the final inspection and keeps permits, punch list and closeout', () => {
    const plan = planFromProposals(DOC, [
      proposal('inspections', { name: 'City inspections', estimatedCost: 400, durationDays: 2 }),
      proposal('permits', { name: 'Permit', estimatedCost: 900, durationDays: 15 }),
    ]);
    expect(plan.packages.find((p) => p.key === 'inspection-final')).toMatchObject({
      trade: 'inspections',
      estimatedCost: 400,
      durationDays: 2,
    });
    expect(plan.packages.find((p) => p.key === 'permits')).toMatchObject({
      estimatedCost: 900,
      durationDays: 15,
    });
    expect(plan.packages.map((p) => p.key)).toEqual([
      'permits',
      'inspection-final',
      'punch-list',
      'closeout',
    ]);
  });

  it('still gives the closing chain when the model proposes nothing (no work a permit covers: no permits)', () => {
    const plan = planFromProposals(DOC, []);
    expect(plan.packages.map((p) => p.key)).toEqual(['inspection-final', 'punch-list', 'closeout']);
    expect(plan.links.map((l) => `${l.from}>${l.to}`)).toEqual([
      'inspection-final>punch-list',
      'punch-list>closeout',
    ]);
  });
});
