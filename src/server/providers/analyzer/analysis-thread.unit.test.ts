import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateToPlan } from '../../../domain/estimate/index.js';
import { createAnalysisThread, MAX_ANALYSED_LINES } from './analysis-thread.js';

/** An estimate of `n` priced lines in the layout a spreadsheet reads as, with its stated total. */
function longEstimate(n: number): string {
  const names = ['Concrete footings', 'Wall framing', 'Roof shingles', 'Drywall hang', 'Interior paint'];
  const lines = ['Description\tQty\tUnit\tUnit Cost\tAmount'];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const rate = 100 + (i % 40);
    total += rate * 2;
    lines.push(`${names[i % names.length]} area ${i}\t2\tEA\t${rate}.00\t${(rate * 2).toFixed(2)}`);
  }
  lines.push(`Total\t\t\t\t${total.toFixed(2)}`);
  return lines.join('\n');
}

describe('the analysis thread', () => {
  it('plans as the domain does, while the server’s own thread goes on with other work', async () => {
    const thread = createAnalysisThread();
    try {
      const text = longEstimate(6000);
      // The thread's start and first compile are out of the way first.
      await thread.analyze(longEstimate(5));
      let ticks = 0;
      const timer = setInterval(() => {
        ticks += 1;
      }, 5);
      const plan = await thread.analyze(text, { projectType: 'Commercial' });
      clearInterval(timer);
      // On the server's thread the analysis would have run in one piece, with no tick in between.
      expect(ticks).toBeGreaterThan(3);
      const here = estimateToPlan(text, { projectType: 'Commercial' });
      expect(plan.document.itemsTotal).toBe(here.document.itemsTotal);
      expect(plan.packages.map((p) => [p.key, p.estimatedCost])).toEqual(
        here.packages.map((p) => [p.key, p.estimatedCost]),
      );
    } finally {
      await thread.close();
    }
  }, 120_000);

  it('answers each of several estimates sent at once with its own plan', async () => {
    const thread = createAnalysisThread();
    try {
      const [small, large] = await Promise.all([
        thread.analyze(longEstimate(3)),
        thread.analyze(longEstimate(30)),
      ]);
      expect(small.document.items).toHaveLength(3);
      expect(large.document.items).toHaveLength(30);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('refuses an estimate of more lines than a plan is made from, with the count, before any work', async () => {
    const thread = createAnalysisThread();
    const text = Array.from(
      { length: MAX_ANALYSED_LINES + 1 },
      (_, i) => `Line ${i}  1  EA  1.00  1.00`,
    ).join('\n');
    await expect(thread.analyze(text)).rejects.toMatchObject({ statusCode: 422, code: 'estimate_too_large' });
    await expect(thread.analyze(text)).rejects.toThrow(/50,001 lines/);
    await thread.close();
  });

  it('refuses what is waiting when it closes, and starts again when asked after', async () => {
    const thread = createAnalysisThread();
    const refused = expect(thread.analyze(longEstimate(3000))).rejects.toThrow(/closing/);
    await thread.close();
    await refused;
    const again = await thread.analyze(longEstimate(2));
    expect(again.document.items).toHaveLength(2);
    await thread.close();
  }, 60_000);
});

/**
 * A stand-in worker speaking the thread's protocol: it answers a plan naming the text it was sent,
 * and for the text `exhaust` holds on to memory until its heap runs out.
 */
const EXHAUSTING_WORKER = `
import { parentPort } from 'node:worker_threads';
const kept = [];
parentPort.on('message', ({ id, text }) => {
  if (text === 'exhaust') for (;;) kept.push(new Array(100000).fill(kept.length));
  parentPort.postMessage({ id, plan: { text } });
});
`;

describe('the analysis thread out of memory', () => {
  it('refuses only the estimate it ran out of memory on; the ones waiting behind it are answered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analysis-thread-'));
    const script = join(dir, 'exhausting-worker.mjs');
    await writeFile(script, EXHAUSTING_WORKER);
    const thread = createAnalysisThread(script, 16);
    try {
      const [large, small, other] = await Promise.allSettled([
        thread.analyze('exhaust'),
        thread.analyze('small'),
        thread.analyze('other'),
      ]);
      expect(large).toMatchObject({ status: 'rejected', reason: { code: 'estimate_too_large' } });
      expect(small).toMatchObject({ status: 'fulfilled', value: { text: 'small' } });
      expect(other).toMatchObject({ status: 'fulfilled', value: { text: 'other' } });
      // The fresh thread goes on answering.
      await expect(thread.analyze('after')).resolves.toMatchObject({ text: 'after' });
    } finally {
      await thread.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
