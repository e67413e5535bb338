/**
 * Every upload route of the route table (each route whose schema consumes multipart/form-data) gets
 * every hostile file of ./testing/hostile-files.ts: zip bombs named .docx and .xlsx, a workbook of a
 * million rows, a PNG declaring ten gigapixels, encrypted, truncated and scripted PDFs, files whose
 * extension lies, an empty file, and file names that climb out of folders or carry control
 * characters. Each must be answered with a clear 4xx and a message, or be read or stored with a
 * clear outcome: never a 5xx, never a request over the product's 30 s, the server's memory back to
 * its baseline afterwards, the file readers' processes gone with the app, and every table of the
 * database unchanged by each refusal.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from './app.js';
import { rowsOf } from './db/client.js';
import { createExtractSandbox } from './providers/extract/sandbox.js';
import { type Agent, createTestApp, type TestApp } from './testing/harness.js';
import {
  encryptedPdf,
  hostileNames,
  hugeImagePdf,
  hugePng,
  javascriptPdf,
  manyRowsCsv,
  manyRowsXlsx,
  plainPdf,
  programBytes,
  smallPng,
  truncatedPdf,
  zipBombDocx,
  zipBombXlsx,
} from './testing/hostile-files.js';
import { compiledReaderScript } from './testing/server-process.js';

/** The product's promise: no upload request takes longer than this. */
const REQUEST_LIMIT_MS = 30_000;
/** A plan generation started from an upload settles within this (it reads the file in the background). */
const JOB_LIMIT_MS = 120_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let t: TestApp;
let owner: Agent;
let projectId: number;
let storageDir: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Fuzz Builders' });
  projectId = await owner.createProject({ name: 'Hostile uploads' });
  if (t.config.storage.kind !== 'local') throw new Error('the suite checks files on local storage');
  storageDir = t.config.storage.dir;
});
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------- the routes

const isUploadRoute = (r: RouteInfo) =>
  ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');

/** A route that may be called without a body (none declared, or one that accepts nothing). */
const takesNoBody = (r: RouteInfo) => {
  const body = r.schema?.body as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return !body || body.safeParse?.(undefined).success === true;
};

const uploadRoutes = () => t.app.routeTable.filter((r) => isUploadRoute(r) && r.method !== 'HEAD');

/** A file each route takes as it should (the file names are tried on it). */
function normalFile(url: string): { ext: string; content: Buffer } {
  if (url === '/api/contacts/import') {
    return { ext: 'csv', content: Buffer.from('Name,Email,Type\nAna Ruiz,ana@example.com,client\n') };
  }
  if (url === '/api/projects/import') return { ext: 'xml', content: Buffer.from(mspdi()) };
  return {
    ext: 'txt',
    content: Buffer.from(
      'Smith Residence Remodel Estimate\nDemolition and haul-off\t$4,500.00\nFraming labor and materials\t$12,000.00\nTotal\t$16,500.00\n',
    ),
  };
}

function mspdi(): string {
  const day = (type: number) =>
    `<WeekDay><DayType>${type}</DayType><DayWorking>${type >= 2 && type <= 6 ? 1 : 0}</DayWorking>${
      type >= 2 && type <= 6
        ? '<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>16:00:00</ToTime></WorkingTime></WorkingTimes>'
        : ''
    }</WeekDay>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Project xmlns="http://schemas.microsoft.com/project">' +
    '<Name>Imported</Name><StartDate>2026-03-02T08:00:00</StartDate><CalendarUID>1</CalendarUID>' +
    '<MinutesPerDay>480</MinutesPerDay><Calendars><Calendar><UID>1</UID><Name>Standard</Name>' +
    `<IsBaseCalendar>1</IsBaseCalendar><WeekDays>${[1, 2, 3, 4, 5, 6, 7].map(day).join('')}</WeekDays>` +
    '</Calendar></Calendars><Tasks><Task><UID>1</UID><ID>1</ID><Name>Mobilize</Name>' +
    '<OutlineLevel>1</OutlineLevel><Duration>PT8H0M0S</Duration><Milestone>0</Milestone>' +
    '<Summary>0</Summary></Task></Tasks></Project>'
  );
}

/** The route's path with its parameters filled in (every upload route's `:id` is the project). */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, String(projectId));

// ---------------------------------------------------------------- sending

/**
 * A multipart body written by hand, so that a file name reaches the server exactly as given. `raw`
 * writes the name's characters as they are inside the quotes (only `"` and `\\` escaped), as a
 * careless or hostile client does; `encoded` writes it in RFC 5987 form (`filename*=UTF-8''…`),
 * which the parser decodes back to those characters. A name with a line break can only be encoded
 * (raw, it would end the header).
 */
function multipart(
  fileName: string,
  content: Buffer,
  form: 'raw' | 'encoded' = 'raw',
): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const disposition =
    form === 'raw' && !/[\r\n]/.test(fileName)
      ? `filename="${fileName.replace(/["\\]/g, (c) => `\\${c}`)}"`
      : `filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: unknown };
  ms: number;
}

async function send(
  url: string,
  fileName: string,
  content: Buffer,
  form: 'raw' | 'encoded' = 'raw',
): Promise<Answer> {
  const { payload, contentType } = multipart(fileName, content, form);
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: owner.remoteAddress,
    headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
  const ms = performance.now() - started;
  let body: Answer['body'];
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body, ms };
}

// ---------------------------------------------------------------- what the database holds

/**
 * Every table's row count and a checksum of its rows (each row as text, in order). Sessions are left
 * out: reading a signed-in request may refresh its session's last-seen time, whatever it sends.
 */
async function databaseState(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await t.ctx.db.execute(
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
    ),
  )
    .map((r) => r.name)
    .filter((name) => name !== 'sessions');
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as state from "${name}" t`,
    )
    .join(' union all ');
  const rows = rowsOf<{ name: string; state: string }>(await t.ctx.db.execute(sql.raw(query)));
  return Object.fromEntries(rows.map((r) => [r.name, r.state]));
}

/**
 * Whether the insights refresh has work waiting or running: a schedule written by an accepted upload
 * (an imported project, a plan) has its insights rewritten in the background a moment later.
 */
async function refreshPending(): Promise<boolean> {
  let idle = false;
  void t.ctx.insightsRefresh.idle().then(() => {
    idle = true;
  });
  await new Promise((r) => setImmediate(r));
  return !idle;
}

/** The tables only the insights refresh writes in the background. */
const REFRESHED_TABLES = ['ai_insights'];

/**
 * Expects the database as it was before a refused upload. A table the insights refresh writes is
 * compared only when no refresh was waiting meanwhile (one was asked for by an earlier, accepted
 * upload; the refused one cannot have asked, since it wrote nothing the refresh follows).
 */
async function expectUnchanged(before: Record<string, string>, refreshWaited: boolean, what: string) {
  const after = await databaseState();
  if (refreshWaited || (await refreshPending())) {
    for (const table of REFRESHED_TABLES) {
      delete before[table];
      delete after[table];
    }
  }
  expect(after, what).toEqual(before);
}

// ---------------------------------------------------------------- what is left running

/** Resident memory of a process in MB, from `/proc` (undefined when it is gone). */
function rssMb(pid: number | 'self'): number | undefined {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return (Number(statm[1]) * 4096) / (1024 * 1024);
  } catch {
    return undefined;
  }
}

/** This process's children that read files (the readers' sandbox processes). */
function readerProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('extract-worker')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function settledMemory() {
  gc();
  gc();
  const m = process.memoryUsage();
  return {
    heapMb: m.heapUsed / (1024 * 1024),
    externalMb: m.external / (1024 * 1024),
    rssMb: m.rss / (1024 * 1024),
  };
}

// ---------------------------------------------------------------- checking an outcome

/** A name that can neither leave a folder nor break a header, a log line or a database value. */
function expectSafeName(name: string) {
  expect(name).not.toMatch(/[/\\]/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  expect(name).not.toMatch(/[\u0000-\u001f\u007f]/);
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(255);
  expect(['.', '..']).not.toContain(name);
}

interface StoredDocument {
  id: number;
  originalName: string;
  name: string;
}

/** The document's row names a file inside the storage folder, and that file is there. */
async function expectStoredSafely(doc: StoredDocument) {
  expectSafeName(doc.originalName);
  const [row] = rowsOf<{ file_path: string }>(
    await t.ctx.db.execute(sql`select file_path from documents where id = ${doc.id}`),
  );
  expect(row).toBeDefined();
  const root = realpathSync(storageDir);
  const path = resolve(root, row?.file_path ?? '');
  expect(path.startsWith(root + sep)).toBe(true);
  expect(existsSync(path)).toBe(true);
  expect(realpathSync(path)).toBe(path);
}

async function settledGeneration(id: number): Promise<{ status: string; error: string | null }> {
  const started = performance.now();
  for (;;) {
    const res = await owner.get(`/api/plans/${id}`);
    expect(res.statusCode).toBe(200);
    const row = res.json() as { status: string; error: string | null };
    if (row.status !== 'running') return row;
    if (performance.now() - started > JOB_LIMIT_MS) throw new Error(`plan generation ${id} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Outcome {
  route: string;
  file: string;
  status: number;
  message: string;
  ms: number;
  job?: { status: string; error: string | null; ms: number };
}

const outcomes: Outcome[] = [];

/**
 * Sends the file to the route and checks the answer: under the time limit, no 5xx; a refusal is a
 * 4xx with a message and leaves every table as it was; an accepted file is read, stored under a safe
 * name inside the storage folder, or planned to a clear end (a failed plan says why).
 */
async function tryUpload(
  route: RouteInfo,
  fileName: string,
  content: Buffer,
  label: string,
  form: 'raw' | 'encoded' = 'raw',
) {
  const url = pathOf(route.url);
  const refreshWaited = await refreshPending();
  const before = await databaseState();
  const answer = await send(url, fileName, content, form);
  const outcome: Outcome = {
    route: `${route.method} ${route.url}`,
    file: label,
    status: answer.status,
    message: String(answer.body.message ?? ''),
    ms: Math.round(answer.ms),
  };
  outcomes.push(outcome);
  const what = `${outcome.route} ← ${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.ms, what).toBeLessThan(REQUEST_LIMIT_MS);
  if (answer.status >= 400) {
    expect(answer.status, what).toBeGreaterThanOrEqual(400);
    expect(typeof answer.body.message, what).toBe('string');
    expect(String(answer.body.message).length, what).toBeGreaterThan(5);
    await expectUnchanged(before, refreshWaited, what);
    return;
  }
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  if (route.url.endsWith('/documents')) {
    for (const doc of answer.body as unknown as StoredDocument[]) await expectStoredSafely(doc);
  } else if (route.url.endsWith('/plans')) {
    const started = performance.now();
    const ids = (answer.body as { generationIds: number[] }).generationIds;
    for (const id of ids) {
      const job = await settledGeneration(id);
      outcome.job = { ...job, ms: Math.round(performance.now() - started) };
      if (job.status === 'failed') expect(job.error?.length ?? 0, what).toBeGreaterThan(5);
    }
    const docs = (await owner.get(`/api/projects/${projectId}/documents`)).json() as StoredDocument[];
    for (const doc of docs) await expectStoredSafely(doc);
  } else if (route.url === '/api/contacts/import') {
    // A preview (the default mode) writes nothing; the name it answers with is the cleaned one.
    await expectUnchanged(before, refreshWaited, what);
    expectSafeName(String((answer.body as { fileName?: unknown }).fileName));
  } else if (route.url === '/api/projects/import') {
    const project = (answer.body as { project: { id: number } }).project;
    const [row] = rowsOf<{ description: string | null; name: string }>(
      await t.ctx.db.execute(sql`select name, description from projects where id = ${project.id}`),
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    expect(row?.description ?? '', what).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  } else if (route.url === '/api/parse-pdf') {
    expect(typeof (answer.body as { content?: unknown }).content, what).toBe('string');
  }
}

// ---------------------------------------------------------------- the cases

/** Routes a file is not sent to, and why (none now: every route takes every case). */
const NOT_SENT: Record<string, readonly string[]> = {};

const HOSTILE_FILES: { label: string; name: string; make: () => Buffer }[] = [
  { label: 'zip bomb as .docx', name: 'estimate.docx', make: () => zipBombDocx() },
  {
    label: 'zip bomb as .docx, sizes lying',
    name: 'estimate.docx',
    make: () => zipBombDocx({ lying: true }),
  },
  { label: 'zip bomb as .xlsx', name: 'estimate.xlsx', make: () => zipBombXlsx() },
  {
    label: 'zip bomb as .xlsx, sizes lying',
    name: 'estimate.xlsx',
    make: () => zipBombXlsx({ lying: true }),
  },
  { label: 'a million rows', name: 'estimate.xlsx', make: () => manyRowsXlsx() },
  { label: 'a CSV of 200,000 rows', name: 'contacts.csv', make: () => manyRowsCsv(200_000) },
  { label: 'PNG of 100,000 × 100,000 px', name: 'scan.png', make: hugePng },
  { label: 'PDF painting a 100,000 × 100,000 px image', name: 'scan.pdf', make: hugeImagePdf },
  { label: 'encrypted PDF', name: 'estimate.pdf', make: encryptedPdf },
  { label: 'truncated PDF', name: 'estimate.pdf', make: () => truncatedPdf() },
  { label: 'PDF with a JavaScript action', name: 'estimate.pdf', make: javascriptPdf },
  { label: 'PNG named .pdf', name: 'estimate.pdf', make: smallPng },
  { label: 'program named .xlsx', name: 'estimate.xlsx', make: programBytes },
  { label: 'program named .pdf', name: 'estimate.pdf', make: programBytes },
  { label: 'PDF named .xml', name: 'schedule.xml', make: plainPdf },
  { label: 'empty file', name: 'estimate.pdf', make: () => Buffer.alloc(0) },
];

describe('hostile uploads', () => {
  let baseline: ReturnType<typeof settledMemory>;

  it('finds the upload routes in the route table', () => {
    const found = uploadRoutes().map((r) => `${r.method} ${r.url}`);
    // The routes known today; a route added later is found the same way and fuzzed like these.
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/parse-pdf',
        'POST /api/projects/:id/documents',
        'POST /api/projects/:id/plans',
        'POST /api/contacts/import',
        'POST /api/projects/import',
      ]),
    );
  });

  it('every other route that takes a body refuses a multipart upload (so none reads one undeclared)', async () => {
    const others = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH'].includes(r.method) && !isUploadRoute(r),
    );
    const { payload, contentType } = multipart('estimate.txt', normalFile('/').content);
    const answers: string[] = [];
    for (const r of others) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: pathOf(r.url),
        remoteAddress: owner.remoteAddress,
        headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': contentType },
        payload,
      });
      // A route whose body is optional may answer as if called without one: it never reads the parts.
      if ([400, 415].includes(res.statusCode) || (res.statusCode < 300 && takesNoBody(r))) continue;
      answers.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('accepts a normal file on every upload route (and sets the memory baseline)', async () => {
    for (const route of uploadRoutes()) {
      const { ext, content } = normalFile(route.url);
      await tryUpload(route, `normal.${ext}`, content, 'a normal file');
      const last = outcomes.at(-1);
      expect(last?.status, JSON.stringify(last)).toBeLessThan(300);
    }
    baseline = settledMemory();
  });

  for (const file of HOSTILE_FILES) {
    it(`answers ${file.label} clearly on every upload route`, async () => {
      const content = file.make();
      for (const route of uploadRoutes()) {
        if (NOT_SENT[file.label]?.includes(route.url)) continue;
        await tryUpload(route, file.name, content, file.label);
      }
    });
  }

  it('stores, reads or refuses hostile file names, never keeping one that leaves its folder', async () => {
    for (const route of uploadRoutes()) {
      const { ext, content } = normalFile(route.url);
      for (const name of hostileNames(ext)) {
        for (const form of ['raw', 'encoded'] as const) {
          await tryUpload(route, name, content, `name ${JSON.stringify(name.slice(0, 40))} (${form})`, form);
        }
      }
    }
  });

  it("gives the server's memory back, and leaves no file reader running once the app closes", async () => {
    const after = settledMemory();
    const readers = readerProcesses();
    console.log(
      [
        `memory (MB, after GC): heap ${baseline.heapMb.toFixed(0)} → ${after.heapMb.toFixed(0)}, external ${baseline.externalMb.toFixed(0)} → ${after.externalMb.toFixed(0)}, rss ${baseline.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)}`,
        `file readers: ${readers.map((pid) => `${pid} ${rssMb(pid)?.toFixed(0)} MB`).join(', ') || 'none'}`,
        ...outcomes.map(
          (o) =>
            `${o.route} ← ${o.file}: ${o.status} ${o.ms} ms ${o.message.slice(0, 120)}${o.job ? ` | plan ${o.job.status} ${o.job.ms} ms: ${o.job.error ?? ''}` : ''}`,
        ),
      ].join('\n'),
    );
    expect(after.heapMb).toBeLessThan(baseline.heapMb + 64);
    expect(after.externalMb).toBeLessThan(baseline.externalMb + 64);
    // Resident memory comes back to the system slowly; it must not have kept a bomb's gigabytes.
    expect(after.rssMb).toBeLessThan(baseline.rssMb + 512);
    // Readers that read a file and behaved are kept for the next; none may hold a bomb's memory.
    for (const pid of readers) expect(rssMb(pid) ?? 0).toBeLessThan(1024);
    await t.app.close();
    const left = readers.filter((pid) => rssMb(pid) !== undefined);
    expect(left).toEqual([]);
    expect(readerProcesses()).toEqual([]);
  });
});

describe("the file readers' memory ceiling", () => {
  it('stops a reader holding more memory than its ceiling, outside its heap too, and answers 422', async () => {
    // A ceiling below what a reader holds at rest: the first look at it stops the read.
    const sandbox = createExtractSandbox({
      workers: 1,
      residentMb: 16,
      workerScript: compiledReaderScript(),
    });
    try {
      const read = sandbox.run(
        plainPdf(),
        { fileName: 'estimate.pdf' },
        { maxBytes: 1024 * 1024, maxPdfPages: 10, ocrPageTimeoutMs: 1000 },
        { recognize: async () => '' },
      );
      await expect(read).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(/more than 16 MB of memory/),
      });
    } finally {
      await sandbox.close();
    }
  });
});
