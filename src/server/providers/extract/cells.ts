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
