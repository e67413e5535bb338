/**
 * Lines that restate figures the items already give, found by the document's own total: a
 * summary line equal to the whole total above or among the items (`Base Bid  $48,500` then the
 * scope lines adding up to it), and a section's figure printed on its heading above its detail
 * rows (`SITEWORK  60,000` then `Excavation  40,000`, `Grading  20,000`), as cost reports print
 * them. Only when the items overshoot the stated total, and only so far as setting a line aside
 * brings them to it: a document whose items already add up is left as it is.
 */

import { live } from './finish.js';
import type { Draft, ReaderState } from './state.js';

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.01, Math.abs(b) * 0.0005);

/** The document's final figure: its largest grand total, else its largest total. */
function finalTotal(st: ReaderState): number | null {
  const values = (kind: 'grand' | 'total') =>
    st.totals.filter((t) => t.kind === kind && t.value !== null && t.value > 0).map((t) => t.value as number);
  const grand = values('grand');
  const total = grand.length > 0 ? grand : values('total');
  return total.length > 0 ? Math.max(...total) : null;
}

const sumOf = (list: readonly Draft[]) => list.reduce((s, d) => s + (d.amount ?? 0), 0);
const workOf = (st: ReaderState) => live(st.drafts).filter((d) => d.kind === 'work' && d.amount !== null);

/** A lump-sum line equal to the whole total while the other items add up to it too. */
function markRestatedTotal(st: ReaderState, final: number): void {
  const work = workOf(st);
  const whole = sumOf(work);
  for (const d of work) {
    if (d.quantity !== null || d.unitCost !== null || d.amount === null || !near(d.amount, final)) continue;
    if (!near(whole - d.amount, final)) continue;
    d.excluded = { disposition: 'recap', reason: "restates the document's total (the items add up to it)" };
    return;
  }
}

/** Heading lines whose figure is the sum of the detail rows under them (one level per pass). */
function markHeadingSums(st: ReaderState, final: number): boolean {
  const work = workOf(st);
  let overshoot = sumOf(work) - final;
  let found = false;
  for (let i = 0; i < work.length && overshoot > 0.01; i++) {
    const head = work[i] as Draft;
    if (head.quantity !== null || head.unitCost !== null || (head.amount ?? 0) <= 0) continue;
    const amount = head.amount ?? 0;
    if (amount > overshoot + Math.max(0.01, amount * 0.0005)) continue;
    let sum = 0;
    let j = i + 1;
    for (; j < work.length && sum < amount - 0.01; j++) {
      if (work[j]?.sheet !== head.sheet) break;
      sum += work[j]?.amount ?? 0;
    }
    if (j - i - 1 < 2 || !near(sum, amount)) continue;
    head.excluded = { disposition: 'subtotal', reason: `totals the ${j - i - 1} items under it` };
    overshoot -= amount;
    found = true;
  }
  return found;
}

export function markRestated(st: ReaderState): void {
  const final = finalTotal(st);
  if (final === null || sumOf(workOf(st)) <= final + 0.01) return;
  markRestatedTotal(st, final);
  // Nested headings (a division over its sections) come out one level a pass.
  for (let pass = 0; pass < 3 && sumOf(workOf(st)) > final + 0.01; pass++)
    if (!markHeadingSums(st, final)) break;
}
