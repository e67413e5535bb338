import { describe, expect, it } from 'vitest';
import { createOcrCpuShare, type OcrClocks } from './ocr-budget.js';

/** Clocks the test moves by hand: the process's CPU time and the clock. */
function fakeClocks() {
  const state = { cpu: 7_000, now: 1_000 };
  const clocks: OcrClocks = { processCpuMs: () => state.cpu, now: () => state.now };
  return { state, clocks };
}

const limits = { budgetMs: 60_000, wallCeilingMs: 300_000 };

describe('the time budget of a text recognition', () => {
  it('counts CPU time used while it runs, not the clock', () => {
    const { state, clocks } = fakeClocks();
    const share = createOcrCpuShare(clocks);
    // CPU used before the recognition starts is not charged to it.
    state.cpu += 30_000;
    const job = share.start(limits);
    // A busy machine: four minutes on the clock, 50 s of work.
    state.now += 240_000;
    state.cpu += 50_000;
    expect(job.exceeded()).toBeUndefined();
    state.cpu += 10_001;
    expect(job.exceeded()).toMatchObject({ measure: 'cpu', limitMs: 60_000, wallMs: 240_000 });
  });

  it('shares the CPU time among the recognitions running together', () => {
    const { state, clocks } = fakeClocks();
    const share = createOcrCpuShare(clocks);
    const first = share.start(limits);
    state.cpu += 40_000;
    const second = share.start(limits);
    // Both running: 60 s of CPU, 30 s each.
    state.cpu += 60_000;
    expect(first.exceeded()).toMatchObject({ measure: 'cpu', cpuMs: 70_000 });
    expect(second.exceeded()).toBeUndefined();
    first.end();
    // The second alone now: it is charged all of what follows.
    state.cpu += 29_000;
    expect(second.exceeded()).toBeUndefined();
    state.cpu += 1_001;
    expect(second.exceeded()).toMatchObject({ measure: 'cpu', cpuMs: 60_001 });
  });

  it('is charged nothing once it has ended', () => {
    const { state, clocks } = fakeClocks();
    const share = createOcrCpuShare(clocks);
    const job = share.start(limits);
    state.cpu += 1_000;
    job.end();
    state.cpu += 100_000;
    const other = share.start(limits);
    expect(job.exceeded()).toBeUndefined();
    expect(other.exceeded()).toBeUndefined();
  });

  it('stops a recognition stuck without using CPU at the clock ceiling', () => {
    const { state, clocks } = fakeClocks();
    const job = createOcrCpuShare(clocks).start(limits);
    state.now += 300_000;
    expect(job.exceeded()).toBeUndefined();
    state.now += 1;
    expect(job.exceeded()).toEqual({ measure: 'wall', limitMs: 300_000, cpuMs: 0, wallMs: 300_001 });
  });
});
