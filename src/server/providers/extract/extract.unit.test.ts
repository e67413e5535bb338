import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { cellText, numberText, rowLine } from './cells.js';
import { detectDelimiter, extractCsv } from './csv.js';
import { tidyDocText } from './doc.js';
import { oleKind, sniffContent } from './file-kind.js';
import { decodeEntities, htmlToText } from './html-text.js';
import { imageInfo, jpegOrientation, prepareImage } from './image.js';
import { groupLines, joinLine, type PositionedText, rebuildLines } from './lines.js';
import { chainsEnd } from './ole-check.js';
import { isUsableText } from './pdf.js';
import { decodeText } from './text-decode.js';
import type { ExtractContext } from './types.js';
import { valueText } from './xlsx.js';

/** Text set in a monospaced-like font: each character 5 units wide, 10 units high. */
const at = (text: string, x: number, y: number): PositionedText => ({
  text,
  x,
  y,
  width: text.length * 5,
  height: 10,
});

describe('rebuilding lines from positioned text', () => {
  it.each([
    ['touching pieces join without a space', [at('Concrete', 0, 0), at('s', 40, 0)], 'Concretes'],
    ['a word gap becomes one space', [at('Poured', 0, 0), at('walls', 33, 0)], 'Poured walls'],
    [
      'a column gap becomes two or more spaces',
      [at('Framing', 0, 0), at('1,250.00', 100, 0)],
      /^Framing {2,}1,250\.00$/,
    ],
    ['a wide gap is capped at 12 spaces', [at('A', 0, 0), at('B', 500, 0)], `A${' '.repeat(12)}B`],
    ['pieces are ordered left to right', [at('LS', 60, 0), at('Permit', 0, 0)], /^Permit {2,}LS$/],
    ['spaces inside a piece stay single', [at('Hang,   tape', 0, 0)], 'Hang, tape'],
  ])('%s', (_name, items, expected) => {
    const line = joinLine(groupLines(items)[0] ?? []);
    if (typeof expected === 'string') expect(line).toBe(expected);
    else expect(line).toMatch(expected);
  });

  it('groups pieces on the same baseline (within half a line height) into one line, top to bottom', () => {
    const text = rebuildLines([
      at('Total', 0, 40),
      at('Item', 0, 10),
      at('Amount', 200, 12),
      at('1,000.00', 200, 41),
      at('   ', 100, 25),
    ]);
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^Item {2,}Amount$/),
      expect.stringMatching(/^Total {2,}1,000\.00$/),
    ]);
  });

  it('keeps lines apart when they are a full line height apart', () => {
    expect(rebuildLines([at('One', 0, 0), at('Two', 0, 10)])).toBe('One\nTwo');
  });
});

describe('PDF text layer usability', () => {
  it.each([
    ['a page of real text', 'Concrete footings 32 CY 285.00 9,120.00', true],
    ['a page number only', 'Page 3', false],
    ['mostly unmapped glyphs', `${'\uFFFD'.repeat(30)}abc`, false],
    ['private-use glyph codes', '\uE001\uE002\uE003'.repeat(10), false],
  ])('%s → %s', (_name, text, usable) => {
    expect(isUsableText(text)).toBe(usable);
  });
});

describe('spreadsheet cells', () => {
  it.each([
    [null, ''],
    [1548.5904, '1548.5904'],
    [0.1 + 0.2, '0.3'],
    [81418, '81418'],
    ['Rs.', 'Rs.'],
    [true, 'TRUE'],
    [new Date('2025-06-02T00:00:00Z'), '2025-06-02'],
    [{ error: '#REF!' }, '#REF!'],
    [{ formula: 'C5*E5', result: 9800 }, '9800'],
    [{ formula: 'SUM(#REF!)', result: { error: '#REF!' } }, '#REF!'],
    [{ formula: 'A1+#REF!' }, '#REF!'],
    [{ formula: 'A1+B1' }, ''],
    [{ sharedFormula: 'F12', result: 12.5 }, '12.5'],
    [{ richText: [{ text: 'Sub' }, { text: 'total' }] }, 'Subtotal'],
    [{ text: 'Drawings', hyperlink: 'https://example.com' }, 'Drawings'],
  ] as const)('%j → %s', (value, text) => {
    expect(valueText(value as never).text).toBe(text);
  });

  it('reports error cells by their code', () => {
    expect(valueText({ formula: 'X', result: { error: '#DIV/0!' } } as never)).toEqual({
      text: '#DIV/0!',
      error: '#DIV/0!',
    });
  });

  it('joins a row with tabs, dropping trailing empty cells, and flattens cell line breaks', () => {
    expect(rowLine(['', 'Subtotal', '', '', '5800', '', ''])).toBe('\tSubtotal\t\t\t5800');
    expect(rowLine(['', ''])).toBe('');
    expect(cellText(' Two\nlines\tand a tab ')).toBe('Two lines and a tab');
    expect(numberText(2297421.98668)).toBe('2297421.98668');
  });
});

describe('csv', () => {
  const ctx = (fileName: string) => ({ source: { fileName } }) as ExtractContext;

  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1;"2,5";3\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['"Doors, frames",EA,34\n"Glass, storefront",LS,1\n', ','],
    ['single column\nno delimiter\n', ','],
  ])('detects the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('keeps quoted commas and line breaks inside their cell', () => {
    const csv =
      'Item,Description,Total\r\n1,"Doors, frames and ""hardware""",56100.00\r\n2,"Two\nlines",5\r\n\r\n';
    expect(extractCsv(Buffer.from(csv), ctx('bid items.csv')).content).toBe(
      '## Sheet: bid items\nItem\tDescription\tTotal\n1\tDoors, frames and "hardware"\t56100.00\n2\tTwo lines\t5',
    );
  });

  it('reads semicolon-separated European exports', () => {
    const csv = 'Pos;Beschreibung;Betrag\n1;Beton;1.234,56\n';
    expect(extractCsv(Buffer.from(csv), ctx('lv.csv')).content).toBe(
      '## Sheet: lv\nPos\tBeschreibung\tBetrag\n1\tBeton\t1.234,56',
    );
  });
});

describe('text decoding', () => {
  it.each([
    ['UTF-8', Buffer.from('Façade – $5\r\n', 'utf8'), 'Façade – $5\n'],
    ['UTF-8 with BOM', Buffer.from('\uFEFFTotal\n', 'utf8'), 'Total\n'],
    ['Windows-1252', Buffer.from([0x93, 0x51, 0x94, 0x20, 0x80, 0x35, 0x20, 0xbd]), '\u201cQ\u201d €5 ½'],
    [
      'UTF-16LE with BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Roof\n', 'utf16le')]),
      'Roof\n',
    ],
  ])('%s', (_name, bytes, text) => {
    expect(decodeText(bytes)).toBe(text);
  });
});

describe('Word HTML to text', () => {
  it('writes paragraphs as lines and table rows as tab-joined cells', () => {
    const html =
      '<h1>Estimate</h1><p>Client: J &amp; K</p><table><tr><td><p>1</p></td><td><p>Demo</p><p>and haul</p></td><td></td><td><p>1,650.00</p></td></tr>' +
      '<tr><td></td><td><strong>Subtotal</strong></td><td></td><td>1,650.00</td><td></td></tr></table><ul><li>Note one</li><li>Note&#160;two</li></ul>';
    expect(htmlToText(html)).toBe(
      'Estimate\nClient: J & K\n1\tDemo and haul\t\t1,650.00\n\tSubtotal\t\t1,650.00\nNote one\nNote two',
    );
  });

  it('flattens a table inside a cell into that cell', () => {
    const html = '<table><tr><td>A</td><td><table><tr><td>x</td><td>y</td></tr></table></td></tr></table>';
    expect(htmlToText(html)).toBe('A\tx y');
  });

  it('decodes entities', () => {
    expect(decodeEntities('&lt;5&gt; &#x2013; &quot;a&quot; &unknown;')).toBe('<5> – "a" &unknown;');
  });
});

describe('Word 97-2003 text', () => {
  it('drops the trailing cell and row marks', () => {
    expect(tidyDocText('Estimate\r\n1\tDemo\t1,650.00\t\t\nTotal  \n\n\n\nEnd')).toBe(
      'Estimate\n1\tDemo\t1,650.00\nTotal\n\nEnd',
    );
  });
});

describe('content sniffing', () => {
  const ole = (streamName: string) =>
    Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
      Buffer.from(streamName, 'utf16le'),
    ]);

  it.each([
    ['WordDocument', 'doc'],
    ['Workbook', 'xls'],
    ['EncryptedPackage', 'encrypted-ooxml'],
    ['PowerPoint Document', 'other'],
  ] as const)('an OLE file with a %s stream is %s', (stream, kind) => {
    expect(sniffContent(ole(stream))).toBe('ole');
    expect(oleKind(ole(stream))).toBe(kind);
  });

  it('finds stream names in a buffer that starts at an odd offset (as one received from another process)', () => {
    const odd = Buffer.concat([Buffer.from([0]), ole('Workbook')]).subarray(1);
    expect(odd.byteOffset % 2).toBe(1);
    expect(oleKind(odd)).toBe('xls');
  });

  it('takes UTF-16 with a byte-order mark for text, other NUL bytes for binary', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Roof\tLS\r\n', 'utf16le')]);
    expect(sniffContent(utf16)).toBe('text');
    expect(sniffContent(Buffer.from('a\u0000b'))).toBe('unknown');
  });
});

describe('compound file chains', () => {
  const END = -2;
  const FREE = -1;
  it.each([
    ['chains that end', [1, 2, END, END, FREE], 5, true],
    ['a chain that loops back', [1, 2, 1, END], 4, false],
    ['a sector pointing at itself', [0], 1, false],
    ['a link outside the file', [1, 9, END], 3, false],
    ['two chains joining', [2, 2, END], 3, true],
  ])('%s', (_name, table, limit, ok) => {
    expect(chainsEnd(Int32Array.from(table), limit)).toBe(ok);
  });
});

describe('photos', () => {
  /** A 300×100 JPEG whose EXIF says "turn 90° clockwise to view" (as a phone stores a portrait shot). */
  function sidewaysJpeg(orientation: number): Buffer {
    const canvas = createCanvas(300, 100);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 300, 100);
    const jpeg = canvas.toBuffer('image/jpeg');
    // prettier-ignore
    const tiff = Buffer.from([
      0x4d,
      0x4d,
      0,
      0x2a,
      0,
      0,
      0,
      8,
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      orientation,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const size = Buffer.alloc(2);
    size.writeUInt16BE(payload.length + 2);
    return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), size, payload, jpeg.subarray(2)]);
  }

  it.each([1, 3, 6, 8])('reads EXIF orientation %i', (orientation) => {
    expect(jpegOrientation(sidewaysJpeg(orientation))).toBe(orientation);
  });

  it('reads no orientation from a PNG or a JPEG without EXIF', () => {
    expect(jpegOrientation(createCanvas(10, 10).toBuffer('image/png'))).toBe(1);
    expect(jpegOrientation(createCanvas(10, 10).toBuffer('image/jpeg'))).toBe(1);
  });

  it('hands text recognition a sideways phone photo upright (and small images scaled up)', async () => {
    const upright = await loadImage(Buffer.from(await prepareImage(sidewaysJpeg(6), 'IMG_1.jpg')));
    expect(upright.height / upright.width).toBe(3);
    expect(upright.width).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ] as const)('checks a %s header before any decoder sees it', (format, mime) => {
    const canvas = createCanvas(320, 200);
    const whole = mime === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
    expect(imageInfo(whole)).toEqual({ format, width: 320, height: 200 });
    for (const cut of [4, 12, 40, 100]) expect(imageInfo(whole.subarray(0, cut))).toBeNull();
    const noise = Buffer.from(whole);
    noise.fill(0x41, 20, 60);
    expect(imageInfo(noise)).toBeNull();
  });

  it('refuses an image it cannot decode', async () => {
    const png = createCanvas(10, 10).toBuffer('image/png');
    await expect(prepareImage(png.subarray(0, 40), 'cut.png')).rejects.toMatchObject({
      statusCode: 422,
      message: '"cut.png" could not be read as an image: the file is damaged.',
    });
  });
});
