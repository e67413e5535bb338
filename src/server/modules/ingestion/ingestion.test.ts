import { readdirSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLargePdfEstimate } from '../../../../scripts/make-test-estimates.js';
import { fixturePath, readFixture } from '../../../../tests/support/fixtures.js';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import { createExtractSandbox } from '../../providers/extract/sandbox.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { PARSE_LIMIT } from './ingestion.routes.js';
import { ownExpected, parseFile, readOwnEstimate } from './ingestion.test-support.js';

let t: TestApp;
let user: Agent;

/** Small limits, so the size and page limits can be crossed cheaply. */
const MAX_UPLOAD_MB = 1;
const MAX_PDF_PAGES = 20;

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_MB: String(MAX_UPLOAD_MB), MAX_PDF_PAGES: String(MAX_PDF_PAGES) });
  user = t.agent();
  await user.signUpWithCompany({ company: 'Reading Builders' });
});
afterAll(async () => {
  await t.close();
});

async function parse(name: string, content: Uint8Array): Promise<ParsePdfResponse> {
  const res = await parseFile(t.app, user, name, content);
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  return json<ParsePdfResponse>(res);
}

async function refused(name: string, content: Uint8Array) {
  const res = await parseFile(t.app, user, name, content);
  return { status: res.statusCode, body: json<{ message: string; code?: string }>(res) };
}

const realEstimate = (name: string) => readFixture(`estimates/${name}`);

/** Lines of a spreadsheet sheet (the text after its `## Sheet:` heading up to the next one). */
function sheet(content: string, name: string): string[] {
  const start = content.indexOf(`## Sheet: ${name}\n`);
  if (start < 0) return [];
  const rest = content.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => l.startsWith('## Sheet: '));
  return end < 0 ? rest : rest.slice(0, end);
}

describe('access', () => {
  it('answers 401 without a session', async () => {
    const res = await parseFile(t.app, null, 'bid.csv', Buffer.from('a,b\n1,2\n'));
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a user without a company', async () => {
    const loner = t.agent();
    await loner.signUpWithCompany({ company: false });
    const res = await parseFile(t.app, loner, 'bid.csv', Buffer.from('a,b\n1,2\n'));
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('no_company');
  });

  it('asks for the file when the part is missing or misnamed', async () => {
    const res = await parseFile(t.app, user, 'bid.csv', Buffer.from('a,b\n1,2\n'), 'attachment');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/part named "file"/);
  });

  it('limits how many files one user has read, per user', async () => {
    const busy = t.agent();
    await busy.signUpWithCompany({ company: 'Busy Builders' });
    const txt = Buffer.from('Framing\t$12,000\n');
    for (let i = 0; i < PARSE_LIMIT.max; i++) {
      expect((await parseFile(t.app, busy, 'n.txt', txt)).statusCode).toBe(200);
    }
    const over = await parseFile(t.app, busy, 'n.txt', txt);
    expect(over.statusCode).toBe(429);
    expect(json(over).code).toBe('rate_limited');
    // Another user calling from the same address is not held back: the limit is per user.
    expect((await parseFile(t.app, user, 'n.txt', txt, 'file', busy.remoteAddress)).statusCode).toBe(200);
  });

  it('wants multipart/form-data', async () => {
    const res = await user.post('/api/parse-pdf', { file: 'x' });
    expect(res.statusCode).toBe(415);
  });
});

describe('API description', () => {
  it('lists POST /api/parse-pdf with its multipart body and its answers', async () => {
    const doc = json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      await t.agent().get('/api/docs/json'),
    );
    const op = doc.paths['/api/parse-pdf']?.post;
    expect(op?.requestBody).toMatchObject({ content: { 'multipart/form-data': {} } });
    expect(Object.keys((op?.responses as Record<string, unknown>) ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '413', '415', '422', '429']),
    );
    expect(JSON.stringify(op?.responses)).toContain('ParsedDocument');
  });
});

describe('the real estimates in the shared fixtures', () => {
  it('reads the Girwa measurement PDF: 16 pages of Nos × L × B × H rows', async () => {
    const r = await parse(
      'rajpwd_girwa_commercial_complex_measurements.pdf',
      realEstimate('rajpwd_girwa_commercial_complex_measurements.pdf'),
    );
    expect(r).toMatchObject({ format: 'pdf', pages: 16, ocr: false });
    expect(r.content.split('\f')).toHaveLength(16);
    expect(r.content).toContain('CONSTRUCTION OF COMMERCIAL COMPLEX FOR PANCHAYAT SAMITI GIRWA');
    expect(r.content).toContain('DETAILS OF MEASUREMENTS');
    // A measurement row keeps its columns apart (runs of two or more spaces).
    expect(r.content).toMatch(/Right Side {2,}1 {2,}x {2,}25\.60 {2,}= {2,}25\.60 RM/);
    expect(r.content).toMatch(/Earth {1,2}work {1,2}in {1,2}excavation/);
  });

  it('reads the Girwa workbook and reports its #REF! cells', async () => {
    const r = await parse(
      'rajpwd_girwa_commercial_complex_estimate.xlsx',
      realEstimate('rajpwd_girwa_commercial_complex_estimate.xlsx'),
    );
    expect(r.format).toBe('xlsx');
    expect(r.pages).toBe((r.content.match(/^## Sheet: /gm) ?? []).length);
    expect(r.pages).toBeGreaterThan(3);
    const abstract = sheet(r.content, 'gen-abstract');
    expect(abstract.some((l) => /GRAND TOTAL Rs\.\t+#REF!/.test(l))).toBe(true);
    expect(abstract.some((l) => /SANITARY & WATER SUPPLY {2}WORK\t+Rs\.\t81418/.test(l))).toBe(true);
    expect(r.warnings.some((w) => /^Sheet "gen-abstract": \d+ cells are #REF!$/.test(w))).toBe(true);
    // A priced item: number, description, quantity, unit, rate and amount as tab-separated cells.
    expect(r.content).toMatch(
      /\n1\tEarth work in excavation[^\t]*\t1548\.5904\tCum\t92\tP Cum\t142470\.3168\n/,
    );
  });

  it('reads the Nathdwara and block library workbooks, every sheet', async () => {
    const nathdwara = await parse(
      'rajpwd_nathdwara_dj_quarter_estimate.xlsx',
      realEstimate('rajpwd_nathdwara_dj_quarter_estimate.xlsx'),
    );
    expect(nathdwara.format).toBe('xlsx');
    expect(nathdwara.content).toMatch(/1125396/);
    expect(nathdwara.content).toMatch(/127989/);
    expect(nathdwara.warnings).toEqual([]);

    const library = await parse(
      'rajpwd_block_library_estimate.xlsx',
      realEstimate('rajpwd_block_library_estimate.xlsx'),
    );
    expect(library.pages).toBe((library.content.match(/^## Sheet: /gm) ?? []).length);
    expect(library.content).toMatch(/1384624/);
    expect(library.content).toMatch(/888113/);
    expect(library.content).toMatch(/3000012/);
  });

  it('reads the San Francisco bid items csv as tab-separated rows', async () => {
    const r = await parse(
      'sfpw_2977J_bid_items_DERIVED.csv',
      realEstimate('sfpw_2977J_bid_items_DERIVED.csv'),
    );
    expect(r).toMatchObject({ format: 'csv', pages: 1, ocr: false, warnings: [] });
    const lines = r.content.split('\n');
    expect(lines[0]).toBe('## Sheet: sfpw_2977J_bid_items_DERIVED');
    expect(lines[1]).toBe('bid_item\tdescription\tunit\tcontract_qty\tunit_price');
    expect(lines).toContain('R-1\tTRAFFIC CONTROL FOR ROADWAY WORK\tLS\t1\t138000');
    // 51 items and the header, whatever quoting the source used.
    expect(lines.slice(1).filter((l) => l.split('\t').length === 5)).toHaveLength(52);
  });

  it.each(['indot_bidtabs_2023-04-03.xls', 'kharka_bridge_rehab_estimate.xls'])(
    'refuses the legacy spreadsheet %s with 415',
    async (name) => {
      const { status, body } = await refused(name, realEstimate(name));
      expect(status).toBe(415);
      expect(body.message).toBe('Save the spreadsheet as .xlsx and upload it again');
    },
  );

  it('refuses a legacy spreadsheet however it is named', async () => {
    const { status, body } = await refused('estimate.doc', realEstimate('kharka_bridge_rehab_estimate.xls'));
    expect(status).toBe(415);
    expect(body.message).toBe('Save the spreadsheet as .xlsx and upload it again');
  });

  it('covers every estimate fixture (a new one needs a test here)', () => {
    expect(readdirSync(fixturePath('estimates')).sort()).toEqual([
      'indot_bidtabs_2023-04-03.xls',
      'kharka_bridge_rehab_estimate.xls',
      'rajpwd_block_library_estimate.xlsx',
      'rajpwd_girwa_commercial_complex_estimate.xlsx',
      'rajpwd_girwa_commercial_complex_measurements.pdf',
      'rajpwd_nathdwara_dj_quarter_estimate.xlsx',
      'sfpw_2977J_bid_items_DERIVED.csv',
    ]);
  });
});

describe('our own test estimates', () => {
  const expected = ownExpected().estimates;

  it('reads the kitchen-and-bath remodel PDF with its columns and totals', async () => {
    const e = expected['residential-kitchen-bath-remodel'];
    const r = await parse('remodel.pdf', readOwnEstimate('residential-kitchen-bath-remodel.pdf'));
    expect(r).toMatchObject({ format: 'pdf', pages: 2, ocr: false, warnings: [] });
    for (const line of e?.keyLines ?? []) expect(r.content).toContain(line);
    expect(r.content).toMatch(/^Building permit and plan review {2,}1 {2,}LS {2,}1,250\.00 {2,}1,250\.00$/m);
    expect(r.content).toMatch(
      /^Quartz countertops, fabricated and installed {2,}58 {2,}SF {2,}78\.00 {2,}4,524\.00$/m,
    );
    expect(r.content).toMatch(/^GRAND TOTAL {2,}\$59,106\.33$/m);
    for (const item of e?.items ?? []) expect(r.content).toContain(item.description);
  });

  it('reads the new-home PDF across its pages, CSI division headings included', async () => {
    const e = expected['new-home-2400sf'];
    const r = await parse('new-home.pdf', readOwnEstimate('new-home-2400sf.pdf'));
    expect(r.format).toBe('pdf');
    expect(r.pages).toBeGreaterThanOrEqual(2);
    expect(r.content.split('\f')).toHaveLength(r.pages);
    for (const line of e?.keyLines ?? []) expect(r.content).toContain(line);
    expect(r.content).toMatch(
      /^03 31 20 {2,}Poured foundation walls, 8 in\. {2,}58 {2,}CY {2,}310\.00 {2,}17,980\.00$/m,
    );
    for (const item of e?.items ?? []) expect(r.content).toContain(item.description);
  });

  it('reads the office fit-out workbook: formulas as their values, merged titles once, every sheet', async () => {
    const e = expected['office-fit-out-ti'];
    const r = await parse('fit-out.xlsx', readOwnEstimate('office-fit-out-ti.xlsx'));
    expect(r).toMatchObject({ format: 'xlsx', pages: 2, ocr: false, warnings: [] });
    const estimate = sheet(r.content, 'Estimate');
    expect(estimate[0]).toBe('Keystone Interiors Group');
    expect(r.content.match(/Keystone Interiors Group/g)).toHaveLength(1);
    expect(estimate).toContain(
      '09 22 16\tMetal stud partitions, drywall, taped and finished\t8600\tSF\t9.5\t81700',
    );
    expect(estimate).toContain('Date:\t2025-06-02');
    expect(estimate.some((l) => l === `\tGRAND TOTAL\t\t\t\t${e?.grandTotal}`)).toBe(true);
    expect(sheet(r.content, 'Clarifications')[0]).toBe('Clarifications and exclusions');
  });

  it('reads the office fit-out csv, commas inside quoted cells kept', async () => {
    const e = expected['office-fit-out-ti'];
    const r = await parse('office-fit-out-ti.csv', readOwnEstimate('office-fit-out-ti.csv'));
    expect(r).toMatchObject({ format: 'csv', pages: 1 });
    const lines = r.content.split('\n');
    expect(lines[0]).toBe('## Sheet: office-fit-out-ti');
    expect(lines).toContain(
      '08 Openings\t08 11 13\tHollow metal frames, wood doors, hardware\t34\tEA\t1650.00\t56100.00',
    );
    expect(lines).toContain(`\t\tGrand Total\t\t\t\t${e?.grandTotal.toFixed(2)}`);
  });

  it('reads the bathroom remodel docx: paragraphs as lines, table rows as tab-joined cells', async () => {
    const e = expected['bathroom-remodel'];
    const r = await parse('bath.docx', readOwnEstimate('bathroom-remodel.docx'));
    expect(r).toMatchObject({ format: 'docx', pages: 1, ocr: false });
    const lines = r.content.split('\n');
    expect(lines).toContain('Item\tDescription\tQty\tUnit\tUnit Price\tAmount');
    expect(lines).toContain(
      '4\tConvert tub to walk-in shower, new valve and drain\t1\tLS\t2,850.00\t2,850.00',
    );
    expect(lines).toContain('\tSubtotal Tile\t\t\t\t3,280.00');
    for (const line of e?.keyLines ?? []) expect(r.content).toContain(line);
  });
});

describe('Word 97-2003', () => {
  it('reads the bathroom remodel .doc: paragraphs as lines, table rows as tab-joined cells', async () => {
    const e = ownExpected().estimates['bathroom-remodel'];
    const r = await parse('bath.doc', readOwnEstimate('bathroom-remodel.doc'));
    expect(r).toMatchObject({ format: 'doc', pages: 1, ocr: false, warnings: [] });
    const lines = r.content.split('\n');
    expect(lines).toContain('Item\tDescription\tQty\tUnit\tUnit Price\tAmount');
    expect(lines).toContain('14\tFrameless glass shower enclosure\t1\tEA\t2,400.00\t2,400.00');
    expect(lines).toContain('\tSubtotal Tile\t\t\t\t3,280.00');
    for (const line of e?.keyLines ?? []) expect(r.content).toContain(line);
  });

  it('refuses an Office 97-2003 file that is not a Word document under a .doc name (422)', async () => {
    const ole = Buffer.concat([
      Buffer.from('D0CF11E0A1B11AE1', 'hex'),
      Buffer.alloc(1024),
      Buffer.from('PowerPoint Document', 'utf16le'),
    ]);
    const { status, body } = await refused('minutes.doc', ole);
    expect(status).toBe(422);
    expect(body.message).toBe('"minutes.doc" is an Office 97-2003 file that is not a Word document.');
  });

  it('refuses a damaged .doc (422)', async () => {
    const doc = readOwnEstimate('bathroom-remodel.doc');
    const damaged = Buffer.concat([
      doc.subarray(0, 512),
      Buffer.alloc(1024, 0xff),
      Buffer.from('WordDocument', 'utf16le'),
    ]);
    const { status, body } = await refused('old.doc', damaged);
    expect(status).toBe(422);
    expect(body.message).toMatch(/could not be read as a Word 97-2003 document/);
  });
});

describe('files it cannot read', () => {
  it('refuses a password-protected PDF (422)', async () => {
    const { status, body } = await refused('locked.pdf', readOwnEstimate('invalid/encrypted.pdf'));
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'encrypted' });
    expect(body.message).toMatch(/^This PDF is password-protected/);
  });

  it('refuses a damaged PDF (422)', async () => {
    const pdf = readOwnEstimate('residential-kitchen-bath-remodel.pdf');
    const damaged = Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(4000, 0x41)]);
    const { status, body } = await refused('damaged.pdf', damaged);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'corrupt' });
    expect(body.message).toMatch(/could not be read as a PDF/);
  });

  it('refuses a PDF without any text (422)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const { status, body } = await refused('blank.pdf', await doc.save());
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'empty' });
    expect(body.message).toMatch(/No text was found in "blank\.pdf"/);
  });

  it('refuses a damaged image (422) without decoding it', async () => {
    const png = readOwnEstimate('residential-kitchen-bath-remodel-scan.png');
    const { status, body } = await refused('IMG_0007.png', png.subarray(0, 60));
    expect(status).toBe(422);
    expect(body.message).toBe('"IMG_0007.png" could not be read as an image: the file is damaged.');
  });

  it('refuses an empty file (422)', async () => {
    const { status, body } = await refused('estimate.pdf', Buffer.alloc(0));
    expect(status).toBe(422);
    expect(body.message).toBe('"estimate.pdf" is empty.');
  });

  it('refuses a zip that calls itself .xlsx (422)', async () => {
    const { status, body } = await refused('budget.xlsx', readOwnEstimate('invalid/not-a-workbook.xlsx'));
    expect(status).toBe(422);
    expect(body.message).toMatch(/is not a real \.xlsx file: it is a ZIP archive/);
  });

  it('refuses a workbook with broken insides (422)', async () => {
    const xlsx = readOwnEstimate('office-fit-out-ti.xlsx');
    const { status, body } = await refused('budget.xlsx', xlsx.subarray(0, Math.floor(xlsx.length / 2)));
    expect(status).toBe(422);
    expect(body.message).toMatch(/could not be read as an Excel workbook/);
  });

  it('answers a drawing with 422 and what to send instead', async () => {
    const dwg = Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(2000, 7)]);
    const { status, body } = await refused('floor plan.dwg', dwg);
    expect(status).toBe(422);
    expect(body.message).toBe(
      "Drawings can't be read as text; attach the estimate as PDF, image, spreadsheet or document",
    );
  });

  it('refuses unknown binary files (415) and binary content under a readable name (422)', async () => {
    const noise = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256));
    const unknown = await refused('export.bin', noise);
    expect(unknown.status).toBe(415);
    expect(unknown.body.message).toMatch(/\.bin files can't be read as an estimate/);
    const named = await refused('estimate.pdf', noise);
    expect(named.status).toBe(422);
    expect(named.body.message).toMatch(
      /is not a real \.pdf file: its content is an unrecognised binary file/,
    );
  });

  it('refuses a file over the size limit (413)', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_MB * 1024 * 1024 + 1, 0x61);
    const { status, body } = await refused('notes.txt', big);
    expect(status).toBe(413);
    expect(body.message).toBe(`File is too large (max ${MAX_UPLOAD_MB} MB)`);
  });

  it('refuses a PDF over the page limit (413)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= MAX_PDF_PAGES + 1; i++) {
      doc.addPage().drawText(`Estimate page ${i}`, { x: 72, y: 700, size: 12, font });
    }
    const { status, body } = await refused('long.pdf', await doc.save());
    expect(status).toBe(413);
    expect(body.message).toBe(
      `"long.pdf" has ${MAX_PDF_PAGES + 1} pages; at most ${MAX_PDF_PAGES} pages can be read. Split the PDF and upload the part with the estimate.`,
    );
  });

  it('refuses a .doc whose sector chain loops back on itself (422), before a parser walks it', async () => {
    const doc = Buffer.from(readOwnEstimate('bathroom-remodel.doc'));
    // The allocation table is sector 0 (after the 512-byte header); the WordDocument stream starts at
    // sector 2: point sector 3 back at sector 2 so following the chain never ends.
    expect(doc.readInt32LE(512 + 2 * 4)).toBe(3);
    doc.writeInt32LE(2, 512 + 3 * 4);
    const { status, body } = await refused('looping.doc', doc);
    expect(status).toBe(422);
    expect(body.message).toBe(
      '"looping.doc" could not be read as a Word 97-2003 document: a sector chain loops or points outside the file.',
    );
  });

  it('survives a reader process that runs out of memory: 422, and the next file is read', async () => {
    // A reader with a tiny heap dies on a large workbook, as one would on a hostile file.
    const sandbox = createExtractSandbox({ workers: 1, memoryMb: 24 });
    try {
      const limits = { maxBytes: 10_000_000, maxPdfPages: 50, ocrPageTimeoutMs: 1000 };
      const ocr = { recognize: async () => '' };
      const workbook = realEstimate('rajpwd_girwa_commercial_complex_estimate.xlsx');
      await expect(sandbox.run(workbook, { fileName: 'girwa.xlsx' }, limits, ocr)).rejects.toMatchObject({
        statusCode: 422,
        message:
          '"girwa.xlsx" could not be read: it is damaged, or too large or complex. Export it again (as a PDF or a simpler spreadsheet) and upload that.',
      });
      const next = await sandbox.run(Buffer.from('Roofing,8500\n'), { fileName: 'n.csv' }, limits, ocr);
      expect(next.content).toBe('## Sheet: n\nRoofing\t8500');
    } finally {
      await sandbox.close();
    }
  });

  it('stops reading a file that takes longer than its time budget', async () => {
    // 150 pages take seconds to read; the budget is a fraction of that, and far more than a text file needs.
    const { bytes } = await makeLargePdfEstimate(150);
    const sandbox = createExtractSandbox({ workers: 1, timeBudgetMs: 800 });
    try {
      const limits = { maxBytes: 50_000_000, maxPdfPages: 500, ocrPageTimeoutMs: 1000 };
      const ocr = { recognize: async () => '' };
      await expect(sandbox.run(bytes, { fileName: 'long.pdf' }, limits, ocr)).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(/^Reading "long\.pdf" took too long \(over 0\.8 s\)/),
      });
      // The stopped reader is replaced: the next file is read.
      const next = await sandbox.run(Buffer.from('Roofing\t$8,500\n'), { fileName: 'n.txt' }, limits, ocr);
      expect(next.content).toBe('Roofing\t$8,500\n');
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('still answers after all of that', async () => {
    const r = await parse('notes.txt', Buffer.from('Framing\t$12,000\r\nRoofing\t$8,500\r\n'));
    expect(r).toEqual({
      content: 'Framing\t$12,000\nRoofing\t$8,500\n',
      pages: 1,
      ocr: false,
      format: 'txt',
      warnings: [],
    });
  });
});

describe('plain text', () => {
  it('reads Windows-1252 text when it is not UTF-8', async () => {
    const latin = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x24, 0x35, 0x0a]);
    const r = await parse('notes.txt', latin);
    expect(r.content).toBe('Café – $5\n');
  });
});
