/**
 * Form fields: `Project #:  701219`, `Hard Cost Total:  15778427.87`, `(Enter % of Hard Cost):  0.3`.
 * A labelled identifier or a factor is not an amount; a labelled total is a document total.
 */
import { totalKind } from '../lexicon.js';
import type { LineContext, ReaderState } from './state.js';

const IDENTIFIER_RE =
  /#|\bno\.?$|\bnumber\b|\bdate\b|\brev\b|\bid\b|\bzip\b|\bcode\b|\bphone\b|\bfax\b|\byear\b/i;

export function handleLabelledField(st: ReaderState, ctx: LineContext): boolean {
  const { row } = ctx;
  const nums = row.numbers.filter((n) => !n.percent);
  const last = nums[nums.length - 1];
  if (!last) return false;
  const labelled = row.elements.slice(0, last.index).findLast((e) => e.kind === 'text');
  // A labelled lone factor (`(Enter % of Hard Cost):  0.3`) is a rate of something, not an amount.
  if (
    nums.length === 1 &&
    last.value > 0 &&
    last.value < 1 &&
    last.currency === null &&
    last.unit === null &&
    !row.units.length &&
    labelled?.kind === 'text' &&
    /:\s*$/.test(labelled.text)
  )
    return true;
  // A lone small count at the end of a long note (`… not worth changing for BC   1`) is a flag, not money.
  if (
    nums.length === 1 &&
    Number.isInteger(last.value) &&
    last.value < 10 &&
    last.currency === null &&
    last.unit === null &&
    !last.perUnit &&
    row.errors === 0 &&
    row.units.length === 0 &&
    ctx.desc.length > 100
  )
    return true;
  const before = row.elements.slice(0, last.index).findLast((e) => e.kind === 'text');
  if (before?.kind !== 'text' || !/:\s*$/.test(before.text)) return false;
  const label = before.text.replace(/:\s*$/, '').trim();
  const kind = totalKind(label);
  if (kind) {
    st.totals.push({
      line: ctx.lineNo,
      kind,
      description: label,
      value: last.value,
      sheet: st.sheet,
      section: st.section,
    });
    return true;
  }
  return IDENTIFIER_RE.test(label);
}
