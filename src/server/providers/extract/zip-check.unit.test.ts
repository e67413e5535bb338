import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manyRowsXlsx, zipArchive, zipBombDocx, zipBombXlsx } from '../../testing/hostile-files.js';
import { checkZipPackage, countRows, MAX_WORKBOOK_ROWS } from './zip-check.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../../tests/fixtures/estimates', name));

const refusal = (bytes: Buffer, kind: 'docx' | 'xlsx', name = `estimate.${kind}`) => {
  try {
    checkZipPackage(bytes, name, kind);
    return null;
  } catch (err) {
    const { statusCode, code, message } = err as { statusCode: number; code: string; message: string };
    return { statusCode, code, message };
  }
};

describe('checkZipPackage', () => {
  it('lets real Office files through', () => {
    expect(refusal(fixture('bathroom-remodel.docx'), 'docx')).toBeNull();
    expect(refusal(fixture('office-fit-out-ti.xlsx'), 'xlsx')).toBeNull();
  });

  it('refuses a package that states it unpacks to gigabytes, before unpacking anything (413)', () => {
    const started = performance.now();
    expect(refusal(zipBombDocx(), 'docx')).toMatchObject({
      statusCode: 413,
      code: 'unpacks_too_large',
      message: expect.stringMatching(/^"estimate\.docx" unpacks to 2047 MB; at most 200 MB can be read\./),
    });
    expect(refusal(zipBombXlsx(), 'xlsx')?.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a part that unpacks past the size it states, without unpacking it whole (422)', () => {
    for (const [bytes, kind] of [
      [zipBombDocx({ lying: true }), 'docx'],
      [zipBombXlsx({ lying: true }), 'xlsx'],
    ] as const) {
      expect(refusal(bytes, kind)).toMatchObject({
        statusCode: 422,
        code: 'corrupt',
        message: expect.stringMatching(/unpacks to more than the size it states, so the file is damaged/),
      });
    }
  });

  it('refuses a workbook with more rows than can be read (413), and reads one at the limit', () => {
    expect(refusal(manyRowsXlsx(MAX_WORKBOOK_ROWS + 1), 'xlsx')).toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/more rows than can be read \(at most 100,000/),
    });
    expect(refusal(manyRowsXlsx(MAX_WORKBOOK_ROWS), 'xlsx')).toBeNull();
    // Rows are a workbook's measure only: a document of that many lines is not refused for it.
    expect(refusal(manyRowsXlsx(MAX_WORKBOOK_ROWS + 1), 'docx')).toBeNull();
  });

  it('refuses a package whose directory is missing or points past the file (422)', () => {
    const whole = fixture('office-fit-out-ti.xlsx');
    expect(refusal(whole.subarray(0, whole.length - 30), 'xlsx')).toMatchObject({ statusCode: 422 });
    const parts = zipArchive([{ name: 'word/document.xml', data: '<w:document/>' }]);
    // The first part's local header moved away: the directory points at nothing.
    const broken = Buffer.from(parts);
    broken.writeUInt32LE(0, 0);
    expect(refusal(broken, 'docx')?.message).toMatch(/its part "word\/document\.xml" is missing/);
  });
});

describe('countRows', () => {
  it.each([
    ['<sheetData><row r="1"><c/></row><row r="2"/></sheetData>', 2],
    ['<x:sheetData><x:row r="1"></x:row><x:row>\n</x:row></x:sheetData>', 2],
    ['<c><v>row</v></c><c><is><t>throw rows</t></is></c><rowBreaks/>', 0],
  ])('counts the row elements of %j', (xml, rows) => {
    expect(countRows(Buffer.from(xml))).toBe(rows);
  });
});
