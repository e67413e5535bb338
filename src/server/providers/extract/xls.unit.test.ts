import { readFileSync } from 'node:fs';
import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../../tests/support/fixtures.js';
import { rkNumber } from './biff-records.js';
import { ExtractError } from './errors.js';
import type { ExtractContext } from './types.js';
import { extractXls } from './xls.js';

const ctx = (fileName: string) => ({ source: { fileName } }) as ExtractContext;

/** One BIFF record: type, length, data. */
function record(type: number, ...parts: (number[] | Buffer)[]): Buffer {
  const data = Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}
const u16 = (n: number) => [n & 0xff, n >> 8];
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const f64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
};
const text16 = (s: string) => Buffer.concat([Buffer.from([...u16(s.length), 0]), Buffer.from(s, 'latin1')]);
const bof = (version = 0x0600, kind = 0x0010) => record(0x0809, u16(version), u16(kind), Buffer.alloc(12));
const eof = () => record(0x000a);

/**
 * A workbook stream: globals (formats, sheets, shared strings split over a CONTINUE record in the
 * middle of a string, whose characters go on as two-byte characters), then each sheet's records.
 */
function workbook(sheets: { name: string; cells: Buffer[] }[], globalsExtra: Buffer[] = []): Buffer {
  const strings = ['Item', 'Concrete slab'];
  const sst = Buffer.concat([
    u32(2),
    u32(2),
    text16(strings[0] as string),
    Buffer.from([...u16(13), 0]),
    Buffer.from('Concr'),
  ]);
  // The rest of "Concrete slab" in the CONTINUE record: a flag byte (1: two bytes a character).
  const rest = Buffer.concat([Buffer.from([1]), Buffer.from('ete slab', 'utf16le')]);
  const xfs = [
    record(0x00e0, u16(0), u16(0), Buffer.alloc(16)),
    record(0x00e0, u16(0), u16(164), Buffer.alloc(16)),
  ];
  const format = record(0x041e, u16(164), text16('dd/mm/yyyy'));
  const boundSheet = (name: string, offset: number) =>
    record(0x0085, u32(offset), [0, 0], Buffer.from([name.length, 0]), Buffer.from(name, 'latin1'));
  const build = (offsets: number[]) =>
    Buffer.concat([
      bof(0x0600, 0x0005),
      ...globalsExtra,
      format,
      ...xfs,
      ...sheets.map((s, i) => boundSheet(s.name, offsets[i] ?? 0)),
      record(0x00fc, sst),
      record(0x003c, rest),
      eof(),
    ]);
  const globalsLength = build(sheets.map(() => 0)).length;
  const bodies = sheets.map((s) => Buffer.concat([bof(), ...s.cells, eof()]));
  const offsets: number[] = [];
  let at = globalsLength;
  for (const body of bodies) {
    offsets.push(at);
    at += body.length;
  }
  return Buffer.concat([build(offsets), ...bodies]);
}

/** The stream in a compound file, as Excel saves it. */
function xlsFile(stream: Buffer, streamName = 'Workbook'): Uint8Array {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, streamName, stream);
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const cell = (row: number, col: number, xf = 0) => [...u16(row), ...u16(col), ...u16(xf)];
const rk = (n: number) => u32(((n << 2) | 0x02) >>> 0);

const sampleCells = [
  record(0x00fd, cell(0, 0), u32(0)), // LABELSST "Item"
  record(0x0204, cell(0, 1), text16('Amount')), // LABEL
  record(0x00fd, cell(1, 0), u32(1)), // "Concrete slab", split over CONTINUE
  record(0x0203, cell(1, 1), f64(1250.5)), // NUMBER
  record(0x00bd, u16(2), u16(0), u16(0), rk(7), u16(0), rk(-3), u16(1)), // MULRK: 7, -3
  record(0x0006, cell(3, 0), [0, 0, 0, 0, 0, 0, 0xff, 0xff], u16(0), u32(0), u16(0)), // FORMULA → STRING
  record(0x0207, text16('Total')),
  record(0x0006, cell(3, 1), f64(1257.5), u16(0), u32(0), u16(0)), // FORMULA, numeric result
  record(0x0205, cell(4, 0), [1, 0]), // BOOLERR: TRUE
  record(0x0205, cell(4, 1), [0x17, 1]), // BOOLERR: #REF!
  record(0x027e, cell(5, 0, 1), rk(45352)), // a date-formatted RK: 2024-03-01
  record(0x00e5, u16(1), u16(6), u16(6), u16(0), u16(2)), // merge A7:C7
  record(0x0204, cell(6, 0), text16('Merged')),
  record(0x0204, cell(6, 2), text16('hidden by the merge')),
  record(0x0204, cell(7, 3), text16('D8')),
];

describe('legacy .xls (BIFF8) workbooks', () => {
  it('decodes RK numbers: integers, scaled by 100, and doubles cut to their top 30 bits', () => {
    expect(rkNumber(((12 << 2) | 0x02) >>> 0)).toBe(12);
    expect(rkNumber(((-5 << 2) | 0x02) >>> 0)).toBe(-5);
    expect(rkNumber(((1234 << 2) | 0x03) >>> 0)).toBe(12.34);
    expect(rkNumber(0x3ff00000)).toBe(1);
  });

  it('reads every kind of cell into the .xlsx layout: shared, inline and formula strings, numbers, booleans, errors, dates, merges', () => {
    const sheets = [
      { name: 'Bid', cells: sampleCells },
      { name: 'Empty', cells: [] },
    ];
    const r = extractXls(xlsFile(workbook(sheets)), ctx('a.xls'));
    expect(r).toMatchObject({
      format: 'xls',
      pages: 2,
      ocr: false,
      warnings: ['Sheet "Bid": 1 cell is #REF!'],
    });
    expect(r.content).toBe(
      [
        '## Sheet: Bid',
        'Item\tAmount',
        'Concrete slab\t1250.5',
        '7\t-3',
        'Total\t1257.5',
        'TRUE\t#REF!',
        '2024-03-01',
        'Merged',
        '\t\t\tD8',
        '',
        '## Sheet: Empty',
      ].join('\n'),
    );
  });

  it('reads the Kharka bridge estimate: five sheets in order, formulas as their saved totals', () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('estimates/kharka_bridge_rehab_estimate.xls')));
    const r = extractXls(bytes, ctx('kharka.xls'));
    expect(r.content.match(/^## Sheet: .*$/gm)).toEqual([
      '## Sheet: Gen-Abst',
      '## Sheet: Sheet01',
      '## Sheet: Sheet02',
      '## Sheet: Sheet03',
      '## Sheet: SCOPE OF WORK',
    ]);
    expect(r.content).toMatch(/^\tTotal\t58495784$/m);
    expect(r.content).toMatch(/^\tGrand Total\t60835615\.36$/m);
    expect(r.content).toMatch(/^Total of Part - I\t\t\t\t53932714$/m);
    expect(r.warnings).toEqual(['Sheet "Sheet01": 1 cell is #REF!']);
  });

  it('reads the INDOT bid tabulation: a header and 46 rows of 20 columns', () => {
    const bytes = new Uint8Array(readFileSync(fixturePath('estimates/indot_bidtabs_2023-04-03.xls')));
    const lines = extractXls(bytes, ctx('indot.xls')).content.split('\n');
    expect(lines[0]).toBe('## Sheet: Sheet1');
    expect(lines[1]?.split('\t').slice(0, 3)).toEqual(['Pay Item', 'Description', 'Quantity']);
    expect(lines.slice(2).filter((l) => l.split('\t').length === 20)).toHaveLength(46);
  });

  const refusal = (bytes: Uint8Array) => {
    try {
      extractXls(bytes, ctx('bad.xls'));
    } catch (err) {
      expect(err).toBeInstanceOf(ExtractError);
      return { status: (err as ExtractError).statusCode, message: (err as ExtractError).message };
    }
    throw new Error('read without a refusal');
  };

  it('refuses an encrypted workbook with the password message', () => {
    const encrypted = xlsFile(
      workbook([{ name: 'S', cells: sampleCells }], [record(0x002f, u16(1), Buffer.alloc(52))]),
    );
    expect(refusal(encrypted)).toEqual({
      status: 422,
      message:
        '"bad.xls" is password-protected. Remove the password (save a copy without it) and upload it again.',
    });
  });

  it('refuses an Excel 95 workbook with how to fix it', () => {
    expect(refusal(xlsFile(Buffer.concat([bof(0x0500, 0x0005), eof()]), 'Book'))).toMatchObject({
      status: 415,
      message: expect.stringMatching(/Excel 95.*Save the spreadsheet as \.xlsx/),
    });
  });

  it.each([0.25, 0.5, 0.75, 0.9])('answers 422 for the Kharka file cut at %s of its length', (share) => {
    const bytes = new Uint8Array(readFileSync(fixturePath('estimates/kharka_bridge_rehab_estimate.xls')));
    expect(refusal(bytes.subarray(0, Math.floor(bytes.length * share)))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/could not be read as an Excel 97-2003 workbook/),
    });
  });

  it('answers 422 for a workbook stream cut inside a record, and for garbage in a compound file', () => {
    const whole = workbook([{ name: 'S', cells: sampleCells }]);
    expect(refusal(xlsFile(whole.subarray(0, whole.length - 30)))).toMatchObject({ status: 422 });
    const garbage = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251));
    expect(refusal(xlsFile(garbage))).toMatchObject({ status: 422 });
    const header = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), garbage]);
    expect(refusal(new Uint8Array(header))).toMatchObject({ status: 422 });
  });
});
