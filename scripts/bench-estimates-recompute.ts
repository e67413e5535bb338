/**
 * The review's recompute on a long estimate: a generated CSV of 2,000 priced lines (read into text by
 * the product's CSV extractor, as an upload is) read again with one line's role corrected, the way
 * the review's worker does after each correction: through `estimateReader`, which keeps the reading
 * before corrections and applies each correction to a copy. A full `readEstimate` of the same text
 * is timed beside it. Measured in Node with the same domain code the browser's worker runs.
 */
import { performance } from 'node:perf_hooks';
import { estimateReader, readEstimate } from '../src/domain/estimate/index.js';
import type { EstimateCorrections } from '../src/domain/estimate/types.js';
import { extractCsv } from '../src/server/providers/extract/csv.js';

const SCOPES = [
  ['Concrete footings', 'CY', 185],
  ['Wood framing walls', 'SF', 6.5],
  ['Drywall hang and finish', 'SF', 2.4],
  ['Electrical rough-in', 'EA', 120],
  ['Plumbing fixtures set', 'EA', 410],
  ['HVAC ductwork', 'LF', 28],
  ['Interior painting', 'SF', 1.9],
  ['Asphalt shingle roofing', 'SQ', 340],
  ['Ceramic tile flooring', 'SF', 11.25],
  ['Door hardware install', 'EA', 95],
] as const;

/** A CSV estimate of `lines` priced rows (quantity × rate = amount) and its grand total. */
export function generatedCsv(lines: number): string {
  const rows = ['Item,Description,Quantity,Unit,Unit Price,Amount'];
  let total = 0;
  for (let i = 0; i < lines; i++) {
    const [what, unit, rate] = SCOPES[i % SCOPES.length] ?? SCOPES[0];
    const quantity = 10 + ((i * 37) % 490);
    const amount = Math.round(quantity * rate * 100) / 100;
    total += amount;
    rows.push(
      `${i + 1},"${what}, area ${Math.floor(i / SCOPES.length) + 1}",${quantity},${unit},${rate.toFixed(2)},${amount.toFixed(2)}`,
    );
  }
  rows.push(`,Total,,,,${total.toFixed(2)}`);
  return rows.join('\n');
}

export interface Recompute {
  /** Work lines of the reading before the correction (to show the estimate is read as its lines). */
  workLines: number;
  /** Whether the corrected reading still reconciles with the generated total. */
  reconciles: boolean | null;
  /** Median milliseconds of one correction applied the review's way (the reading before it kept). */
  medianMs: number;
  /** Median milliseconds of a whole reading with the correction (`readEstimate`), for comparison. */
  fullReadMs: number;
}

function medianOf(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Median milliseconds of `runs` calls of `read`, after two untimed ones (so the code is compiled). */
function timed<T>(runs: number, read: () => T): { ms: number; last: T } {
  let last = read();
  read();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = read();
    times.push(performance.now() - started);
  }
  return { ms: medianOf(times), last };
}

export function reviewRecompute(lines = 2_000, runs = 20): Recompute {
  const csv = new TextEncoder().encode(generatedCsv(lines));
  const { content } = extractCsv(csv, {
    source: { fileName: 'generated-2000-lines.csv' },
    limits: { maxBytes: Number.MAX_SAFE_INTEGER, maxPdfPages: 1, ocrPageTimeoutMs: 1 },
    ocr: { recognize: () => Promise.reject(new Error('no images in a CSV')) },
  });
  const reader = estimateReader(content);
  const asRead = reader();
  const work = (asRead.lines ?? []).filter((l) => l.disposition === 'work');
  const middle = work[Math.floor(lines / 2)];
  const corrections: EstimateCorrections = middle
    ? { lines: { [String(middle.line)]: { role: 'option' } } }
    : {};
  const review = timed(runs, () => reader({ corrections }));
  const full = timed(Math.min(runs, 5), () => readEstimate(content, { corrections }));
  return {
    workLines: work.length,
    reconciles: review.last.reconciliation?.matches ?? null,
    medianMs: review.ms,
    fullReadMs: full.ms,
  };
}
