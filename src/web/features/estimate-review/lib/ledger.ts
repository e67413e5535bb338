/**
 * The review's ledger: every line of the estimate that carries an amount, in the document's order,
 * grouped by sheet and, within a sheet, by page and section where the document has them; each line
 * as it is read now (with the corrections) beside what it was as read. Pure.
 */
import type { EstimateCorrectionsBody } from '@/contracts/estimate-review';
import type { EstimateSourceLine, Trade } from '@/domain/estimate/types';
import type { CorrectedRole, CorrectedSheet } from './corrections';
import type { AsReadLine, Reading } from './reading-types';

export interface LedgerLine {
  kind: 'line';
  key: string;
  /** The line as read now (its disposition and reason follow the corrections). */
  line: EstimateSourceLine;
  asRead: AsReadLine;
  /** The trade its planned item carries now (null: the line is not planned). */
  trade: Trade | null;
  role: CorrectedRole | undefined;
  tradeCorrection: string | undefined;
}

export interface LedgerSheet {
  kind: 'sheet';
  key: string;
  sheet: string;
  lines: number;
  /** The sheet's planned lines (work and allowances) now. */
  planned: number;
  correction: CorrectedSheet | undefined;
}

export interface LedgerHeading {
  kind: 'heading';
  key: string;
  label: string;
}

/** Where the options begin (the user's "everything after line N"). */
export interface LedgerOptionsStart {
  kind: 'options-start';
  key: string;
  after: number;
}

export type LedgerRow = LedgerLine | LedgerSheet | LedgerHeading | LedgerOptionsStart;

/** Each line's page (0-based), read as the reader splits pages (a form feed starts the next one). */
export function linePages(content: string): number[] {
  const parts = content.replace(/\r\n?/g, '\n').split(/(\n|\f)/);
  const pages: number[] = [];
  let page = 0;
  for (let i = 0; i < parts.length; i += 2) {
    pages.push(page);
    if (parts[i + 1] === '\f') page += 1;
  }
  return pages;
}

const PLANNED = new Set(['work', 'allowance']);

/**
 * A line the corrected reading no longer lists: a total the user's own total replaces (the reader
 * then compares with that one), else a line shown as it was read.
 */
function setAsideNow(asRead: AsReadLine, corrections: EstimateCorrectionsBody): EstimateSourceLine {
  const replaced = corrections.statedTotal != null && asRead.disposition === 'total';
  return {
    ...asRead,
    reason: `${asRead.reason}${replaced ? '; your total is compared instead' : ' (as read)'}`,
  };
}

/** The ledger's rows: a sheet's row, then its pages' and sections' headings and its lines. */
export function ledgerRows(
  reading: Reading,
  pages: readonly number[],
  corrections: EstimateCorrectionsBody,
): LedgerRow[] {
  const now = new Map<number, EstimateSourceLine>();
  for (const line of reading.document.lines ?? []) now.set(line.line, line);
  const trades = new Map<number, Trade>();
  for (const item of reading.document.items) if (!trades.has(item.line)) trades.set(item.line, item.trade);
  const lines = reading.asRead.filter((l) => l.line > 0);
  const manyPages = lines.some((l) => (pages[l.line - 1] ?? 0) > 0);

  const sheets = new Map<string, LedgerSheet>();
  const rows: LedgerRow[] = [];
  let sheet: string | null | undefined;
  let page: number | undefined;
  let section: string | null = null;
  let optionsShown = false;
  const after = corrections.optionsAfter ?? null;

  for (const asRead of lines) {
    const line = now.get(asRead.line) ?? setAsideNow(asRead, corrections);
    const lineSheet = asRead.sheet ?? null;
    if (lineSheet !== sheet) {
      sheet = lineSheet;
      page = undefined;
      section = null;
      if (lineSheet !== null) {
        const row: LedgerSheet = {
          kind: 'sheet',
          key: `sheet:${lineSheet}`,
          sheet: lineSheet,
          lines: 0,
          planned: 0,
          correction: corrections.sheets?.[lineSheet],
        };
        sheets.set(lineSheet, row);
        rows.push(row);
      }
    }
    const stats = lineSheet === null ? undefined : sheets.get(lineSheet);
    if (stats) {
      stats.lines += 1;
      if (PLANNED.has(line.disposition)) stats.planned += line.amount ?? 0;
    }
    const linePage = pages[asRead.line - 1] ?? 0;
    if (manyPages && linePage !== page) {
      page = linePage;
      section = null;
      rows.push({ kind: 'heading', key: `page:${linePage}:${asRead.line}`, label: `Page ${linePage + 1}` });
    }
    if (asRead.section && asRead.section !== section && asRead.section !== lineSheet) {
      section = asRead.section;
      rows.push({ kind: 'heading', key: `section:${asRead.line}`, label: asRead.section });
    }
    if (after !== null && !optionsShown && asRead.line > after) {
      optionsShown = true;
      rows.push({ kind: 'options-start', key: `options:${after}`, after });
    }
    const correction = corrections.lines?.[String(asRead.line)];
    rows.push({
      kind: 'line',
      key: `line:${asRead.line}`,
      line,
      asRead,
      trade: trades.get(asRead.line) ?? null,
      role: correction?.role,
      tradeCorrection: correction?.trade,
    });
  }
  return rows;
}

/** The lines the options may start after, for the "everything after line N" select. */
export function optionStarts(reading: Reading): { line: number; label: string }[] {
  return reading.asRead
    .filter((l) => l.line > 0)
    .map((l) => ({
      line: l.line,
      label: `Line ${l.line}: ${l.text.length > 60 ? `${l.text.slice(0, 59)}…` : l.text}${l.sheet ? ` (${l.sheet})` : ''}`,
    }));
}
