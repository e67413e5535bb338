/**
 * A summary table with no title, placed before (or after) the lines it summarises: a run of
 * amount-only lines — trade or scope names with their amounts, no quantity or price — whose sum is
 * the sum of every other priced line of the document. The detail is the work; the run restates it
 * and is set aside as a recap, so nothing is counted twice. Equal sums are what makes it a recap:
 * lump sums that merely sit together (a budget of allowances, a short bid) are never equal to the
 * rest of the document as well.
 */
import { roundMoney } from '../numbers.js';
import type { Draft, ReaderState } from './state.js';

/** Lines a summary row has: a name and an amount (a share % may follow), never a price. */
const isSummaryRow = (d: Draft) =>
  d.amountOnly &&
  !d.measured &&
  !d.broken &&
  d.percent === null &&
  (d.amount ?? 0) > 0 &&
  d.description.length <= 60;

/** Maximal runs of summary rows next to each other under the same heading and sheet. */
function summaryRuns(drafts: readonly Draft[]): Draft[][] {
  const runs: Draft[][] = [];
  let run: Draft[] = [];
  for (const d of drafts) {
    const last = run[run.length - 1];
    if (isSummaryRow(d) && (!last || (last.section === d.section && last.sheet === d.sheet))) run.push(d);
    else {
      if (run.length > 0) runs.push(run);
      run = isSummaryRow(d) ? [d] : [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

const sum = (ds: readonly Draft[]) => roundMoney(ds.reduce((s, d) => s + (d.amount ?? 0), 0));
const equal = (a: number, b: number) => Math.abs(a - b) <= Math.max(1.5, Math.abs(b) * 0.0005);

export function markRecapBlocks(st: ReaderState): void {
  const live = st.drafts.filter((d) => !d.excluded && !d.measured && d.amount !== null);
  for (const run of summaryRuns(live)) {
    if (run.length < 2) continue;
    const rest = live.filter((d) => !run.includes(d));
    // The detail has to be itemised: at least as many lines as the summary names, some of them priced.
    if (rest.length < run.length || !rest.some((d) => !d.amountOnly)) continue;
    const work = (ds: readonly Draft[]) => ds.filter((d) => d.kind === 'work');
    const restates = equal(sum(run), sum(rest)) || equal(sum(work(run)), sum(work(rest)));
    if (!restates) continue;
    const where = run[0] && rest[0] && run[0].line < rest[0].line ? 'below' : 'above';
    for (const d of run)
      d.excluded ??= {
        disposition: 'recap',
        reason: `a summary of the ${rest.length} lines itemised ${where} (they add up to the same ${sum(rest)})`,
      };
    st.notes.push(
      `${run.length} summary lines (${run
        .slice(0, 4)
        .map((d) => d.description)
        .join(
          '; ',
        )}${run.length > 4 ? '…' : ''}) restate the ${rest.length} lines itemised ${where} and were not counted again.`,
    );
  }
}
