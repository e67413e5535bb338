import ExcelJS from 'exceljs';
import { cellText, plainValueText, rowLine, type SheetRows, workbookText } from './cells.js';
import { extractError } from './errors.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

type CellValue = ExcelJS.CellValue;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A cell's value as text, and its error code when it is an error (`#REF!`, `#DIV/0!` …). */
export function valueText(value: CellValue | undefined): { text: string; error?: string } {
  if (!isObject(value) || value instanceof Date) return plainValueText(value as never);
  if ('error' in value && typeof value.error === 'string') return { text: value.error, error: value.error };
  if ('richText' in value && Array.isArray(value.richText)) {
    return { text: value.richText.map((r) => r.text).join('') };
  }
  if ('formula' in value || 'sharedFormula' in value) {
    // The value the spreadsheet program computed and saved with the file.
    const result = (value as { result?: CellValue }).result;
    if (result === undefined) {
      // No cached value: a formula that only refers to a broken reference still shows as #REF!.
      const formula = String((value as { formula?: string }).formula ?? '');
      return formula.includes('#REF!') ? { text: '#REF!', error: '#REF!' } : { text: '' };
    }
    return valueText(result);
  }
  if ('text' in value) return valueText((value as { text: CellValue }).text);
  return { text: '' };
}

/**
 * Parts of a sheet that carry no text: skipped while loading. ExcelJS expands every data-validation
 * range into one entry per cell, which made a cost workbook with whole-column drop-downs take ten
 * seconds to open; formatting rules, pictures and page setup cost time and say nothing either.
 */
export const UNREAD_SHEET_PARTS = [
  'dataValidations',
  'conditionalFormatting',
  'picture',
  'drawing',
  'extLst',
  'pageSetup',
  'headerFooter',
  'rowBreaks',
];

/**
 * A workbook as text: every sheet under `## Sheet: <name>`, one tab-joined line per row, formulas as
 * their cached values, error cells as their code (counted in the warnings), merged cells once.
 */
export async function extractXlsx(bytes: Uint8Array, ctx: ExtractContext): Promise<ParsePdfResponse> {
  const { fileName } = ctx.source;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never, {
      ignoreNodes: UNREAD_SHEET_PARTS,
    });
  } catch {
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as an Excel workbook: the file is damaged or not a real .xlsx. Save it again from the spreadsheet program and upload it.`,
    );
  }
  const sheets: SheetRows[] = [];
  for (const sheet of workbook.worksheets) {
    const errors = new Map<string, number>();
    const rowLines: string[] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      while (rowLines.length < rowNumber - 1) rowLines.push('');
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        while (cells.length < col - 1) cells.push('');
        // A merged range's value belongs to its top-left cell; the others stay empty.
        if (cell.isMerged && cell.master.address !== cell.address) {
          cells.push('');
          return;
        }
        const { text, error } = valueText(cell.value);
        if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
        cells.push(cellText(text));
      });
      rowLines.push(rowLine(cells));
    });
    sheets.push({ name: sheet.name, lines: rowLines, errors });
  }
  const { content, warnings, anyText } = workbookText(sheets);
  if (!anyText) throw extractError('empty', `"${fileName}" has no filled cells.`);
  return {
    content,
    pages: workbook.worksheets.length,
    ocr: false,
    format: 'xlsx',
    warnings,
  };
}
