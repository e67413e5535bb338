/**
 * `readEstimate`: estimate text (the layout of `POST /api/parse-pdf`) → line items, sections,
 * totals, charges, allowances, facts and problems. See README.md for what the totals mean.
 *
 * A line-by-line state machine (`reader/state.ts`): each line goes to the first handler that
 * takes it (sheet, facts, structure, continuation, measurement row, total, text line, priced
 * line), then a second pass sets aside what is not work and the document is assembled.
 */

import { documentKind } from './document-kind.js';
import { currencyOfPlace, detectDecimalComma, parseUnit, type ReadUnit } from './numbers.js';
import { handleAfterTotalHeading, settleAlternates } from './reader/alternates.js';
import { bidSummaryPrePass } from './reader/bid-summary.js';
import { bidTabPrePass, type PrePass } from './reader/bid-tab.js';
import { handleContactLine } from './reader/contact.js';
import { applyCorrections } from './reader/corrections.js';
import { countCurrency } from './reader/currency.js';
import { buildDocument } from './reader/document.js';
import { handleFacts } from './reader/facts.js';
import { handleLabelledField } from './reader/fields.js';
import {
  checkProducts,
  computePercentages,
  dropUnpriced,
  live,
  markRollups,
  markSubtotalLines,
  markTradeRecaps,
  markZeroLines,
} from './reader/finish.js';
import { readLookalikes } from './reader/ocr-letters.js';
import { blankContents, blankPageFurniture, splitPages, withoutFooter } from './reader/pages.js';
import { handlePositionBody, handlePositionHead } from './reader/positions.js';
import { handleMeasuredQuantity, handlePricedLine } from './reader/priced-line.js';
import { handleRecapLine, handleRecapStart, keepLoneRecap } from './reader/recap.js';
import { markRecapBlocks } from './reader/recap-block.js';
import { markRestated } from './reader/restated.js';
import {
  handleItemDescription,
  handleItemHead,
  handlePendingPrice,
  handleTrailingText,
} from './reader/split-items.js';
import { type ChargeLine, type LineContext, newState, type ReaderState } from './reader/state.js';
import { handleContinuation, handleSheet, handleStructure } from './reader/structure.js';
import { positionalRow } from './reader/table.js';
import { handleMeasurementRow, handleTextLine, handleTotal } from './reader/text-lines.js';
import { chooseModel, markDuplicateSheets } from './reader/workbook.js';
import { parseRow } from './rows.js';
import type {
  EstimateChoice,
  EstimateCorrections,
  EstimateDocument,
  EstimateProblem,
  EstimateToPlanOptions,
} from './types.js';

export { sectionHint } from './lexicon.js';
export { short, where } from './reader/util.js';
export type { ChargeLine };

/** The result of the reading pass, richer than the document (for plan building). */
export interface ReadResult {
  document: EstimateDocument;
  charges: ChargeLine[];
}

export function readEstimate(text: string, options: EstimateToPlanOptions = {}): EstimateDocument {
  return readEstimateDetailed(text, options).document;
}

/** The handlers in the order they are tried; the first that takes the line ends its reading. */
const HANDLERS: readonly ((st: ReaderState, ctx: LineContext) => boolean)[] = [
  handleFacts,
  handleLabelledField,
  handleContactLine,
  handlePositionHead,
  handlePositionBody,
  handleStructure,
  handleContinuation,
  handlePendingPrice,
  handleTrailingText,
  handleItemHead,
  handleItemDescription,
  handleMeasurementRow,
  handleRecapStart,
  handleAfterTotalHeading,
  handleRecapLine,
  handleTotal,
  handleTextLine,
  handleMeasuredQuantity,
  handlePricedLine,
];

/** A row read by its table's columns: tab-separated, or as many space-separated cells as the header. */
function positionalOf(st: ReaderState, rawLine: string) {
  const table = st.table;
  if (!table || table.measurement) return null;
  if (rawLine.includes('\t'))
    return table.columns ? positionalRow(rawLine, table.columns, st.decimalComma) : null;
  const cells = rawLine.trim().split(/\s{2,}/);
  if (!table.spacedColumns || cells.length !== table.spacedColumns.length) return null;
  return positionalRow(cells.join('\t'), table.spacedColumns, st.decimalComma);
}

function lineContext(st: ReaderState, written: string, lineNo: number): LineContext {
  // Letters a scan read for digits inside a figure are read as those digits, and remembered.
  const lookalikes = readLookalikes(written, st.decimalComma);
  if (lookalikes) st.lookalikes.set(lineNo, lookalikes.cells);
  const rawLine = lookalikes?.line ?? written;
  const positional = positionalOf(st, rawLine);
  // A positional row is rewritten with plain numbers (`1234.5`), whatever the document's style.
  const row = positional ? parseRow(positional.line) : parseRow(rawLine, st.decimalComma);
  const joined = row.cells.join(' ').replace(/\s+/g, ' ').trim();
  // Dot leaders (`TOTAL CAPÍTULO C01 ……………  589.775,73`) are layout, not words.
  const desc = row.description.replace(/\s*\.{4,}\s*/g, ' ').trim();
  return { lineNo, rawLine, trimmed: rawLine.trim(), row, positional, desc, joined };
}

/**
 * The reading before the user's corrections: the lines read, set aside and settled by the choices.
 * It depends on the text and the choices only, so a review can keep it and apply each new set of
 * corrections to a copy (`estimateReader`).
 */
interface Uncorrected {
  st: ReaderState;
  problems: EstimateProblem[];
  choices: EstimateChoice[];
  columnLines: PrePass['columnLines'];
  questions: string[];
  model: ReturnType<typeof chooseModel>;
}

function readUncorrected(text: string, choices: EstimateToPlanOptions['choices']): Uncorrected {
  const { lines: source, page } = splitPages(semicolonRows(text));
  blankPageFurniture(source, page);
  blankContents(source, page);
  const bidTabs = bidColumns(source, page, choices);
  const lines = bidTabs.lines;
  const st = newState(detectDecimalComma(text), currencyOfPlace(text.slice(0, 20_000)));
  st.setAside.push(...bidTabs.setAside);
  st.notes.push(...bidTabs.notes);
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    if (handleSheet(st, line.trim())) return;
    const rawLine = withoutFooter(line);
    if (rawLine === null) return;
    const ctx = lineContext(st, rawLine, index + 1);
    if (ctx.positional?.section && ctx.positional.section !== st.section) {
      st.section = ctx.positional.section;
      st.headings.push({ sheet: st.sheet, section: st.section, line: ctx.lineNo });
    }
    countCurrency(st, ctx);
    for (const handle of HANDLERS) if (handle(st, ctx)) return;
  });

  const problems: EstimateProblem[] = [];
  keepLoneRecap(st);
  dropUnpriced(st);
  markZeroLines(st);
  markRecapBlocks(st);
  markSubtotalLines(st);
  markTradeRecaps(st);
  markDuplicateSheets(st);
  markRestated(st);
  const settled = [...bidTabs.choices];
  const model = chooseModel(st, choices);
  if (model) settled.push(model);
  settled.push(...settleAlternates(st, live(st.drafts), choices));
  checkProducts(st);
  const groups = markRollups(st, problems);
  computePercentages(st, groups);
  return {
    st,
    problems,
    choices: settled,
    columnLines: bidTabs.columnLines,
    questions: bidTabs.questions,
    model,
  };
}

/** The user's corrections over a reading, and the document assembled from the result. */
function corrected(
  text: string,
  read: Uncorrected,
  corrections: EstimateCorrections | undefined,
): ReadResult {
  const { st, problems, choices, model } = read;
  applyCorrections(st, corrections);
  const document = buildDocument(st, problems, { choices, columnLines: read.columnLines });
  document.kind = documentKind(text, document.items);
  if (model && model.chosen === null) requireChoice(document, model.question, model.options);
  for (const question of read.questions)
    document.problems.push({ code: 'choice-required', message: question });
  return { document, charges: st.charges };
}

export function readEstimateDetailed(text: string, options: EstimateToPlanOptions = {}): ReadResult {
  return corrected(text, readUncorrected(text, options.choices), options.corrections);
}

/**
 * One estimate's text read again and again, as the review does after each correction: the reading
 * before corrections is kept for the last choices, and each call applies its corrections to a copy
 * of it, so a correction costs the assembly of the document, not a reading of every line. The
 * result is the same as `readEstimate(text, options)`.
 */
export function estimateReader(text: string): (options?: EstimateToPlanOptions) => EstimateDocument {
  let kept: { key: string; read: Uncorrected } | null = null;
  return (options = {}) => {
    const key = JSON.stringify(options.choices ?? null);
    if (kept?.key !== key) kept = { key, read: readUncorrected(text, options.choices) };
    return corrected(text, copyForCorrections(kept.read), options.corrections).document;
  };
}

/**
 * A copy of a kept reading that the corrections and the document's assembly can change: they
 * replace the lists of lines, charges, lines set aside and totals, push notes and problems, and set
 * a line draft's role, trade or exclusion (never a field inside one), so those are copied and the
 * rest is shared. A whole deep copy costs more than the assembly itself on a long estimate.
 */
function copyForCorrections(read: Uncorrected): Uncorrected {
  const st = read.st;
  return {
    ...read,
    st: {
      ...st,
      drafts: st.drafts.map((d) => ({ ...d })),
      charges: [...st.charges],
      setAside: [...st.setAside],
      totals: [...st.totals],
      notes: [...st.notes],
    },
    problems: [...read.problems],
  };
}

/** Bid summaries, then bid tabulations: each leaves one bidder's prices in the lines. */
function bidColumns(
  source: readonly string[],
  page: readonly number[],
  choices: EstimateToPlanOptions['choices'],
): PrePass {
  const summary = bidSummaryPrePass(source, page, choices);
  const tabs = bidTabPrePass(summary.lines, choices);
  return {
    lines: tabs.lines,
    columnLines: [...summary.columnLines, ...tabs.columnLines],
    choices: [...summary.choices, ...tabs.choices],
    setAside: [...summary.setAside, ...tabs.setAside],
    notes: [...summary.notes, ...tabs.notes],
    questions: [...summary.questions, ...tabs.questions],
  };
}

/** Text pasted from a `;`-separated file (no tabs): its separators are the columns. */
function semicolonRows(text: string): string {
  if (text.includes('\t')) return text;
  const lines = text.split('\n').filter((l) => l.trim());
  const rows = lines.filter((l) => (l.match(/;/g) ?? []).length >= 2);
  return rows.length >= 3 && rows.length >= lines.length * 0.5 ? text.replace(/;/g, '\t') : text;
}

/** A question the plan cannot go on without: the document plans nothing until it is answered. */
function requireChoice(document: EstimateDocument, question: string, options: { label: string }[]): void {
  const message = `${question} Options: ${options.map((o) => o.label).join('; ')}.`;
  document.problems = document.problems.filter((p) => p.code !== 'no-items' && p.code !== 'total-mismatch');
  document.problems.push({ code: 'choice-required', message }, { code: 'no-items', message });
}

/** Exposed for tests: the unit a row's quantity is in. */
export function unitOf(raw: string): ReadUnit | null {
  return parseUnit(raw);
}
