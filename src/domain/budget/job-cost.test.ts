import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JobCostInputs, jobCostFigures, sumJobCost, workInProgress } from './job-cost.js';

const line = (over: Partial<JobCostInputs>): JobCostInputs => ({
  originalCents: 0,
  approvedChangeCents: 0,
  transferCents: 0,
  committedCents: 0,
  billedOnCommitmentsCents: 0,
  actualCents: 0,
  uncommittedEstimateCents: null,
  ...over,
});

describe('the job cost figures of a line', () => {
  it.each([
    [
      'nothing spent or committed: the budget is still to come',
      line({ originalCents: 1_000_000 }),
      {
        revisedCents: 1_000_000,
        openCommittedCents: 0,
        costToCompleteCents: 1_000_000,
        eacCents: 1_000_000,
        varianceCents: 0,
      },
    ],
    [
      'a change order and a transfer out revise it',
      line({ originalCents: 1_000_000, approvedChangeCents: 250_000, transferCents: -50_000 }),
      { revisedCents: 1_200_000, eacCents: 1_200_000, varianceCents: 0 },
    ],
    [
      'a subcontract of 8,000 with 3,000 billed: 5,000 still owed, the rest of the budget uncommitted',
      line({
        originalCents: 1_000_000,
        committedCents: 800_000,
        billedOnCommitmentsCents: 300_000,
        actualCents: 300_000,
      }),
      {
        openCommittedCents: 500_000,
        uncommittedToCompleteCents: 200_000,
        costToCompleteCents: 700_000,
        eacCents: 1_000_000,
        varianceCents: 0,
      },
    ],
    [
      'committed past the budget: the cost to complete is never below what is owed, and the line runs over',
      line({
        originalCents: 1_000_000,
        committedCents: 1_300_000,
        billedOnCommitmentsCents: 200_000,
        actualCents: 200_000,
      }),
      {
        openCommittedCents: 1_100_000,
        uncommittedToCompleteCents: 0,
        costToCompleteCents: 1_100_000,
        eacCents: 1_300_000,
        varianceCents: -300_000,
      },
    ],
    [
      'billed past its commitment: nothing is owed on it any more',
      line({
        originalCents: 500_000,
        committedCents: 400_000,
        billedOnCommitmentsCents: 450_000,
        actualCents: 450_000,
      }),
      { openCommittedCents: 0, costToCompleteCents: 50_000, eacCents: 500_000 },
    ],
    [
      'the user expects 4,000 more beyond the commitments',
      line({ originalCents: 1_000_000, actualCents: 700_000, uncommittedEstimateCents: 400_000 }),
      { costToCompleteCents: 400_000, eacCents: 1_100_000, varianceCents: -100_000 },
    ],
  ] as const)('%s', (_, inputs, expected) => {
    expect(jobCostFigures(inputs)).toMatchObject(expected);
  });

  it('keeps its rules for any figures: EAC = actual + cost to complete, never below actual + what is owed', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000_00 });
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
        cents,
        cents,
        cents,
        (original, change, committed, billed, actual) => {
          const f = jobCostFigures(
            line({
              originalCents: original,
              approvedChangeCents: change,
              committedCents: committed,
              billedOnCommitmentsCents: billed,
              actualCents: actual,
            }),
          );
          expect(f.eacCents).toBe(f.actualCents + f.costToCompleteCents);
          expect(f.costToCompleteCents).toBeGreaterThanOrEqual(f.openCommittedCents);
          expect(f.costToCompleteCents).toBe(
            Math.max(f.revisedCents - f.actualCents, f.openCommittedCents, 0),
          );
          expect(f.varianceCents).toBe(f.revisedCents - f.eacCents);
          for (const value of Object.values(f)) expect(Number.isInteger(value)).toBe(true);
        },
      ),
    );
  });

  it('adds up line by line to the cent', () => {
    const rows = [
      jobCostFigures(line({ originalCents: 1_617_420, actualCents: 900_000 })),
      jobCostFigures(
        line({
          originalCents: 2_220_000,
          committedCents: 2_100_000,
          billedOnCommitmentsCents: 500_000,
          actualCents: 500_000,
        }),
      ),
      jobCostFigures(line({ originalCents: 544_200 })),
    ];
    const total = sumJobCost(rows);
    expect(total.originalCents).toBe(4_381_620);
    expect(total.eacCents).toBe(rows.reduce((s, r) => s + r.eacCents, 0));
    expect(total.varianceCents).toBe(total.revisedCents - total.eacCents);
  });
});

describe('work in progress', () => {
  it.each([
    [
      { actualCents: 250_000, eacCents: 1_000_000, contractCents: 1_200_000, billedToClientCents: 400_000 },
      25,
      300_000,
      100_000,
    ],
    [
      { actualCents: 250_000, eacCents: 1_000_000, contractCents: 1_200_000, billedToClientCents: 200_000 },
      25,
      300_000,
      -100_000,
    ],
    [{ actualCents: 0, eacCents: 0, contractCents: 1_200_000, billedToClientCents: 0 }, 0, 0, 0],
    [
      {
        actualCents: 1_500_000,
        eacCents: 1_000_000,
        contractCents: 1_200_000,
        billedToClientCents: 1_200_000,
      },
      100,
      1_200_000,
      0,
    ],
  ] as const)('%o → %d %%, earned %d, over/under %d', (job, percent, earned, overUnder) => {
    expect(workInProgress(job)).toEqual({
      percentComplete: percent,
      earnedCents: earned,
      overUnderBillingCents: overUnder,
    });
  });
});
