/**
 * The cell values of an Excel 97-2003 (BIFF8) workbook stream, sheet by sheet in the workbook's
 * order: shared strings, inline labels, numbers (plain, RK, multiple RK), formulas as the result the
 * spreadsheet program saved with them, booleans and error codes. Numbers shown with a date format
 * are dates. Formatting, charts and the formulas themselves are not read.
 */
import {
  BiffError,
  type BiffRecord,
  damaged,
  ERROR_CODES,
  RecordReader,
  records,
  rkNumber,
} from './biff-records.js';

export type BiffValue = string | number | boolean | Date | { error: string };

export interface BiffSheet {
  name: string;
  /** Values by row, then by column (both from 0). */
  rows: Map<number, Map<number, BiffValue>>;
  /** Merged ranges: their value is in the top-left cell. */
  merges: { firstRow: number; lastRow: number; firstCol: number; lastCol: number }[];
}

const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const FORMAT = 0x041e;
const XF = 0x00e0;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;
const MERGECELLS = 0x00e5;

const BIFF8 = 0x0600;
const WORKSHEET = 0;

/** Built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** A custom format shows a date when, outside quoted text, escapes and [brackets], it has date parts. */
export function isDateFormat(format: string): boolean {
  const bare = format
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** A date-formatted number as the date it shows (days since 1900, or since 1904 in Mac workbooks). */
export function serialDate(serial: number, from1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (from1904 ? 1462 : 0)) * 86_400_000));
}

interface Globals {
  sheets: { name: string; offset: number }[];
  strings: string[];
  /** Per cell format (XF) index: whether it shows numbers as dates. */
  dateXf: boolean[];
  from1904: boolean;
}

function bofVersion(record: BiffRecord | undefined): number {
  if (record?.type !== BOF || record.data.length < 4) throw damaged('the workbook does not start');
  return new RecordReader(record).u16();
}

/** The shared string table: its strings, whose characters may go on across CONTINUE records. */
function sharedStrings(record: BiffRecord): string[] {
  const reader = new RecordReader(record);
  reader.u32(); // how many times strings are used
  const unique = reader.u32();
  const strings: string[] = [];
  for (let i = 0; i < unique; i++) strings.push(reader.unicodeString());
  return strings;
}

function readGlobals(stream: Uint8Array): Globals {
  const all = records(stream, 0);
  const version = bofVersion(all.next().value ?? undefined);
  if (version !== BIFF8) {
    throw new BiffError('old-format', 'the workbook was saved by Excel 95 or older');
  }
  const globals: Globals = { sheets: [], strings: [], dateXf: [], from1904: false };
  const customDate = new Map<number, boolean>();
  const xfFormats: number[] = [];
  for (const record of all) {
    if (record.type === EOF) break;
    const reader = new RecordReader(record);
    switch (record.type) {
      case FILEPASS:
        throw new BiffError('encrypted', 'the workbook is encrypted');
      case DATEMODE:
        globals.from1904 = reader.u16() === 1;
        break;
      case FORMAT: {
        const id = reader.u16();
        customDate.set(id, isDateFormat(reader.unicodeString()));
        break;
      }
      case XF:
        reader.u16(); // font
        xfFormats.push(reader.u16());
        break;
      case BOUNDSHEET: {
        const offset = reader.u32();
        reader.byte(); // visible, hidden or very hidden: hidden sheets are read too
        const kind = reader.byte();
        const name = reader.shortString();
        if (kind === WORKSHEET) globals.sheets.push({ name, offset });
        break;
      }
      case SST:
        globals.strings = sharedStrings(record);
        break;
    }
  }
  globals.dateXf = xfFormats.map((id) => customDate.get(id) ?? DATE_FORMAT_IDS.has(id));
  return globals;
}

/** One worksheet's values, from its BOF record to its EOF (embedded charts' own substreams skipped). */
function readSheet(stream: Uint8Array, globals: Globals, name: string, offset: number): BiffSheet {
  const sheet: BiffSheet = { name, rows: new Map(), merges: [] };
  const all = records(stream, offset);
  bofVersion(all.next().value ?? undefined);
  const put = (row: number, col: number, value: BiffValue) => {
    const cells = sheet.rows.get(row) ?? new Map<number, BiffValue>();
    sheet.rows.set(row, cells);
    cells.set(col, value);
  };
  const numberAt = (xf: number, value: number): BiffValue =>
    globals.dateXf[xf] && Number.isFinite(value) ? serialDate(value, globals.from1904) : value;
  // A formula whose result is text: the text follows in a STRING record.
  let awaitingString: { row: number; col: number } | null = null;
  let depth = 1;
  for (const record of all) {
    if (record.type === BOF) depth++;
    else if (record.type === EOF && --depth === 0) return sheet;
    if (depth !== 1) continue;
    const reader = new RecordReader(record);
    switch (record.type) {
      case LABELSST: {
        const [row, col] = [reader.u16(), reader.u16()];
        reader.u16();
        const index = reader.u32();
        const text = globals.strings[index];
        if (text === undefined) throw damaged('a cell refers to a missing string');
        put(row, col, text);
        break;
      }
      case LABEL:
      case RSTRING: {
        const [row, col] = [reader.u16(), reader.u16()];
        reader.u16();
        put(row, col, reader.unicodeString());
        break;
      }
      case NUMBER: {
        const [row, col, xf] = [reader.u16(), reader.u16(), reader.u16()];
        put(row, col, numberAt(xf, reader.f64()));
        break;
      }
      case RK: {
        const [row, col, xf] = [reader.u16(), reader.u16(), reader.u16()];
        put(row, col, numberAt(xf, rkNumber(reader.u32())));
        break;
      }
      case MULRK: {
        const [row, first] = [reader.u16(), reader.u16()];
        const count = (record.data.length - 6) / 6;
        for (let i = 0; i < count; i++) {
          const xf = reader.u16();
          put(row, first + i, numberAt(xf, rkNumber(reader.u32())));
        }
        break;
      }
      case FORMULA: {
        const [row, col, xf] = [reader.u16(), reader.u16(), reader.u16()];
        const result = Array.from({ length: 8 }, () => reader.byte());
        if (result[6] === 0xff && result[7] === 0xff) {
          const kind = result[0];
          if (kind === 0) awaitingString = { row, col };
          else if (kind === 1) put(row, col, result[2] === 1);
          else if (kind === 2) put(row, col, { error: ERROR_CODES[result[2] as number] ?? '#VALUE!' });
          // 3: an empty string, an empty cell.
        } else {
          put(row, col, numberAt(xf, new DataView(Uint8Array.from(result).buffer).getFloat64(0, true)));
        }
        break;
      }
      case STRING:
        if (awaitingString) put(awaitingString.row, awaitingString.col, reader.unicodeString());
        awaitingString = null;
        break;
      case BOOLERR: {
        const [row, col] = [reader.u16(), reader.u16()];
        reader.u16();
        const [value, isError] = [reader.byte(), reader.byte()];
        put(row, col, isError ? { error: ERROR_CODES[value] ?? '#VALUE!' } : value === 1);
        break;
      }
      case MERGECELLS: {
        const count = reader.u16();
        for (let i = 0; i < count; i++) {
          const [firstRow, lastRow, firstCol, lastCol] = [
            reader.u16(),
            reader.u16(),
            reader.u16(),
            reader.u16(),
          ];
          sheet.merges.push({ firstRow, lastRow, firstCol, lastCol });
        }
        break;
      }
    }
  }
  throw damaged(`sheet "${name}" is cut off`);
}

/** The worksheets of a BIFF8 workbook stream, in the workbook's order. Throws a `BiffError`. */
export function readBiffWorkbook(stream: Uint8Array): BiffSheet[] {
  const globals = readGlobals(stream);
  return globals.sheets.map(({ name, offset }) => {
    if (offset >= stream.length) throw damaged(`sheet "${name}" is missing`);
    return readSheet(stream, globals, name, offset);
  });
}
