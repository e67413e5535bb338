/**
 * For tests: files made to hurt a reader, built in memory and kept small on the wire. A zip whose
 * entry inflates to gigabytes, a workbook with a million rows, a PNG that declares ten billion
 * pixels, PDFs that are encrypted, cut short or carry a script, files whose name lies about their
 * content, and file names that try to leave a folder or carry control characters.
 */
import { crc32, deflateRawSync, deflateSync, constants as zlibConstants } from 'node:zlib';

const MIB = 1024 * 1024;

// ---------------------------------------------------------------- zip

/** One zip entry: its bytes (deflated here), or a ready deflate stream with what it inflates to. */
export type ZipEntry =
  | { name: string; data: Buffer | string }
  | { name: string; deflated: Buffer; crc: number; size: number };

export interface ZipOptions {
  /**
   * The uncompressed size written in the headers, by entry name, when it should differ from the
   * real one (a bomb that claims to be small).
   */
  declaredSizes?: Record<string, number>;
}

/** A zip archive (deflate, no zip64): local headers, data, central directory, end record. */
export function zipArchive(entries: readonly ZipEntry[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    let deflated: Buffer;
    let crc: number;
    let size: number;
    if ('data' in entry) {
      const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
      deflated = deflateRawSync(data);
      crc = crc32(data);
      size = data.length;
    } else {
      ({ deflated, crc, size } = entry);
    }
    const declared = options.declaredSizes?.[entry.name] ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declared >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(0, 12);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(deflated.length, 20);
    dir.writeUInt32LE(declared >>> 0, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    central.push(dir, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const zeroBombs = new Map<number, { deflated: Buffer; crc: number; size: number }>();

/**
 * A deflate stream of `mib` MiB of zero bytes, about a thousandth of that in size: one MiB of zeros
 * deflated and fully flushed (so it needs nothing before it) repeated, then an empty final block.
 */
export function zeroDeflateStream(mib: number): { deflated: Buffer; crc: number; size: number } {
  const made = zeroBombs.get(mib);
  if (made) return made;
  const zeros = Buffer.alloc(MIB);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const finalBlock = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(zeros, crc);
  const bomb = {
    deflated: Buffer.concat([...Array.from({ length: mib }, () => block), finalBlock]),
    crc,
    size: mib * MIB,
  };
  zeroBombs.set(mib, bomb);
  return bomb;
}

/** The inflated size of the zip bombs: 2 GiB, the most a zip without zip64 states honestly. */
export const BOMB_MIB = 2047;

const CONTENT_TYPES_DOCX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS_DOCX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const CONTENT_TYPES_XLSX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS_XLSX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_XLSX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Estimate" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS_XLSX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** A .docx whose document part is `body` (a zip entry). */
function docxWith(body: ZipEntry, options?: ZipOptions): Buffer {
  return zipArchive(
    [
      { name: '[Content_Types].xml', data: CONTENT_TYPES_DOCX },
      { name: '_rels/.rels', data: RELS_DOCX },
      body,
    ],
    options,
  );
}

/** An .xlsx of one sheet whose part is `sheet` (a zip entry). */
function xlsxWith(sheet: ZipEntry, options?: ZipOptions): Buffer {
  return zipArchive(
    [
      { name: '[Content_Types].xml', data: CONTENT_TYPES_XLSX },
      { name: '_rels/.rels', data: RELS_XLSX },
      { name: 'xl/workbook.xml', data: WORKBOOK_XLSX },
      { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS_XLSX },
      sheet,
    ],
    options,
  );
}

/**
 * A Word document whose text part inflates to 2 GiB of zeros (a file of about 2 MB). With `lying`,
 * the headers claim the part is 1 KB, as a bomb made to pass a size check does.
 */
export function zipBombDocx({ lying = false } = {}): Buffer {
  const name = 'word/document.xml';
  return docxWith({ name, ...zeroDeflateStream(BOMB_MIB) }, lying ? { declaredSizes: { [name]: 1024 } } : {});
}

/** A workbook whose sheet inflates to 2 GiB of zeros; `lying` as for {@link zipBombDocx}. */
export function zipBombXlsx({ lying = false } = {}): Buffer {
  const name = 'xl/worksheets/sheet1.xml';
  return xlsxWith({ name, ...zeroDeflateStream(BOMB_MIB) }, lying ? { declaredSizes: { [name]: 1024 } } : {});
}

/**
 * A workbook with one sheet of `rows` rows (a number in each), the sheet's XML written in pieces and
 * deflated as one stream: about 45 MB of XML for a million rows, a few MB on the wire.
 */
export function manyRowsXlsx(rows = 1_000_000): Buffer {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  const tail = Buffer.from('</sheetData></worksheet>');
  const pieces: Buffer[] = [head];
  const step = 50_000;
  for (let from = 1; from <= rows; from += step) {
    let xml = '';
    for (let r = from; r < Math.min(from + step, rows + 1); r++) {
      xml += `<row r="${r}"><c r="A${r}"><v>1</v></c></row>`;
    }
    pieces.push(Buffer.from(xml));
  }
  pieces.push(tail);
  return xlsxWith({ name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(pieces) });
}

/** A contact list as CSV: a header and `rows` short rows (about 21 MB for a million). */
export function manyRowsCsv(rows = 1_000_000): Buffer {
  return Buffer.concat([
    Buffer.from('Name,Email,Type\n'),
    Buffer.from('A Ruiz,a@b.co,client\n'.repeat(rows)),
  ]);
}

// ---------------------------------------------------------------- images

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of `width` × `height` grey pixels whose data is a few zero rows (well formed up to there). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Math.min(height, 4);
  const data = deflateSync(Buffer.alloc(rows * (width + 1)));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG that declares 100,000 × 100,000 pixels (ten gigapixels) in a file of about 1 KB. */
export const hugePng = () => pngDeclaring(100_000, 100_000);

/** A small, whole white PNG (to be sent under another type's name). */
export function smallPng(): Buffer {
  const width = 16;
  const height = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc(height * (width + 1), 0xff);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter byte of each row
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    // A zlib stream (header, deflate data, Adler-32), as PNG wants it.
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- PDF

/** A PDF from its objects' bodies (object n is `objects[n-1]`), with a correct cross-reference table. */
export function pdfOf(objects: readonly string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Lines of a small estimate, as a page's content stream draws them. */
const ESTIMATE_LINES = [
  'Smith Residence Remodel Estimate',
  'Demolition and haul-off    $4,500.00',
  'Framing labor and materials    $12,000.00',
  'Electrical rough-in    $6,800.00',
  'Total    $23,300.00',
];

function pageObjects(catalogExtra = ''): string[] {
  const stream = ESTIMATE_LINES.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 18} Td (${line}) Tj ET`).join(
    '\n',
  );
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
}

/** A readable one-page estimate PDF. */
export const plainPdf = () => pdfOf(pageObjects());

/**
 * A PDF encrypted with the standard security handler under a user password (the check values are
 * random: no empty password opens it).
 */
export function encryptedPdf(): Buffer {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed * 11) & 255).toString(16).padStart(2, '0')).join('');
  const objects = [
    ...pageObjects(),
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 1)}> /U <${hex(32, 2)}> /P -3904 >>`,
  ];
  return pdfOf(objects, `/Encrypt 6 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>]`);
}

/** The readable estimate PDF cut off after its first `share` of bytes (no cross-reference, no end). */
export function truncatedPdf(share = 0.6): Buffer {
  const whole = plainPdf();
  return whole.subarray(0, Math.floor(whole.length * share));
}

/** The readable estimate PDF with a JavaScript action that runs when a viewer opens it. */
export function javascriptPdf(): Buffer {
  return pdfOf(
    pageObjects(
      "/OpenAction << /S /JavaScript /JS (app.alert\\('opened'\\); this.exportDataObject\\({cName: 'x', nLaunch: 2}\\);) >>",
    ),
  );
}

/**
 * A page without text that paints one image declaring 100,000 × 100,000 grey pixels, its data a few
 * deflated rows: a reader that renders the page for text recognition must not decode ten gigapixels.
 */
export function hugeImagePdf(): Buffer {
  const data = deflateSync(Buffer.alloc(4 * 100_001));
  const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`,
  ]);
}

// ---------------------------------------------------------------- other lies

/** Bytes that start like a Windows program ("MZ", a DOS stub and a PE header). */
export function programBytes(): Buffer {
  const bytes = Buffer.alloc(4096);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return bytes;
}

/**
 * File names that try to climb out of a folder, name one with a backslash, or carry NUL, line breaks
 * and other control characters, and one far longer than a file system allows. `ext` is appended so
 * that the name still says what the file is.
 */
export function hostileNames(ext: string): string[] {
  return [
    `../../etc/passwd.${ext}`,
    `..\\..\\windows\\system.${ext}`,
    `a\\b.${ext}`,
    `nul\u0000byte.${ext}`,
    `line\r\nbreak.${ext}`,
    `bell\u0007tab\tesc\u001b.${ext}`,
    `${'x'.repeat(1000)}.${ext}`,
    `/absolute/path.${ext}`,
    `..`,
  ];
}
