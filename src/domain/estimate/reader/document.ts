/**
 * The document out of the reader's state: line items with their trades, the totals the document
 * states (the total of works read as the final figure less what it lists as not work), problems
 * and notes, facts by vote.
 */
import { classifyAs, classifyLine } from '../lexicon.js';
import { findDate, formatMoney, roundMoney } from '../numbers.js';
import { TOTAL_MISMATCH_TOLERANCE } from '../rates.js';
import type { EstimateChoice, EstimateDocument, EstimateLineItem, EstimateProblem } from '../types.js';
import { decideCurrency } from './currency.js';
import { live, UNPRICED_SHEET } from './finish.js';
import { buildLedger, finalTotal, readWithDoubt, reconcile } from './ledger.js';
import type { ReaderState } from './state.js';
import { short, topVote, where } from './util.js';

function toItem(d: ReaderState['drafts'][number]): EstimateLineItem {
  const cls = d.trade ? classifyAs(d.tradeText, d.trade) : classifyLine(d.tradeText, d.section ?? d.sheet);
  const item: EstimateLineItem = {
    line: d.line,
    code: d.code,
    description: d.description,
    quantity: d.quantity,
    unit: d.unit,
    unitCost: d.unitCost,
    amount: d.amount,
    section: d.section ?? d.sheet,
    trade: cls.trade,
    kind: d.kind,
  };
  if (d.sheet) item.sheet = d.sheet;
  if (d.percent !== null) item.percent = d.percent;
  if (d.trade) item.tradeCorrected = true;
  return item;
}

export function buildDocument(
  st: ReaderState,
  problems: EstimateProblem[],
  extra: { columnLines?: readonly number[]; choices?: EstimateChoice[] } = {},
): EstimateDocument {
  const { notes, charges, totals } = st;
  const currency = decideCurrency(st);
  const lineItems = live(st.drafts).map(toItem);
  const sum = (list: readonly EstimateLineItem[]) => list.reduce((s, i) => s + (i.amount ?? 0), 0);
  const itemsTotal = roundMoney(sum(lineItems.filter((i) => i.kind === 'work')));
  const allowanceTotal = roundMoney(sum(lineItems.filter((i) => i.kind === 'allowance')));
  const chargesTotal = roundMoney(charges.reduce((s, c) => s + (c.amount ?? 0), 0));

  const brokenTotals = totals.filter((t) => t.value === null);
  for (const t of brokenTotals)
    problems.push({
      code: 'broken-total',
      message: `${where(t.sheet, t.line)}: "${short(t.description)}" reads #REF! (a broken spreadsheet formula).`,
    });
  const { final, broken: finalBroken } = finalTotal(totals);
  let statedTotal: number | null = null;
  let grandTotal: number | null = null;
  if (final?.value != null) {
    grandTotal = final.value;
    const readings = [
      final.value - chargesTotal - allowanceTotal,
      final.value - chargesTotal,
      final.value - allowanceTotal,
      final.value,
    ];
    statedTotal = roundMoney(
      readings.reduce((best, r) => (Math.abs(r - itemsTotal) < Math.abs(best - itemsTotal) ? r : best)),
    );
    if (statedTotal !== final.value)
      notes.push(
        `The total of works is the document's "${short(final.description, 40)}" ${formatMoney(final.value, currency)} less its ${[chargesTotal ? 'charges (not work)' : '', allowanceTotal ? 'allowances' : ''].filter(Boolean).join(' and ')}: ${formatMoney(statedTotal, currency)}.`,
      );
  } else if (finalBroken) {
    notes.push("The document's grand total is broken (#REF!), so it states no usable total of works.");
  }
  if (st.brokenCells > 0 && brokenTotals.length === 0)
    problems.push({
      code: 'broken-cells',
      message: `${st.brokenCells} cells of the estimate read #REF! or another spreadsheet error.`,
    });
  if (
    statedTotal !== null &&
    statedTotal > 0 &&
    Math.abs(statedTotal - itemsTotal) > statedTotal * TOTAL_MISMATCH_TOLERANCE
  ) {
    problems.push({
      code: 'total-mismatch',
      message: `The items add up to ${formatMoney(itemsTotal, currency)} but the document states ${formatMoney(statedTotal, currency)} (a difference of ${formatMoney(itemsTotal - statedTotal, currency)}).`,
    });
  }
  if (lineItems.filter((i) => i.kind === 'work').length === 0)
    problems.push({
      code: 'no-items',
      message: 'No priced or measured line items could be read from the document.',
    });
  if (charges.length > 0)
    notes.push(
      `Not work (no task): ${charges.map((c) => `${short(c.description, 40)}${c.amount !== null ? ` ${formatMoney(c.amount, currency)}` : ''}`).join('; ')}.`,
    );
  const allowances = lineItems.filter((i) => i.kind === 'allowance');
  if (allowances.length > 0)
    notes.push(
      `Allowances and contingencies (budget, no task): ${allowances.map((a) => `${short(a.description, 40)}${a.amount !== null ? ` ${formatMoney(a.amount, currency)}` : ''}`).join('; ')}.`,
    );

  const lines = buildLedger(st);
  const reconciliation = reconcile(st, lines, {
    planned: itemsTotal,
    allowances: allowanceTotal,
    charges: chargesTotal,
    columnLines: extra.columnLines ?? [],
  });
  const unclear = lines.filter(
    (l) =>
      l.amount !== null && ((l.disposition === 'unclear' && l.reason !== UNPRICED_SHEET) || readWithDoubt(l)),
  );
  if (unclear.length > 0)
    problems.push({
      code: 'unclear-lines',
      message: `${unclear.length} line${unclear.length === 1 ? '' : 's'} with amounts could not be read with confidence: ${unclear
        .slice(0, 5)
        .map((l) => `${where(l.sheet ?? null, l.line)} "${short(l.text, 40)}" (${l.reason})`)
        .join('; ')}${unclear.length > 5 ? '…' : ''}.`,
    });
  const monthFirst = currency !== 'INR' && !st.decimalComma;
  const dates = [
    ...new Set(st.dateTexts.map((t) => findDate(t, monthFirst)).filter((d): d is string => d !== null)),
  ];
  return {
    items: lineItems,
    statedTotal,
    itemsTotal,
    currency,
    facts: {
      projectName: topVote(st.factVotes.projectName),
      client: topVote(st.factVotes.client),
      address: topVote(st.factVotes.address),
      dates,
    },
    problems,
    notes,
    grandTotal,
    allowanceTotal,
    chargesTotal,
    charges: charges.map((c) => ({
      line: c.line,
      description: c.description,
      amount: c.amount,
      percent: c.percent,
    })),
    lines,
    reconciliation,
    choices: extra.choices ?? [],
  };
}
