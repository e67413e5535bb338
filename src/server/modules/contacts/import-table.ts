/**
 * An imported contact list as a table: the header row and the data rows, each with its row number
 * as a spreadsheet shows it. CSV is parsed here (csv-parse; the delimiter detected as the estimate
 * reader does); an .xlsx workbook is read by the estimate reader's spreadsheet reader, in its
 * reader process (a damaged or hostile workbook costs that process, never the server), and its first
 * sheet with any text is used.
 */
import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../contracts/contacts-import.js';
import { AppError, badRequest } from '../../errors.js';
import { detectDelimiter } from '../../providers/extract/csv.js';
import { extensionOf, sniffContent } from '../../providers/extract/file-kind.js';
import { decodeText } from '../../providers/extract/text-decode.js';

export interface ImportRow {
  /** The row's number in the file or sheet (the first row is 1). */
  line: number;
  cells: string[];
}

export interface ImportTable {
  headers: string[];
  rows: ImportRow[];
}

export interface ImportFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Reads a workbook as the estimate reader's text: sheets under `## Sheet: <name>`, rows as tab-joined lines. */
export type WorkbookReader = (file: ImportFile) => Promise<string>;

const SHEET_HEADING = '## Sheet: ';

const unsupported = () =>
  new AppError(415, 'unsupported_import_file', 'Import a CSV file or an Excel workbook (.xlsx)');

const tooManyRows = (rows: number | string) =>
  new AppError(
    413,
    'too_many_rows',
    `The file has ${rows} contacts; at most ${MAX_IMPORT_ROWS} can be imported at once. Split it and import the parts.`,
  );

function parseCsv(file: ImportFile): string[][] {
  const text = decodeText(file.bytes);
  // A list longer than can be imported is refused as soon as that is known: the file is parsed in
  // the server's own process, and parsing hundreds of thousands of rows whole holds it for seconds.
  let filled = 0;
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        if (!isBlank(record) && ++filled > MAX_IMPORT_ROWS + 1) {
          throw tooManyRows(`more than ${MAX_IMPORT_ROWS}`);
        }
        return record;
      },
    }) as string[][];
  } catch (err) {
    if (err instanceof AppError) throw err;
    const reason = (err as Error).message.split('\n')[0] ?? 'malformed';
    throw new AppError(
      422,
      'unreadable_import_file',
      `"${file.fileName}" could not be read as CSV: ${reason}.`,
    );
  }
}

/**
 * The rows of the first sheet that has any text, from the reader's layout. A row whose first cell
 * itself reads "## Sheet: …" would be taken for a sheet heading; a contact list has none.
 */
export function firstSheetRows(content: string): string[][] {
  const sheets: string[][][] = [];
  for (const line of content.split('\n')) {
    if (line.startsWith(SHEET_HEADING) && !line.includes('\t')) sheets.push([]);
    else sheets.at(-1)?.push(line.split('\t'));
  }
  return sheets.find((rows) => rows.some((cells) => cells.some((c) => c.trim() !== ''))) ?? [];
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** A cell as kept: trimmed, without NUL characters (which no text column can hold). */
const cleanCell = (cell: string | undefined) => (cell ?? '').replaceAll('\u0000', '').trim();

/** The header row (the first row with any text) and the data rows after it, blank rows left out. */
export function tableOf(records: readonly string[][]): ImportTable {
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) throw badRequest('The file has no rows', undefined, 'import_file_empty');
  let width = 0;
  for (let i = headerIndex; i < records.length; i++) width = Math.max(width, records[i]?.length ?? 0);
  width = Math.min(width, MAX_IMPORT_COLUMNS);
  const header = records[headerIndex] ?? [];
  const headers = Array.from({ length: width }, (_, i) => cleanCell(header[i]) || `Column ${i + 1}`);
  const rows: ImportRow[] = [];
  records.forEach((cells, i) => {
    if (i <= headerIndex || isBlank(cells)) return;
    rows.push({ line: i + 1, cells: cells.slice(0, width).map(cleanCell) });
  });
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  return { headers, rows };
}

export async function readImportTable(file: ImportFile, readWorkbook: WorkbookReader): Promise<ImportTable> {
  if (file.bytes.byteLength === 0) throw badRequest('The file is empty', undefined, 'import_file_empty');
  const kind = sniffContent(file.bytes);
  if (kind === 'xlsx') return tableOf(firstSheetRows(await readWorkbook(file)));
  if (kind === 'ole' || extensionOf(file.fileName) === 'xls') {
    throw new AppError(
      415,
      'unsupported_import_file',
      'Save the spreadsheet as .xlsx (Excel Workbook) or CSV and import it again',
    );
  }
  if (kind !== 'text') throw unsupported();
  return tableOf(parseCsv(file));
}
