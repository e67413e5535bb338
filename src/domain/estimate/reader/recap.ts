/**
 * Recaps: a summary of lines itemised elsewhere (`RESUMEN DE PRESUPUESTO`, `Cost summary`, a
 * table whose columns are the scopes read above: `SCOPE  BRICK  STUCCO  EIFS`). Its lines are
 * never counted again. Within it, lines above its total are the breakdown (material, labour, tax);
 * charges after the total (markup, overhead, IVA) are additions unless they restate an earlier one.
 */
import { CHARGE_RE, isAllowance, normalise, totalKind } from '../lexicon.js';
import { roundMoney } from '../numbers.js';
import { handlePricedLine } from './priced-line.js';
import { type LineContext, type ReaderState, setAside } from './state.js';

const RECAP_TITLE_RE =
  /(?:^|\s|\d)(?:resumen(?: de presupuestos?| general)?|recap(?:itulation)?|(?:cost|estimate|bid|budget|project|hard cost|soft cost|scope|trade|division|section) summary|summary(?: of (?:costs?|estimate|bid|prices)| by (?:trade|division|section|scope|phase|category))?)\s*:?$/i;

/** A text-only line that opens a recap: a summary title, or a row naming the scopes read above. */
export function handleRecapStart(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc } = ctx;
  if (row.numbers.length > 0 || row.errors > 0 || !desc) return false;
  if (RECAP_TITLE_RE.test(normalise(desc)) && desc.length <= 80) {
    st.recap = { columns: 0, totalSeen: false, seen: new Map() };
    return true;
  }
  const cells = row.cells.map((c) => normalise(c));
  const sections = new Set(st.headings.map((h) => normalise(h.section)));
  const named = cells.filter(
    (c) => c.length >= 3 && [...sections].some((s) => s === c || s.endsWith(` ${c}`) || s.endsWith(`:${c}`)),
  );
  if (named.length >= 2 && named.length >= cells.length - 1) {
    st.recap = { columns: named.length, totalSeen: false, seen: new Map() };
    return true;
  }
  return false;
}

/** A line with figures inside a recap. */
export function handleRecapLine(st: ReaderState, ctx: LineContext): boolean {
  const recap = st.recap;
  if (!recap) return false;
  const { row, desc } = ctx;
  const nums = row.numbers.filter((n) => !n.percent);
  if (nums.length === 0) return row.numbers.length > 0; // percentages only (`MARKUP %  22 %  22 %`)
  // A table of scopes adds its columns; a one-column recap's figure is its largest (a share % may follow).
  const amount = roundMoney(
    recap.columns >= 2
      ? nums.slice(-recap.columns).reduce((s, n) => s + n.value, 0)
      : Math.max(...nums.map((n) => n.value)),
  );
  const percent = /^\s*([\d.,]+)\s*%/.exec(desc);
  const label = normalise(desc)
    .replace(/^[\d.,]+\s*%\s*/, '')
    .replace(/[.:\s]+$/, '');
  // The same label (or one it starts with: columns of notes may be interleaved) with the same figure.
  const restated = [...recap.seen].some(
    ([seen, value]) =>
      (seen === label || (seen.length >= 3 && label.startsWith(`${seen} `))) &&
      Math.abs(value - amount) <= Math.max(1, amount * 0.0005),
  );
  if (restated) {
    setAside(st, ctx, 'recap', 'restates a line of the recap above', amount);
    return true;
  }
  recap.seen.set(label, amount);
  const total = label ? totalKind(desc) : null;
  if (total) {
    recap.totalSeen = true;
    if (nums.length === 1) return false; // the recap's own total: a document total
    setAside(st, ctx, 'recap', "the recap's column totals", amount);
    return true;
  }
  // An allowance in a titled summary that restates nothing above is an addition of its own.
  if (recap.columns === 0 && isAllowance(desc, null)) {
    recap.seen.delete(label);
    return false;
  }
  // In a table of scopes the rows above its total are the breakdown (tax included); in a titled
  // summary a charge is an addition.
  if (CHARGE_RE.test(label) && (recap.totalSeen || recap.columns === 0)) {
    const share = percent?.[1] ? Number(percent[1].replace(',', '.')) : null;
    st.charges.push({
      line: ctx.lineNo,
      description: desc,
      amount,
      percent: share !== null && Number.isFinite(share) ? share : null,
      sheet: st.sheet,
    });
    return true;
  }
  // Nothing itemised yet: the summary may come first, or be all the document prices. Read it as
  // items set aside for now; they stand if nothing else is priced (see `keepLoneRecap`).
  if (!st.drafts.some((d) => d.amount !== null && !d.excluded) && handlePricedLine(st, ctx)) {
    const d = st.drafts[st.drafts.length - 1];
    if (d && d.line === ctx.lineNo) {
      d.excluded = { disposition: 'recap', reason: 'a summary of lines itemised elsewhere' };
      d.loneRecap = true;
      return true;
    }
  }
  setAside(st, ctx, 'recap', 'a summary of lines itemised elsewhere', amount);
  return true;
}

/** A recap with nothing itemised anywhere else is the document's only pricing: its lines are the items. */
export function keepLoneRecap(st: ReaderState): void {
  const priced = st.drafts.some((d) => d.amount !== null && !d.excluded && !d.measured);
  if (priced) return;
  for (const d of st.drafts) if (d.loneRecap) delete d.excluded;
}
