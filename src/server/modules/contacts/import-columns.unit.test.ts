import { describe, expect, it } from 'vitest';
import { guessColumns, normalizeWords, plainCell, readContactType, readLicensed } from './import-columns.js';
import { firstSheetRows, tableOf } from './import-table.js';

describe('guessColumns', () => {
  it('reads the headers address books and trade lists use', () => {
    expect(
      guessColumns([
        'Full Name',
        'Company Name',
        'E-mail Address',
        'Mobile',
        'Category',
        'Trade',
        'License #',
      ]),
    ).toEqual({
      name: 0,
      company: 1,
      email: 2,
      phone: 3,
      type: 4,
      specialties: 5,
      licensed: 6,
      rating: null,
      notes: null,
    });
  });

  it('reads back the export headers', () => {
    expect(
      guessColumns([
        'Name',
        'Company',
        'Email',
        'Phone',
        'Type',
        'Specialties',
        'Licensed',
        'Rating',
        'Notes',
      ]),
    ).toEqual({
      name: 0,
      company: 1,
      email: 2,
      phone: 3,
      type: 4,
      specialties: 5,
      licensed: 6,
      rating: 7,
      notes: 8,
    });
  });

  it('prefers a header that names the field to one that mentions it, and gives each column one field', () => {
    const columns = guessColumns(['Work Phone Ext', 'Phone', 'Secondary Email', 'Email', 'Notes']);
    expect(columns).toMatchObject({ phone: 1, email: 3, notes: 4 });
    expect(guessColumns(['Email', 'Email'])).toMatchObject({ email: 0 });
    expect(guessColumns(['', 'Contact Type', 'Business Phone'])).toMatchObject({
      name: null,
      type: 1,
      phone: 2,
    });
  });
});

describe('cells', () => {
  it.each([
    ['Subcontractor', 'subcontractor'],
    ['subs', 'subcontractor'],
    ['Trade Partner', 'subcontractor'],
    ['SUPPLIER', 'vendor'],
    ['Vendors', 'vendor'],
    ['Homeowner', 'client'],
    ['Customers', 'client'],
    ['architect', 'architect'],
    ['', 'vendor'],
    ['  ', 'vendor'],
    ['Landlord', null],
  ] as const)('type %j reads %j (the default is vendor)', (cell, type) => {
    expect(readContactType(cell, 'vendor')).toBe(type);
  });

  it.each([
    ['', false, null],
    ['No', false, null],
    ['-', false, null],
    ['N/A', false, null],
    ['yes', true, null],
    ['X', true, null],
    ['TRUE', true, null],
    ['CA #884512', true, 'CA #884512'],
  ] as const)('licence %j reads licensed %j, number %j', (cell, licensed, number) => {
    expect(readLicensed(cell)).toEqual({ licensed, number });
  });

  it('takes off the apostrophe that defused a formula, and only that one', () => {
    expect(plainCell("'+1 303 555")).toBe('+1 303 555');
    expect(plainCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(plainCell("'tis")).toBe("'tis");
    expect(plainCell("O'Neil")).toBe("O'Neil");
  });

  it('normalizes words for comparing', () => {
    expect(normalizeWords('  E-Mail_Address ')).toBe('e mail address');
    expect(normalizeWords('Société #')).toBe('société');
  });
});

describe('the table of a file', () => {
  it('takes the first row with text as the header and keeps the rows numbered as in the file', () => {
    const table = tableOf([
      [''],
      ['Name', '', 'Email'],
      ['Ana', 'x', 'ana@example.com', 'extra'],
      [' ', ''],
      ['Bo'],
    ]);
    expect(table.headers).toEqual(['Name', 'Column 2', 'Email', 'Column 4']);
    expect(table.rows).toEqual([
      { line: 3, cells: ['Ana', 'x', 'ana@example.com', 'extra'] },
      { line: 5, cells: ['Bo'] },
    ]);
  });

  it('reads the first sheet with text of a workbook as the reader lays it out', () => {
    const content = [
      '## Sheet: Empty',
      '',
      '',
      '## Sheet: People',
      '',
      'Name\tEmail',
      'Ana\tana@example.com',
      '',
      '## Sheet: Other',
      'x',
    ].join('\n');
    expect(firstSheetRows(content)).toEqual([[''], ['Name', 'Email'], ['Ana', 'ana@example.com'], ['']]);
  });
});
