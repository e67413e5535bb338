import { parse } from 'csv-parse/sync';
import { cellText, rowLine, sheetHeading } from './cells.js';
import { extractError } from './errors.js';
import { decodeText, hasText } from './text-decode.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter used most consistently in the first lines (outside quotes); a comma when unsure. */
export function detectDelimiter(text: string): string {
  // Only the first lines are looked at: splitting a whole large file would cost a second.
  const lines: string[] = [];
  for (let start = 0; lines.length < 20 && start < text.length; ) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    if (line.trim()) lines.push(line);
    start = end < 0 ? text.length : end + 1;
  }
  let best: string = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.replace(/"[^"]*"/g, '').split(d).length - 1);
    const withIt = counts.filter((c) => c > 0).length;
    const score = withIt === 0 ? 0 : withIt * 1000 + Math.min(...counts.filter((c) => c > 0));
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** A csv file as one sheet of tab-joined rows; quoted delimiters stay inside their cell. */
export function extractCsv(bytes: Uint8Array, ctx: ExtractContext): ParsePdfResponse {
  const { fileName } = ctx.source;
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  if (!hasText(text)) throw extractError('empty', `"${fileName}" has no rows.`);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (err) {
    throw extractError(
      'corrupt',
      `"${fileName}" could not be read as CSV: ${(err as Error).message.split('\n')[0] ?? 'malformed'}.`,
    );
  }
  const lines = rows.map((cells) => rowLine(cells.map(cellText)));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const content = [sheetHeading(baseName(fileName)), ...lines].join('\n');
  return { content, pages: 1, ocr: false, format: 'csv', warnings: [] };
}
