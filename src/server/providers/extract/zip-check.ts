import { inflateRawSync } from 'node:zlib';
import { extractError } from './errors.js';

/**
 * A look inside a .docx or .xlsx (a zip package) before a parser opens it. The parsers unpack every
 * part into memory whatever its size, so a small file that unpacks to gigabytes (a "zip bomb"), or a
 * workbook of a million rows, would keep a reader busy for minutes or exhaust it. The package's
 * directory says how large each part unpacks; each part is unpacked here once, never past the size
 * it states, so a part that hides its size is found without being unpacked whole.
 */

/** The most a package may unpack to, all parts together. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** The most parts a package may hold (an Office file has tens; one with many pictures, hundreds). */
export const MAX_PARTS = 10_000;
/** The most rows a workbook's sheets may hold together; an estimate has hundreds, rarely thousands. */
export const MAX_WORKBOOK_ROWS = 100_000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A size or offset of this value means the real one is in a zip64 record (a package over 4 GB). */
const ZIP64_MARK = 0xffffffff;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export interface ZipPart {
  name: string;
  method: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

const WHAT = {
  docx: { reads: 'a Word document', program: 'Word' },
  xlsx: { reads: 'an Excel workbook', program: 'the spreadsheet program' },
} as const;

function damaged(fileName: string, kind: 'docx' | 'xlsx', why: string) {
  return extractError(
    'corrupt',
    `"${fileName}" could not be read as ${WHAT[kind].reads}: ${why}, so the file is damaged. Save it again from ${WHAT[kind].program} and upload it.`,
  );
}

/** `what` says what the file holds and how much of it can be read. */
function tooLarge(fileName: string, what: string) {
  return extractError(
    'unpacks_too_large',
    `"${fileName}" ${what}. Save a smaller copy, or export the estimate as PDF, and upload that.`,
  );
}

/** The parts listed in the package's central directory; throws for a directory that does not hold together. */
export function zipParts(b: Buffer, fileName: string, kind: 'docx' | 'xlsx'): ZipPart[] {
  // The end record is within the last 64 KB (its comment is at most 65,535 bytes).
  let end = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
    if (b.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged(fileName, kind, 'the end of its zip directory is missing');
  const count = b.readUInt16LE(end + 10);
  const directorySize = b.readUInt32LE(end + 12);
  const directoryStart = b.readUInt32LE(end + 16);
  if (count === 0xffff || directoryStart === ZIP64_MARK) {
    throw tooLarge(
      fileName,
      `is a zip64 package, made for contents over 4 GB; at most ${megabytes(MAX_UNPACKED_BYTES)} MB can be read`,
    );
  }
  if (count > MAX_PARTS) {
    throw tooLarge(
      fileName,
      `holds ${count} parts; at most ${MAX_PARTS.toLocaleString('en-US')} can be read`,
    );
  }
  if (directoryStart + directorySize > end)
    throw damaged(fileName, kind, 'its zip directory runs past the file');
  const parts: ZipPart[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || b.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw damaged(fileName, kind, 'its zip directory is cut short');
    }
    const nameLength = b.readUInt16LE(at + 28);
    const extraLength = b.readUInt16LE(at + 30);
    const commentLength = b.readUInt16LE(at + 32);
    const part: ZipPart = {
      method: b.readUInt16LE(at + 10),
      packedSize: b.readUInt32LE(at + 20),
      size: b.readUInt32LE(at + 24),
      localOffset: b.readUInt32LE(at + 42),
      name: b.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (part.packedSize === ZIP64_MARK || part.size === ZIP64_MARK || part.localOffset === ZIP64_MARK) {
      throw tooLarge(
        fileName,
        `is a zip64 package, made for contents over 4 GB; at most ${megabytes(MAX_UNPACKED_BYTES)} MB can be read`,
      );
    }
    parts.push(part);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** Occurrences of a worksheet's row element (`<row …>`, or with a namespace prefix, `<x:row …>`). */
export function countRows(xml: Buffer): number {
  const endsName = (c: number | undefined) =>
    c === 0x20 || c === 0x3e || c === 0x2f || c === 0x09 || c === 0x0a || c === 0x0d;
  let rows = 0;
  for (let at = xml.indexOf('row'); at >= 0; at = xml.indexOf('row', at + 3)) {
    if (!endsName(xml[at + 3])) continue;
    const before = xml[at - 1];
    if (before === 0x3c) rows += 1;
    else if (
      before === 0x3a &&
      /<[A-Za-z_][\w.-]*$/.test(xml.toString('latin1', Math.max(0, at - 33), at - 1))
    ) {
      rows += 1;
    }
  }
  return rows;
}

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

/**
 * Checks a zip package before it is parsed: its directory holds together, it unpacks to at most
 * {@link MAX_UNPACKED_BYTES}, no part unpacks past the size it states, and a workbook's sheets hold
 * at most {@link MAX_WORKBOOK_ROWS} rows. Throws the refusal (413 for too large, 422 for damaged).
 */
export function checkZipPackage(bytes: Uint8Array, fileName: string, kind: 'docx' | 'xlsx'): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = zipParts(b, fileName, kind);
  const total = parts.reduce((sum, p) => sum + p.size, 0);
  if (total > MAX_UNPACKED_BYTES) {
    throw tooLarge(
      fileName,
      `unpacks to ${megabytes(total)} MB; at most ${megabytes(MAX_UNPACKED_BYTES)} MB can be read`,
    );
  }
  let rows = 0;
  for (const part of parts) {
    if (part.name.endsWith('/') && part.size === 0) continue; // a folder
    const local = part.localOffset;
    if (local + 30 > b.length || b.readUInt32LE(local) !== LOCAL_HEADER) {
      throw damaged(fileName, kind, `its part "${part.name}" is missing`);
    }
    const dataStart = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (dataStart + part.packedSize > b.length)
      throw damaged(fileName, kind, `its part "${part.name}" is cut short`);
    const packed = b.subarray(dataStart, dataStart + part.packedSize);
    let unpacked: Buffer;
    if (part.method === 0) {
      unpacked = packed;
    } else if (part.method === 8) {
      try {
        // Never more than the part says it holds: a part that hides its size stops here.
        unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(part.size, 1) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw damaged(fileName, kind, `its part "${part.name}" unpacks to more than the size it states`);
        }
        throw damaged(fileName, kind, `its part "${part.name}" cannot be unpacked`);
      }
    } else {
      throw damaged(fileName, kind, `its part "${part.name}" is packed in a way Office does not use`);
    }
    if (unpacked.length !== part.size) {
      throw damaged(fileName, kind, `its part "${part.name}" does not unpack to the size it states`);
    }
    if (kind === 'xlsx' && isWorksheet(part.name)) {
      rows += countRows(unpacked);
      if (rows > MAX_WORKBOOK_ROWS) {
        throw tooLarge(
          fileName,
          `has more rows than can be read (at most ${MAX_WORKBOOK_ROWS.toLocaleString('en-US')} in all its sheets)`,
        );
      }
    }
  }
}
