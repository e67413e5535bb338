/**
 * The review's recompute on a long estimate: a generated CSV of 2,000 priced lines (read into text by
 * the product's CSV extractor, as an upload is) read again by the domain's `readEstimate` with one
 * line's role corrected — what the review's worker does after each correction once the uncorrected
 * reading is kept. Measured in Node with the same domain code the browser's worker runs.
 */
import { performance } from 'node:perf_hooks';
import { readEstimate } from '../src/domain/estimate/index.js';
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
  /** Median milliseconds of one corrected reading. */
  medianMs: number;
}

export function reviewRecompute(lines = 2_000, runs = 20): Recompute {
  const csv = new TextEncoder().encode(generatedCsv(lines));
  const { content } = extractCsv(csv, {
    source: { fileName: 'generated-2000-lines.csv' },
    limits: { maxBytes: Number.MAX_SAFE_INTEGER, maxPdfPages: 1, ocrPageTimeoutMs: 1 },
    ocr: { recognize: () => Promise.reject(new Error('no images in a CSV')) },
  });
  const asRead = readEstimate(content);
  const middle = (asRead.lines ?? []).filter((l) => l.disposition === 'work')[Math.floor(lines / 2)];
  const corrections: EstimateCorrections = middle
    ? { lines: { [String(middle.line)]: { role: 'option' } } }
    : {};
  // Two untimed readings first, so the figures are of compiled code.
  for (let i = 0; i < 2; i++) readEstimate(content, { corrections });
  const times: number[] = [];
  let corrected = asRead;
  const work = (asRead.lines ?? []).filter((l) => l.disposition === 'work');
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    corrected = readEstimate(content, { corrections });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const medianMs = times.length % 2 ? (times[mid] ?? 0) : ((times[mid - 1] ?? 0) + (times[mid] ?? 0)) / 2;
  return {
    workLines: work.length,
    reconciles: corrected.reconciliation?.matches ?? null,
    medianMs,
  };
}
