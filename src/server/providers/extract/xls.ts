import CFB from 'cfb';
import { type BiffSheet, readBiffWorkbook } from './biff.js';
import { BiffError } from './biff-records.js';
import { cellText, plainValueText, rowLine, type SheetRows, workbookText } from './cells.js';
import { extractError, LEGACY_XLS_MESSAGE, passwordProtected } from './errors.js';
import { checkCompoundFile } from './ole-check.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/** A sheet's cells as lines in the layout of the .xlsx reader: one tab-joined line per row from the first. */
function sheetRows(sheet: BiffSheet): SheetRows {
  const lastRow = Math.max(-1, ...sheet.rows.keys());
  // A merged range's value belongs to its top-left cell; the others stay empty.
  const hidden = new Set<string>();
  for (const m of sheet.merges) {
    for (let r = m.firstRow; r <= Math.min(m.lastRow, lastRow); r++) {
      for (const c of sheet.rows.get(r)?.keys() ?? []) {
        const inside = c >= m.firstCol && c <= m.lastCol && (r !== m.firstRow || c !== m.firstCol);
        if (inside) hidden.add(`${r}:${c}`);
      }
    }
  }
  const errors = new Map<string, number>();
  const lines: string[] = [];
  for (let r = 0; r <= lastRow; r++) {
    const values = sheet.rows.get(r);
    if (!values) {
      lines.push('');
      continue;
    }
    const cells: string[] = Array.from({ length: Math.max(...values.keys()) + 1 }, () => '');
    for (const [c, value] of values) {
      if (hidden.has(`${r}:${c}`)) continue;
      const { text, error } = plainValueText(value);
      if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
      cells[c] = cellText(text);
    }
    lines.push(rowLine(cells));
  }
  return { name: sheet.name, lines, errors };
}

/** The workbook stream of an Excel 97-2003 compound file, or why there is none to read. */
function workbookStream(bytes: Uint8Array, fileName: string): Uint8Array {
  const unreadable = (why: string) =>
    extractError(
      'corrupt',
      `"${fileName}" could not be read as an Excel 97-2003 workbook: ${why}. Save it again from the spreadsheet program (as .xlsx if it keeps failing) and upload it.`,
    );
  const problem = checkCompoundFile(bytes);
  if (problem) throw unreadable(problem);
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: 'array' });
  } catch {
    throw unreadable('the file is damaged');
  }
  const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
  if (!entry?.content?.length) throw unreadable('it holds no workbook');
  if (entry.name.toLowerCase() === 'book') {
    throw extractError(
      'legacy_spreadsheet',
      `"${fileName}" is an Excel 95 (or older) workbook. ${LEGACY_XLS_MESSAGE}`,
    );
  }
  return Uint8Array.from(entry.content);
}

/**
 * An Excel 97-2003 workbook (.xls) as text, laid out as the .xlsx reader lays out a workbook: every
 * worksheet under `## Sheet: <name>`, one tab-joined line per row, formulas as their saved values,
 * error cells as their code (counted in the warnings), merged cells once.
 */
export function extractXls(bytes: Uint8Array, ctx: ExtractContext): ParsePdfResponse {
  const { fileName } = ctx.source;
  const stream = workbookStream(bytes, fileName);
  let sheets: BiffSheet[];
  try {
    sheets = readBiffWorkbook(stream);
  } catch (err) {
    if (!(err instanceof BiffError)) throw err;
    if (err.reason === 'encrypted') throw passwordProtected(fileName);
    if (err.reason === 'old-format') {
      throw extractError(
        'legacy_spreadsheet',
        `"${fileName}" is an Excel 95 (or older) workbook. ${LEGACY_XLS_MESSAGE}`,
      );
    }
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as an Excel 97-2003 workbook: ${err.message}. Save it again from the spreadsheet program (as .xlsx if it keeps failing) and upload it.`,
    );
  }
  const { content, warnings, anyText } = workbookText(sheets.map(sheetRows));
  if (!anyText) throw extractError('empty', `"${fileName}" has no filled cells.`);
  return { content, pages: sheets.length, ocr: false, format: 'xls', warnings };
}
