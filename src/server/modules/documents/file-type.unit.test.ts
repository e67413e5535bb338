import { describe, expect, it } from 'vitest';
import { checkFile, cleanFileName, contentDisposition, sniffContent } from './file-type.js';
import { samples } from './test-files.js';

describe('checkFile', () => {
  it.each([
    ['plans.pdf', samples.pdf, 'pdf', 'application/pdf'],
    ['old.doc', samples.doc, 'doc', 'application/msword'],
    [
      'spec.DOCX',
      samples.docx,
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'budget.xlsx',
      samples.xlsx,
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['site.jpg', samples.jpeg, 'jpg', 'image/jpeg'],
    ['site.jpeg', samples.jpeg, 'jpeg', 'image/jpeg'],
    ['elevation.png', samples.png, 'png', 'image/png'],
    ['floor.dwg', samples.dwg, 'dwg', 'image/vnd.dwg'],
    ['notes.txt', samples.txt, 'txt', 'text/plain; charset=utf-8'],
    ['materials.csv', samples.csv, 'csv', 'text/csv; charset=utf-8'],
    ['accents.txt', Buffer.from('Façade – étage 2\n', 'utf8'), 'txt', 'text/plain; charset=utf-8'],
  ])('accepts %s', (name, content, extension, mimeType) => {
    expect(checkFile(name, content)).toEqual({ ok: true, extension, mimeType });
  });

  it.each([
    ['photo.pdf', samples.png, 415, '"photo.pdf" is not a valid .pdf file: its content is a PNG image.'],
    [
      'renamed.docx',
      samples.xlsx,
      415,
      '"renamed.docx" is not a valid .docx file: its content is an Excel workbook.',
    ],
    [
      'archive.docx',
      samples.zip,
      415,
      '"archive.docx" is not a valid .docx file: its content is a ZIP archive.',
    ],
    ['setup.txt', samples.exe, 415, '"setup.txt" is not a valid .txt file: its content is a program.'],
    ['data.csv', samples.png, 415, '"data.csv" is not a valid .csv file: its content is a PNG image.'],
    ['drawing.dwg', samples.txt, 415, '"drawing.dwg" is not a valid .dwg file: its content is plain text.'],
    [
      'setup.exe',
      samples.exe,
      415,
      '"setup.exe": .exe files are not accepted. Allowed types: pdf, doc, docx, jpg, jpeg, png, dwg, txt, xlsx, xls, csv.',
    ],
    [
      'README',
      samples.txt,
      415,
      '"README": Files without an extension are not accepted. Allowed types: pdf, doc, docx, jpg, jpeg, png, dwg, txt, xlsx, xls, csv.',
    ],
    ['empty.pdf', Buffer.alloc(0), 400, '"empty.pdf" is empty.'],
  ])('refuses %s', (name, content, status, message) => {
    expect(checkFile(name, content)).toEqual({ ok: false, status, message });
  });

  it('tells binary from text', () => {
    expect(sniffContent(Buffer.from([0x41, 0x00, 0x42]))).toBe('unknown');
    expect(sniffContent(Buffer.from('plain'))).toBe('text');
  });
});

describe('names', () => {
  it.each([
    ['C:\\fakepath\\Plan.pdf', 'Plan.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['bad\u0000name\u001f.pdf', 'badname.pdf'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['', 'file.pdf'],
    ['..', 'file.pdf'],
    ['line\r\nbreak\ttab.pdf', 'line break tab.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['zero\u200bwidth\ufeff.pdf', 'zerowidth.pdf'],
    ['c1\u0085\u009bcontrol.pdf', 'c1control.pdf'],
  ])('cleans %j to %j', (raw, expected) => {
    expect(cleanFileName(raw, 'pdf')).toBe(expected);
  });

  it('keeps the extension of a very long name', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('never cuts a character outside the basic plane in half', () => {
    const name = cleanFileName(`${'a'.repeat(250)}${'😀'.repeat(10)}.pdf`);
    expect(name.endsWith('a.pdf')).toBe(true);
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(name.length).toBeLessThanOrEqual(255);
  });

  it.each([
    ['plan.pdf', `attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`],
    [
      'Plan – étage 2.pdf',
      `attachment; filename="Plan _ _tage 2.pdf"; filename*=UTF-8''Plan%20%E2%80%93%20%C3%A9tage%202.pdf`,
    ],
    [
      `O'Brien "final" (v2)*.pdf`,
      `attachment; filename="O'Brien _final_ (v2)*.pdf"; filename*=UTF-8''O%27Brien%20%22final%22%20%28v2%29%2A.pdf`,
    ],
    ['a;b%c.txt', `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%3Bb%25c.txt`],
  ])('Content-Disposition for %j', (name, header) => {
    expect(contentDisposition(name)).toBe(header);
  });
});
