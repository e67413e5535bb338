/** Shared by the spreadsheet and csv readers: a row of cells as one tab-joined line. */

/** A cell's text on one line: tabs and line breaks inside a cell become spaces. */
export function cellText(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ').trim();
}

/** Cells joined by tabs, trailing empty cells dropped (an empty row is an empty string). */
export function rowLine(cells: readonly string[]): string {
  let last = cells.length - 1;
  while (last >= 0 && cells[last] === '') last--;
  return cells.slice(0, last + 1).join('\t');
}

/** Numbers as a spreadsheet shows them without formatting: no float noise (0.1 + 0.2 → 0.3). */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  return String(Number.parseFloat(n.toPrecision(12)));
}

export const sheetHeading = (name: string) => `## Sheet: ${name}`;

/** A date cell as a day (`2024-03-01`), or a day and a time when it has one. */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
}

/** The plain values a spreadsheet cell holds (what its reader made of it). */
export type PlainCellValue = string | number | boolean | Date | { error: string } | null | undefined;

/** A plain cell value as text, and its error code when it is an error (`#REF!`, `#DIV/0!` …). */
export function plainValueText(value: PlainCellValue): { text: string; error?: string } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'number') return { text: numberText(value) };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { text: dateText(value) };
  if (typeof value === 'object' && typeof value.error === 'string')
    return { text: value.error, error: value.error };
  return { text: String(value) };
}

/** One sheet as its reader found it: a line per row (from the first row) and its error cells by code. */
export interface SheetRows {
  name: string;
  lines: string[];
  errors: ReadonlyMap<string, number>;
}

/**
 * A workbook's text: every sheet under its heading, trailing empty rows dropped; one warning per
 * error code of a sheet; and whether any cell of any sheet has text.
 */
export function workbookText(sheets: readonly SheetRows[]): {
  content: string;
  warnings: string[];
  anyText: boolean;
} {
  const parts: string[] = [];
  const warnings: string[] = [];
  let anyText = false;
  for (const sheet of sheets) {
    const rowLines = [...sheet.lines];
    while (rowLines.length > 0 && rowLines[rowLines.length - 1] === '') rowLines.pop();
    if (rowLines.some((l) => l.trim())) anyText = true;
    parts.push([sheetHeading(sheet.name), ...rowLines].join('\n'));
    for (const [code, count] of sheet.errors) {
      warnings.push(`Sheet "${sheet.name}": ${count} ${count === 1 ? 'cell is' : 'cells are'} ${code}`);
    }
  }
  return { content: parts.join('\n\n'), warnings, anyText };
}
