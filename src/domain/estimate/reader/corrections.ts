/**
 * The user's corrections to a reading (the estimate review), applied over what the reader found
 * and before the document is assembled, so the items, the ledger and the reconciliation all follow
 * them: a line's role (work, allowance, charge, option, exclusion, recap, ignored) or trade, a whole
 * sheet ignored or marked another model or a repeat, everything after a line an option, and the
 * document's total as the user reads it. A correction names the line by its number in the text.
 */
import type { CorrectedRole, EstimateCorrections, LineDisposition } from '../types.js';
import { type Draft, newDraft, type ReaderState } from './state.js';

const YOURS = 'your correction';

const EXCLUDING: Partial<Record<CorrectedRole, LineDisposition>> = {
  option: 'option',
  exclusion: 'exclusion',
  recap: 'recap',
  ignore: 'exclusion',
};

/** A line the user wants planned, made from a charge or a line set aside. */
function draftOf(line: number, sheet: string | null, text: string, amount: number | null): Draft {
  return { ...newDraft(line, null, text, null, sheet), amount, amountOnly: true, confident: true };
}

function setRole(st: ReaderState, line: number, role: CorrectedRole): void {
  const drafts = st.drafts.filter((d) => d.line === line);
  const charge = st.charges.find((c) => c.line === line);
  const aside = st.setAside.find((s) => s.line === line && s.amount !== null);
  // A line read as one of the document's totals is no longer a total once the user plans it.
  const total = st.totals.find((t) => t.line === line && t.value !== null);
  if (role === 'work' || role === 'allowance') {
    if (drafts.length === 0 && (charge || aside || total)) {
      let from: Draft;
      if (charge) {
        from = draftOf(line, charge.sheet, charge.description, charge.amount);
        st.charges = st.charges.filter((c) => c !== charge);
      } else if (aside) {
        from = draftOf(line, aside.sheet ?? null, aside.text, aside.amount);
        st.setAside = st.setAside.filter((s) => s !== aside);
      } else {
        from = draftOf(line, total?.sheet ?? null, total?.description ?? '', total?.value ?? null);
        st.totals = st.totals.filter((t) => t !== total);
      }
      st.drafts.push(from);
      drafts.push(from);
    }
    for (const d of drafts) {
      delete d.excluded;
      d.kind = role;
    }
    return;
  }
  if (role === 'charge') {
    for (const d of drafts.filter((x) => !x.excluded))
      st.charges.push({
        line,
        description: d.description,
        amount: d.amount,
        percent: d.percent,
        sheet: d.sheet,
      });
    st.drafts = st.drafts.filter((d) => d.line !== line);
    return;
  }
  const disposition = EXCLUDING[role] ?? 'exclusion';
  const reason =
    role === 'ignore' ? `ignored (${YOURS})` : `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} (${YOURS})`;
  for (const d of drafts) d.excluded = { disposition, reason };
  if (charge) {
    st.charges = st.charges.filter((c) => c !== charge);
    st.setAside.push({
      line,
      sheet: charge.sheet,
      text: charge.description,
      amount: charge.amount,
      disposition,
      reason,
    });
  }
}

function setSheet(
  st: ReaderState,
  sheet: string,
  what: NonNullable<EstimateCorrections['sheets']>[string],
): void {
  const disposition: LineDisposition = what === 'ignore' ? 'exclusion' : what;
  const reason =
    what === 'ignore'
      ? `the sheet is ignored (${YOURS})`
      : what === 'duplicate'
        ? `the sheet repeats another (${YOURS})`
        : `another model (${YOURS})`;
  for (const d of st.drafts) if (d.sheet === sheet) d.excluded = { disposition, reason };
  for (const c of st.charges.filter((x) => x.sheet === sheet))
    st.setAside.push({ line: c.line, sheet, text: c.description, amount: c.amount, disposition, reason });
  st.charges = st.charges.filter((c) => c.sheet !== sheet);
  st.totals = st.totals.filter((t) => t.sheet !== sheet);
}

export function applyCorrections(st: ReaderState, corrections: EstimateCorrections | undefined): void {
  if (!corrections) return;
  for (const [sheet, what] of Object.entries(corrections.sheets ?? {})) setSheet(st, sheet, what);
  const after = corrections.optionsAfter;
  if (after != null) {
    for (const d of st.drafts)
      if (d.line > after && !d.excluded)
        d.excluded = { disposition: 'option', reason: `after line ${after}: an option (${YOURS})` };
    for (const c of st.charges.filter((x) => x.line > after))
      st.setAside.push({
        line: c.line,
        sheet: c.sheet,
        text: c.description,
        amount: c.amount,
        disposition: 'option',
        reason: YOURS,
      });
    st.charges = st.charges.filter((c) => c.line <= after);
  }
  for (const [key, { role, trade }] of Object.entries(corrections.lines ?? {})) {
    const line = Number(key);
    if (!Number.isInteger(line) || line < 1) continue;
    if (role) setRole(st, line, role);
    if (trade) for (const d of st.drafts) if (d.line === line) d.trade = trade;
  }
  const total = corrections.statedTotal;
  if (total != null && Number.isFinite(total) && total > 0) {
    st.totals = st.totals.filter((t) => t.kind === 'subtotal');
    st.totals.push({
      line: 0,
      kind: 'grand',
      description: `Total (${YOURS})`,
      value: total,
      sheet: null,
      section: null,
    });
  }
}
