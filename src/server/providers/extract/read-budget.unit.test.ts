import { describe, expect, it } from 'vitest';
import { type BudgetClocks, startReadBudget } from './read-budget.js';

/** Clocks the test moves by hand: the reader's CPU time (or none) and the clock. */
function fakeClocks(cpu: number | undefined) {
  const state = { cpu, now: 1000 };
  const clocks: BudgetClocks = { cpuTimeOf: () => state.cpu, now: () => state.now };
  return { state, clocks };
}

const limits = { budgetMs: 60_000, wallCeilingMs: 300_000 };

describe('the time budget of a read', () => {
  it('counts the CPU time the reader uses from the start of the read, not the clock', () => {
    const { state, clocks } = fakeClocks(5_000);
    const budget = startReadBudget(42, limits, clocks);
    // A busy machine: four minutes on the clock, 50 s of work.
    state.now += 240_000;
    state.cpu = 55_000;
    expect(budget.exceeded()).toBeUndefined();
    state.cpu = 65_001;
    expect(budget.exceeded()).toEqual({ measure: 'cpu', limitMs: 60_000, cpuMs: 60_001, wallMs: 240_000 });
  });

  it('stops a reader stuck without using CPU at the clock ceiling', () => {
    const { state, clocks } = fakeClocks(0);
    const budget = startReadBudget(42, limits, clocks);
    state.now += 300_000;
    expect(budget.exceeded()).toBeUndefined();
    state.now += 1;
    expect(budget.exceeded()).toEqual({ measure: 'wall', limitMs: 300_000, cpuMs: 0, wallMs: 300_001 });
  });

  it('does not count waits for text recognition on the clock', () => {
    const { state, clocks } = fakeClocks(0);
    const budget = startReadBudget(42, limits, clocks);
    state.now += 200_000;
    // Two pages recognised at once, then one more: 500 s of waiting in all.
    budget.ocrWaitStarted();
    state.now += 100_000;
    budget.ocrWaitStarted();
    state.now += 200_000;
    budget.ocrWaitEnded();
    expect(budget.exceeded()).toBeUndefined();
    budget.ocrWaitEnded();
    budget.ocrWaitStarted();
    state.now += 200_000;
    expect(budget.exceeded()).toBeUndefined();
    budget.ocrWaitEnded();
    state.now += 100_001;
    expect(budget.exceeded()).toMatchObject({ measure: 'wall', wallMs: 300_001 });
  });

  it('keeps the last CPU reading when the process can no longer be read', () => {
    const { state, clocks } = fakeClocks(1_000);
    const budget = startReadBudget(42, limits, clocks);
    state.cpu = 30_000;
    expect(budget.exceeded()).toBeUndefined();
    state.cpu = undefined;
    state.now += 100_000;
    expect(budget.exceeded()).toBeUndefined();
    state.now += 200_001;
    expect(budget.exceeded()).toMatchObject({ measure: 'wall', cpuMs: 29_000 });
  });

  it.each([
    ['its CPU time cannot be read (no /proc)', 42, undefined],
    ['its process id is unknown', undefined, 5_000],
  ])('counts the clock against the budget when %s', (_, pid, cpu) => {
    const { state, clocks } = fakeClocks(cpu);
    const budget = startReadBudget(pid, limits, clocks);
    state.now += 60_000;
    expect(budget.exceeded()).toBeUndefined();
    state.now += 1;
    expect(budget.exceeded()).toEqual({ measure: 'wall', limitMs: 60_000, cpuMs: undefined, wallMs: 60_001 });
  });
});
