import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLargePdfEstimate } from '../../../../scripts/make-test-estimates.js';
import { fixturePath, readFixture } from '../../../../tests/support/fixtures.js';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import { createExtractSandbox, type SandboxOptions } from '../../providers/extract/sandbox.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { compiledReaderScript } from '../../testing/server-process.js';
import { PARSE_LIMIT } from './ingestion.routes.js';
import { ownExpected, parseFile, readEstimateOnce, readOwnEstimate } from './ingestion.test-support.js';

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

const realEstimate = (name: string) => readFixture(`estimates/${name}`);

/** A shared fixture or one of our own estimates, read whole once in the test run. */
const readReal = (name: string) => readEstimateOnce(t.app, user, name, realEstimate(name));
const readOwn = (name: string) => readEstimateOnce(t.app, user, name, readOwnEstimate(name));

async function refused(name: string, content: Uint8Array) {
  const res = await parseFile(t.app, user, name, content);
  return { status: res.statusCode, body: json<{ message: string; code?: string }>(res) };
}

/** Lines of a spreadsheet sheet (the text after its `## Sheet:` heading up to the next one). */
function sheet(content: string, name: string): string[] {
  const start = content.indexOf(`## Sheet: ${name}\n`);
  if (start < 0) return [];
  const rest = content.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => l.startsWith('## Sheet: '));
  return end < 0 ? rest : rest.slice(0, end);
}

/** Limits and OCR for reading files straight through a sandbox of reader processes. */
const readerLimits = { maxBytes: 50_000_000, maxPdfPages: 500, ocrPageTimeoutMs: 1000 };
const noOcr = { recognize: async () => '' };

/** A sandbox of reader processes running the run's compiled reader, as the test apps' do. */
const readerSandbox = (options: Partial<SandboxOptions>) =>
  createExtractSandbox({ workerScript: compiledReaderScript(), ...options });

/** The ids of the processes this one has started that are still there (Linux: from /proc). */
function childProcesses(): Set<number> {
  const children = new Set<number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The parent's id is the second field after the program name (which is in parentheses).
    const parent = stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/)[1];
    if (parent === String(process.pid)) children.add(Number(entry));
  }
  return children;
}

/** A sandbox whose one reader process has started and read a file, with that process's id. */
async function sandboxWithOneReader(options: Partial<SandboxOptions>) {
  const before = childProcesses();
  const sandbox = readerSandbox({ ...options, workers: 1 });
  await sandbox.run(Buffer.from('warm\n'), { fileName: 'warm.txt' }, readerLimits, noOcr);
  const started = [...childProcesses()].filter((pid) => !before.has(pid));
  if (started.length !== 1 || started[0] === undefined) {
    await sandbox.close();
    throw new Error(`expected the sandbox to start one reader process, found ${started.length}`);
  }
  return { sandbox, pid: started[0] };
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
    const r = await readReal('rajpwd_girwa_commercial_complex_measurements.pdf');
    expect(r).toMatchObject({ format: 'pdf', pages: 16, ocr: false });
    expect(r.content.split('\f')).toHaveLength(16);
    expect(r.content).toContain('CONSTRUCTION OF COMMERCIAL COMPLEX FOR PANCHAYAT SAMITI GIRWA');
    expect(r.content).toContain('DETAILS OF MEASUREMENTS');
    // A measurement row keeps its columns apart (runs of two or more spaces).
    expect(r.content).toMatch(/Right Side {2,}1 {2,}x {2,}25\.60 {2,}= {2,}25\.60 RM/);
    expect(r.content).toMatch(/Earth {1,2}work {1,2}in {1,2}excavation/);
  });

  it('reads the Caltrans bid summary: the bidders ranked, the low bid itemised, columns kept apart', async () => {
    const r = await readReal('caltrans_bid_summary_01-0a0904_seal_coat_6_bidders.pdf');
    expect(r).toMatchObject({ format: 'pdf', pages: 8, ocr: false });
    expect(r.content.split('\f')).toHaveLength(8);
    expect(r.content).toMatch(/^1 {2,}419,420\.00 {2,}2 {2,}INTERNATIONAL SURFACING/m);
    expect(r.content).toMatch(/ENGINEERS EST {2,}356,785\.00/);
    expect(r.content).toMatch(
      /^15 {2,}850122 {2,}PAVEMENT MARKER {2,}EA {2,}6,220 {2,}7\.70 {2,}47,894\.00$/m,
    );
    // The low bid's total ends its page; the remaining bidders follow by item number.
    expect(r.content).toMatch(/^TOTAL {2,}419,420\.00\f/m);
    expect(r.content).toMatch(/^TOT {2,}428,428\.00 {2,}432,845\.00 {2,}502,205\.00 {2,}514,740\.00/m);
  });

  it('reads the Girwa workbook and reports its #REF! cells', async () => {
    const r = await readReal('rajpwd_girwa_commercial_complex_estimate.xlsx');
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
    const nathdwara = await readReal('rajpwd_nathdwara_dj_quarter_estimate.xlsx');
    expect(nathdwara.format).toBe('xlsx');
    expect(nathdwara.content).toMatch(/1125396/);
    expect(nathdwara.content).toMatch(/127989/);
    expect(nathdwara.warnings).toEqual([]);

    const library = await readReal('rajpwd_block_library_estimate.xlsx');
    expect(library.pages).toBe((library.content.match(/^## Sheet: /gm) ?? []).length);
    expect(library.content).toMatch(/1384624/);
    expect(library.content).toMatch(/888113/);
    expect(library.content).toMatch(/3000012/);
  });

  it('reads the San Francisco bid items csv as tab-separated rows', async () => {
    const r = await readReal('sfpw_2977J_bid_items_DERIVED.csv');
    expect(r).toMatchObject({ format: 'csv', pages: 1, ocr: false, warnings: [] });
    const lines = r.content.split('\n');
    expect(lines[0]).toBe('## Sheet: sfpw_2977J_bid_items_DERIVED');
    expect(lines[1]).toBe('bid_item\tdescription\tunit\tcontract_qty\tunit_price');
    expect(lines).toContain('R-1\tTRAFFIC CONTROL FOR ROADWAY WORK\tLS\t1\t138000');
    // 51 items and the header, whatever quoting the source used.
    expect(lines.slice(1).filter((l) => l.split('\t').length === 5)).toHaveLength(52);
  });

  it('reads the legacy (.xls) Kharka bridge estimate: five sheets, the general abstract with its saved totals', async () => {
    const r = await readReal('kharka_bridge_rehab_estimate.xls');
    expect(r).toMatchObject({ format: 'xls', pages: 5, ocr: false });
    expect(r.warnings).toEqual(['Sheet "Sheet01": 1 cell is #REF!']);
    const abstract = sheet(r.content, 'Gen-Abst');
    expect(abstract).toContain('\tTotal\t58495784');
    expect(abstract).toContain('\tGrand Total\t60835615.36');
  });

  it('reads the legacy (.xls) INDOT bid tabulation: 46 rows, 23 items for each of 2 bidders', async () => {
    const r = await readReal('indot_bidtabs_2023-04-03.xls');
    expect(r).toMatchObject({ format: 'xls', pages: 1, ocr: false, warnings: [] });
    const rows = sheet(r.content, 'Sheet1')
      .slice(1)
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(46);
    const bidders = new Map<string, number>();
    for (const row of rows) bidders.set(row[6] ?? '', (bidders.get(row[6] ?? '') ?? 0) + 1);
    expect([...bidders.values()]).toEqual([23, 23]);
  });

  it('reads a legacy spreadsheet by its content, however it is named', async () => {
    const r = await readEstimateOnce(
      t.app,
      user,
      'estimate.doc',
      realEstimate('kharka_bridge_rehab_estimate.xls'),
    );
    expect(r.format).toBe('xls');
  });

  it("reads the Airport Way bid tab: four bidders and the Engineer's Estimate side by side, low bid $2,797,065", async () => {
    const name = 'pdx_airport_way_road_bidtab.xlsx';
    const r = await readReal(name);
    expect(r).toMatchObject({ format: 'xlsx', pages: 3, ocr: false, warnings: [] });
    expect(r.content.match(/^## Sheet: .*$/gm)).toEqual([
      '## Sheet: Bid Item List',
      '## Sheet: Bid Tabulation',
      '## Sheet: Summary',
    ]);
    const tab = sheet(r.content, 'Bid Tabulation');
    // The bidders head their Unit Price / Total Price pairs on one row, a name broken over two
    // lines in its cell included.
    const bidders = (tab[0] ?? '').split('\t').filter(Boolean).slice(1);
    expect(bidders).toHaveLength(5);
    expect(bidders[1]).toBe('K&E Excavating, Inc.');
    expect(bidders[2]).toMatch(/^Kerr Contractors +Oregon, Inc\.$/);
    expect(bidders[4]).toBe("Engineer's Estimate");
    expect(tab).toContain(
      '0019\tLevel 3, 1/2-Inch Dense HMAC\t16200\tTon\t105\t1701000\t110\t1782000\t103\t1668600\t114.25\t1850850\t125\t2025000',
    );
    // 0.35 × 11,000 is stored as 3849.9999999999995: it reads as the sheet shows it.
    expect(tab.find((l) => l.startsWith('0016\t'))).toContain('\t0.35\t3850\t');
    expect(r.content).not.toMatch(/\.\d*(?:99999|00000)\d/);
    // Each column's item totals add up to its Total Amount Bid: the low bid and the Engineer's Estimate.
    const items = tab.filter((l) => /^\d{4}\t/.test(l)).map((l) => l.split('\t'));
    expect(items).toHaveLength(19);
    const columnTotals = bidders.map((_, k) =>
      items.reduce((sum, cells) => sum + Number(cells[5 + 2 * k]), 0),
    );
    const totalRow = tab.find((l) => l.includes('Total Amount Bid (Basis of Award)'));
    expect(totalRow?.split('\t').filter(Boolean).slice(1).map(Number)).toEqual(columnTotals);
    expect(columnTotals[1]).toBe(2_797_065);
    expect(columnTotals[4]).toBe(3_875_250);
    expect(Math.min(...columnTotals.slice(0, 4))).toBe(2_797_065);
    const summary = sheet(r.content, 'Summary');
    expect(summary).toContain('K&E Excavating, Inc.\t2797065');
    expect(summary).toContain("Engineer's Estimate\t3875250");
  });

  it("reads the EGSE bid tab PDF: wrapped item descriptions, low bid $6,387,362.33, Engineer's Estimate $14,797,443.20", async () => {
    const name = 'pdx_egse_infrastructure_bidtab.pdf';
    const r = await readReal(name);
    expect(r).toMatchObject({ format: 'pdf', pages: 1, ocr: false, warnings: [] });
    expect(r.content).toContain('EGSE INFRASTRUCTURE INSTALLATION - PHASE 2');
    expect(r.content).toMatch(
      /Fortis Construction, Inc\. {2,}Northeast Electric, LLC {2,}Engineer's Estimate$/m,
    );
    // A description wrapping over lines: the priced line, then the rest of the name and the spec section.
    expect(r.content).toMatch(
      /^0014 {2,}Electrical Equipment Rack - Load Share {2,}23\.0 {2,}Each {2,}\$34,307\.97 {2,}\$789,083\.31 {2,}\$35,000\.00 {2,}\$805,000\.00 {2,}\$39,932\.00 {2,}\$918,436\.00\nConnected\n\(Section 260500\)$/m,
    );
    expect(r.content).toMatch(
      /^Total Amount Bid \(Basis of Award\) {2,}\$6,387,362\.33 {2,}\$7,573,242\.00 {2,}\$14,797,443\.20$/m,
    );
    // 21 items, each with three Unit Price / Total Price pairs whose totals add up to the Total line.
    const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);
    const items = r.content
      .split('\n')
      .filter((l) => /^00\d\d {2,}/.test(l))
      .map((l) => (l.match(/\$[\d,]+\.\d\d/g) ?? []).map(cents));
    expect(items).toHaveLength(21);
    expect(items.every((amounts) => amounts.length === 6)).toBe(true);
    const column = (i: number) => items.reduce((sum, amounts) => sum + (amounts[i] ?? 0), 0) / 100;
    expect([column(1), column(3), column(5)]).toEqual([6_387_362.33, 7_573_242, 14_797_443.2]);
  });

  describe('the Taxiway K opinion of probable cost (one read for its tests)', () => {
    const name = 'pdx_taxiway_k_opc_csi_recap.xlsx';
    /** Its one read takes ~15 s on an idle 2-core machine and has taken 90 s on a busy one. */
    const TAXIWAY_TIMEOUT = 300_000;
    let read: Promise<ParsePdfResponse> | undefined;
    /** Read once, on first use, through the endpoint. */
    const workbook = () => {
      read ??= readReal(name);
      return read;
    };

    it(
      'reads every sheet; the summary: hard + soft costs, 30% / 15% contingencies and escalation make $28,979,690.41',
      async () => {
        const r = await workbook();
        expect(r).toMatchObject({ format: 'xlsx', pages: 13, ocr: false, warnings: [] });
        expect(r.pages).toBe((r.content.match(/^## Sheet: /gm) ?? []).length);
        const summary = sheet(r.content, 'Summary');
        const figure = (label: string) => {
          const line = summary.find((l) => l.startsWith(`\t${label}\t`));
          expect(line, label).toBeDefined();
          return Number(line?.split('\t')[2]);
        };
        const hard = figure('HARD COST SUBTOTAL');
        const soft = figure('SOFT COST SUBTOTAL');
        expect(hard).toBeCloseTo(15_778_427.87, 2);
        expect(figure('HARD COST CONTINGENCY')).toBeCloseTo(hard * 0.3, 2);
        expect(figure('SOFT COST CONTINGENCY')).toBeCloseTo(soft * 0.15, 2);
        const total = figure('TOTAL PROJECT ESTIMATE');
        expect(total).toBeCloseTo(28_979_690.41, 2);
        const parts = ['HARD COST CONTINGENCY', 'SOFT COST CONTINGENCY', 'ESCALATION'].map(figure);
        expect(hard + soft + parts.reduce((a, b) => a + b, 0)).toBeCloseTo(total, 2);
      },
      TAXIWAY_TIMEOUT,
    );

    it(
      'reads the recap by CSI division (01–41 and FAA 51–60, mostly empty) adding up to the hard cost',
      async () => {
        const summary = sheet((await workbook()).content, 'Summary');
        const recap = summary.slice(
          summary.indexOf('\tHard Cost Summary'),
          summary.indexOf('\tSoft Cost Summary'),
        );
        const divisions = recap
          .map((l) => l.match(/^\t(\d\d) [^\t]+(?:\t([\d.]+))?$/))
          .filter((m): m is RegExpMatchArray => m !== null);
        expect(divisions.map((m) => m[1])).toEqual(
          expect.arrayContaining(['01', '26', '33', '41', '51', '60']),
        );
        expect(divisions.length).toBeGreaterThan(30);
        const priced = divisions.filter((m) => m[2] !== undefined);
        expect(priced.length).toBeLessThan(divisions.length / 2);
        expect(recap).toContain('\t54 Flexible Surface Courses FAA\t5509390');
        const sum = priced.reduce((total, m) => total + Number(m[2]), 0);
        expect(sum).toBeCloseTo(15_778_427.87, 2);
      },
      TAXIWAY_TIMEOUT,
    );

    it(
      'reads the hard-cost rows (Division / Cost Code / Item / Qty / Unit / Rate / Total), mobilization as 10% of the rest',
      async () => {
        const hard = sheet((await workbook()).content, 'Hard Cost Estimate Form');
        expect(hard).toContain(
          'Division\tCost Code Description\tCost Code\tItem Description\tQTY\tUnit\tUnit Rate\tTotal',
        );
        expect(hard).toContain(
          '54 Flexible Surface Courses FAA\t(Superpave™) Plant Mix Bituminous Bases (P-403sp)\t540000\tBase Course\t29530\tTon\t127\t3750310\t7/28/2023 Revised to reflect removal of Twy K West M&I (K1/10L to K/E)',
        );
        const rows = hard.filter((l) => /^\d\d [^\t]+\t/.test(l)).map((l) => l.split('\t'));
        const mobilization = rows.find((cells) => cells[3] === 'Mobilization');
        expect(mobilization?.slice(4, 6)).toEqual(['0.1', '%']);
        const others = rows.filter((cells) => cells !== mobilization && cells[7]);
        // Every priced row is quantity × rate.
        for (const cells of others)
          expect(Number(cells[4]) * Number(cells[6])).toBeCloseTo(Number(cells[7]), 2);
        const subtotal = others.reduce((sum, cells) => sum + Number(cells[7]), 0);
        expect(Number(mobilization?.[6])).toBeCloseTo(subtotal, 2);
        expect(Number(mobilization?.[7])).toBeCloseTo(subtotal * 0.1, 2);
        expect(subtotal + Number(mobilization?.[7])).toBeCloseTo(15_778_427.87, 2);
      },
      TAXIWAY_TIMEOUT,
    );
  });

  it("reads the masonry subcontractor's detail: a subtotal under every item, the recap by scope, $124,173.00", async () => {
    const name = 'us_commercial_masonry_sub_estimate_detail.pdf';
    const r = await readReal(name);
    expect(r).toMatchObject({ format: 'pdf', pages: 3, ocr: false, warnings: [] });
    expect(r.content.split('\f')).toHaveLength(3);
    // A scope starts a page or a line: `Scope:   EIFS` follows the page break.
    for (const scope of ['BRICK', 'STUCCO', 'EIFS']) {
      expect(r.content).toMatch(new RegExp(`(?:^|\f)Scope: +${scope}$`, 'm'));
    }
    expect(r.content).toMatch(
      /^Modular Sized Face Brick {2,}2,352 {2,}SQ FT {2,}6\.750 {2,}15,876 {2,}794 {2,}16,670 {2,}\$0\.60 {2,}\$1\.03 {2,}\$0\.00 {2,}\$10,002\.00 {2,}\$17,170\.10 {2,}\$825\.16 {2,}\$27,997\.26$/m,
    );
    expect((r.content.match(/^Sub Total: /gm) ?? []).length).toBeGreaterThan(15);
    expect(r.content).toMatch(/^Duration: 2\.02 Week\(s\)/m);
    expect(r.content).toMatch(/^MARKUP % {2,}22 % {2,}22 % {2,}22 %$/m);
    // Each scope's subtotal (cost + 22%) is rounded up to the dollar: brick $60,397, stucco $35,055, EIFS $28,721.
    expect(r.content).toMatch(/^SUBTOTAL {2,}\$60,396\.01 {2,}\$35,054\.31 {2,}\$28,720\.81$/m);
    expect(r.content).toMatch(/^SCOPE TOTAL {2,}\$60,397\.00 {2,}\$35,055\.00 {2,}\$28,721\.00$/m);
    expect(60_397 + 35_055 + 28_721).toBe(124_173);
    expect(r.content).toMatch(/^SUBTOTAL {2,}\$124,171\.14$/m);
    expect(r.content).toMatch(/^GRANDTOTAL {2,}\$124,173\.00$/m);
    // Its own cost per square foot is wrong ($124,173 / 11,182 SF is $11.10); it is read as written.
    expect(r.content).toMatch(/^COST \/ SQFT {2,}\$103\.04 \/ SQFT$/m);
  });

  it('reads the masonry bid summary PDF: three scopes, $124,173.00, the award conditions and exclusions', async () => {
    const name = 'us_masonry_sub_bid_summary.pdf';
    const r = await readReal(name);
    expect(r).toMatchObject({ format: 'pdf', pages: 1, ocr: false, warnings: [] });
    expect(r.content).toMatch(/^SCOPE {2,}DESCRIPTION {2,}AMOUNT$/m);
    // The scope name sits on the middle line of its wrapped description, beside the amount.
    expect(r.content).toMatch(/^BRICK {2,}two-piece ties, .* {2,}\$60,397\.00$/m);
    expect(r.content).toMatch(/^STUCCO {2,}accessories, .* {2,}\$35,055\.00$/m);
    expect(r.content).toMatch(/^EIFS {2,}raised band, .* {2,}\$28,721\.00$/m);
    expect(r.content).toMatch(/^GRAND TOTAL: {2,}\$124,173\.00$/m);
    expect(r.content).toContain('allowance of $600/M');
    expect(r.content).toContain('PRICE BASED ON ALL SCOPES BEING AWARDED');
    expect(r.content).toMatch(/^Exclusions:$/m);
  });

  it('reads the Spanish presupuesto with its decimal commas: PEM 603.315,73 €, PEC 868.714,31 €', async () => {
    const name = 'es_presupuesto_calypo_fado_urbanizacion.pdf';
    const r = await readReal(name);
    expect(r).toMatchObject({ format: 'pdf', pages: 18, ocr: false, warnings: [] });
    expect(r.content.split('\f')).toHaveLength(18);
    expect(r.content).toMatch(/^CÓDIGO {2,}RESUMEN {2,}CANTIDAD {2,}PRECIO {2,}IMPORTE$/m);
    expect(r.content).toContain('U01AB100     m  DEMOLICIÓN Y LEVANTADO DE BORDILLO AISLADO');
    // Quantity, price and amount on their own line, decimal comma and dot thousands as printed.
    expect(r.content).toMatch(/^1\.605,90 {2,}7,85 {2,}12\.606,32$/m);
    expect(r.content).toMatch(/^0,00 {2,}5,92 {2,}0,00$/m);
    expect(r.content).toMatch(/^TOTAL SUBCAPÍTULO C08\.01 CALLE TENERIFE\.+ +110\.289,85$/m);
    expect(r.content).toMatch(/^TOTAL CAPÍTULO C01 ACTUACIONES EN CALYPO FADO\.+ +589\.775,73$/m);
    expect(r.content).toMatch(/^TOTAL CAPÍTULO C10 VARIOS\.+ +13\.540,00$/m);
    const euros = (label: RegExp) => {
      const m = r.content.match(new RegExp(`^${label.source}[ .]+(\\d{1,3}(?:\\.\\d{3})*,\\d\\d)$`, 'm'));
      expect(m, label.source).not.toBeNull();
      return Math.round(Number((m?.[1] ?? '').replace(/\./g, '').replace(',', '.')) * 100);
    };
    const pem = euros(/PRESUPUESTO DE EJECUCIÓN MATERIAL/);
    expect(pem).toBe(60_331_573);
    expect(pem).toBe(
      euros(/TOTAL CAPÍTULO C01 ACTUACIONES EN CALYPO FADO/) + euros(/TOTAL CAPÍTULO C10 VARIOS/),
    );
    // GG 13% and BI 6% of the PEM, then IVA 21%: the PEC.
    const gg = euros(/13,00% Gastos generales/);
    const bi = euros(/6,00% Beneficio industrial/);
    const iva = euros(/21,00% I\.V\.A\./);
    expect(gg).toBe(Math.round(pem * 0.13));
    expect(bi).toBe(Math.round(pem * 0.06));
    expect(iva).toBe(Math.round((pem + gg + bi) * 0.21));
    expect(euros(/PRESUPUESTO DE EJECUCIÓN POR CONTRATA/)).toBe(86_871_431);
    expect(pem + gg + bi + iva).toBe(86_871_431);
  });

  it('refuses the 33-page Oman BOQ under a 20-page limit, saying how to split it (413)', async () => {
    const { status, body } = await refused('boq.pdf', realEstimate('oman_fitout_boq_by_floor.pdf'));
    expect(status).toBe(413);
    expect(body.message).toBe(
      `"boq.pdf" has 33 pages; at most ${MAX_PDF_PAGES} pages can be read. Split the PDF and upload the part with the estimate.`,
    );
  });

  describe('under the default limits', () => {
    let roomy: TestApp;
    let reader: Agent;
    beforeAll(async () => {
      roomy = await createTestApp();
      reader = roomy.agent();
      await reader.signUpWithCompany({ company: 'Roomy Readers' });
    });
    afterAll(async () => {
      await roomy.close();
    });

    it('reads the German tender (Leistungsverzeichnis): 88 pages, positions with quantities and blank prices', async () => {
      const name = 'de_rohbau_leistungsverzeichnis_unpriced.pdf';
      const r = await readEstimateOnce(roomy.app, reader, name, realEstimate(name));
      expect(r).toMatchObject({ format: 'pdf', pages: 88, ocr: false });
      expect(r.content.split('\f')).toHaveLength(88);
      expect(r.content).toMatch(
        /^OZ \/ Pos\.-Nr\. {2,}Menge {2,}Einheit {2,}Einheitspreis {2,}Gesamtbetrag$/m,
      );
      expect(r.content).toMatch(/^2\.2\.6 {2,}RAUSIKKO Box 8\.6 SC$/m);
      expect(r.content).toMatch(/^Angebotssumme netto : {2,}EUR {2,}\.{10,}$/m);
    });

    it('reads the Oman fit-out BOQ by floor: 275 items adding up to 172,530.000, + 5% VAT = 181,156.500', async () => {
      const name = 'oman_fitout_boq_by_floor.pdf';
      const r = await readEstimateOnce(roomy.app, reader, name, realEstimate(name));
      expect(r).toMatchObject({ format: 'pdf', pages: 33, ocr: false, warnings: [] });
      expect(r.content.split('\f')).toHaveLength(33);
      expect(r.content).toMatch(
        /^Item Code {2,}Item Name {2,}Item Details {2,}Additional Information {2,}UOM {2,}Quantity {2,}Rat {2,}Amount$/m,
      );
      // The floor is written inside the item name; quantity and rate come on different lines.
      expect(r.content).toMatch(
        /^Bill No\. 2\.3 {2,}GROUND FLOOR, MAIN {2,}12 mm thick toughened clear glass with vinyl sticker {2,}Item Code GL-101 {2,}m2 {2,}56\nENTRANCES, WALL {2,}signage\. {2,}55 {2,}3,080\.000$/m,
      );
      const bills = [...r.content.matchAll(/^Bill No\. 2\.(\d+) /gm)].map((m) => Number(m[1]));
      expect(new Set(bills).size).toBe(275);
      expect(Math.max(...bills)).toBe(275);
      const mils = (s: string) => Math.round(Number(s.replace(/,/g, '')) * 1000);
      const amounts = r.content
        .split(/[\n\f]/)
        .filter((l) => !/^(?:Total|VAT|G\.Total) /.test(l))
        .map((l) => l.match(/ {2,}(\d{1,3}(?:,\d{3})*\.\d{3})$/)?.[1])
        .filter((a): a is string => a !== undefined);
      expect(amounts).toHaveLength(275);
      expect(amounts.reduce((sum, a) => sum + mils(a), 0)).toBe(172_530_000);
      expect(r.content).toMatch(/^Total {2,}172,530\.000\nVAT {2,}8,626\.500\nG\.Total {2,}181,156\.500$/m);
      expect((mils('172,530.000') * 5) / 100).toBe(mils('8,626.500'));
    }, 120_000);
  });

  it('covers every estimate fixture (a new one needs a test here)', () => {
    expect(readdirSync(fixturePath('estimates')).sort()).toEqual([
      'caltrans_bid_summary_01-0a0904_seal_coat_6_bidders.pdf',
      'de_rohbau_leistungsverzeichnis_unpriced.pdf',
      'es_presupuesto_calypo_fado_urbanizacion.pdf',
      'indot_bidtabs_2023-04-03.xls',
      'kharka_bridge_rehab_estimate.xls',
      'oman_fitout_boq_by_floor.pdf',
      'pdx_airport_way_road_bidtab.xlsx',
      'pdx_egse_infrastructure_bidtab.pdf',
      'pdx_taxiway_k_opc_csi_recap.xlsx',
      'rajpwd_block_library_estimate.xlsx',
      'rajpwd_girwa_commercial_complex_estimate.xlsx',
      'rajpwd_girwa_commercial_complex_measurements.pdf',
      'rajpwd_nathdwara_dj_quarter_estimate.xlsx',
      'sfpw_2977J_bid_items_DERIVED.csv',
      'us_commercial_masonry_sub_estimate_detail.pdf',
      'us_masonry_sub_bid_summary.pdf',
      // Read by text recognition: ingestion-ocr.test.ts.
      'us_masonry_sub_bid_summary_image.jpg',
    ]);
  });
});

describe('our own test estimates', () => {
  const expected = ownExpected().estimates;

  it('reads the kitchen-and-bath remodel PDF with its columns and totals', async () => {
    const e = expected['residential-kitchen-bath-remodel'];
    const r = await readOwn('residential-kitchen-bath-remodel.pdf');
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
    const r = await readOwn('new-home-2400sf.pdf');
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
    const r = await readOwn('office-fit-out-ti.xlsx');
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
    const r = await readOwn('office-fit-out-ti.csv');
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
    const r = await readOwn('bathroom-remodel.docx');
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
    const r = await readOwn('bathroom-remodel.doc');
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
    const sandbox = readerSandbox({ workers: 1, memoryMb: 24 });
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

  it('stops reading a file that spends more CPU time than its budget', async () => {
    // 150 pages take seconds of CPU to read; the budget is a fraction of that, and far more than a
    // text file needs. The clock ceiling is out of reach, so only the CPU budget can stop it.
    const { bytes } = await makeLargePdfEstimate(150);
    const sandbox = readerSandbox({ workers: 1, timeBudgetMs: 800, wallCeilingMs: 30 * 60_000 });
    try {
      await expect(sandbox.run(bytes, { fileName: 'long.pdf' }, readerLimits, noOcr)).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(/^Reading "long\.pdf" took too long \(over 0\.8 s\)/),
      });
      // The stopped reader is replaced: the next file is read.
      const next = await sandbox.run(
        Buffer.from('Roofing\t$8,500\n'),
        { fileName: 'n.txt' },
        readerLimits,
        noOcr,
      );
      expect(next.content).toBe('Roofing\t$8,500\n');
    } finally {
      await sandbox.close();
    }
  }, 180_000);

  describe.skipIf(!existsSync('/proc/self/stat'))('the time budget counts CPU time, not the clock', () => {
    // A stopped process gets no CPU, as a reader on a machine whose cores are all taken gets little:
    // its read takes longer on the clock without doing more work.
    it('reads a file although its reader was kept waiting for the CPU more than twice its budget', async () => {
      const { sandbox, pid } = await sandboxWithOneReader({ timeBudgetMs: 3000 });
      try {
        const started = performance.now();
        process.kill(pid, 'SIGSTOP');
        const reading = sandbox.run(
          Buffer.from('Roofing\t$8,500\n'),
          { fileName: 'n.txt' },
          readerLimits,
          noOcr,
        );
        reading.catch(() => undefined);
        await sleep(6500);
        process.kill(pid, 'SIGCONT');
        await expect(reading).resolves.toMatchObject({ content: 'Roofing\t$8,500\n' });
        expect(performance.now() - started).toBeGreaterThan(6000);
      } finally {
        await sandbox.close();
      }
    }, 60_000);

    it('still stops a reader stuck without using CPU, at the clock ceiling', async () => {
      const { sandbox, pid } = await sandboxWithOneReader({ timeBudgetMs: 60_000, wallCeilingMs: 1500 });
      try {
        process.kill(pid, 'SIGSTOP');
        await expect(
          sandbox.run(Buffer.from('Roofing\t$8,500\n'), { fileName: 'stuck.txt' }, readerLimits, noOcr),
        ).rejects.toMatchObject({
          statusCode: 422,
          message: expect.stringMatching(/^Reading "stuck\.txt" took too long \(over 1\.5 s\)/),
        });
        // The stuck reader is replaced: the next file is read.
        const next = await sandbox.run(
          Buffer.from('Framing,12000\n'),
          { fileName: 'n.csv' },
          readerLimits,
          noOcr,
        );
        expect(next.content).toBe('## Sheet: n\nFraming\t12000');
      } finally {
        await sandbox.close();
      }
    }, 60_000);
  });

  describe.skipIf(!existsSync('/proc/self/stat'))('the reader process', () => {
    it('runs the reader script it is given, without the TypeScript loader', async () => {
      const script = t.config.ingestion.readerScript;
      expect(script).toBe(compiledReaderScript());
      expect(script && existsSync(script), `${script}`).toBe(true);
      const { sandbox, pid } = await sandboxWithOneReader({ workerScript: script });
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        expect(args).toContain(script);
        expect(args.join(' ')).not.toMatch(/tsx/);
      } finally {
        await sandbox.close();
      }
    });
  });

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
