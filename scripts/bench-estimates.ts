/**
 * The estimate corpus: every estimate in ../shared/fixtures/estimates and our own test estimates
 * (tests/fixtures/estimates/expected.json), read and planned through the product's own routes
 * (`POST /api/parse-pdf`, `POST /api/ai/generate-project-plan`) on an in-memory PGlite, as a user's
 * upload is. One row per file:
 *
 *  - read, refused (the status and message), or waiting for an answer (the question's key);
 *  - the lines by role (the reader's ledger: work, allowance, charge, total, recap, other bids…);
 *  - the planned total against the document's own stated total, and the difference in %;
 *  - the corrections the review needs before they reconcile (`correctionsToReconcile`: 0, a count
 *    up to 3, `>3`, or `—` when the document states no total);
 *  - the plan: tasks, working days from the first start to the finish, links by type;
 *  - the time to read the file (the endpoint), to parse it with its library alone (pdf.js, exceljs,
 *    or the product's extractor for the other formats: `bench-estimates-raw-parse.ts`), and to plan it.
 *
 * Then one figure: the review's recompute of a 2,000-line estimate after one correction
 * (`bench-estimates-recompute.ts`), against the 16 ms of one frame.
 *
 *     npm run bench:estimates        (node --import tsx scripts/bench-estimates.ts)
 *
 * Prints figures only; it asserts nothing (the fixture suites do, from each document's own figures).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { GeneratedPlanDto, ParsePdfResponse } from '../src/contracts/ai.js';
import { type CorrectionsNeeded, correctionsToReconcile } from '../src/domain/estimate/correction-search.js';
import { readEstimate } from '../src/domain/estimate/index.js';
import type { EstimateDocument } from '../src/domain/estimate/types.js';
import { parseDependencies } from '../src/domain/schedule/dependencies.js';
import { sharedIngestion } from '../src/server/modules/ingestion/ingestion.service.js';
import { Agent } from '../src/server/testing/harness.js';
import { startBenchApp } from './bench-app.js';
import { startRawParser } from './bench-estimates-raw-parse.js';
import { reviewRecompute } from './bench-estimates-recompute.js';

const SHARED = resolve(import.meta.dirname, '../../shared/fixtures/estimates');
const OWN = resolve(import.meta.dirname, '../tests/fixtures/estimates');

function corpus(): string[] {
  const shared = readdirSync(SHARED)
    .filter((f) => !f.startsWith('.') && !/\.md$/i.test(f))
    .map((f) => join(SHARED, f));
  const expected = JSON.parse(readFileSync(join(OWN, 'expected.json'), 'utf8')) as {
    estimates: Record<string, { files: Record<string, string> }>;
  };
  const own = Object.values(expected.estimates).flatMap((e) =>
    Object.values(e.files).map((f) => join(OWN, f)),
  );
  return [...shared.sort(), ...own];
}

const ROLES = [
  'work',
  'allowance',
  'charge',
  'total',
  'subtotal',
  'recap',
  'other-bidder',
  'other-model',
] as const;

function rolesOf(doc: EstimateDocument): string {
  const counts = new Map<string, number>();
  for (const l of doc.lines ?? []) counts.set(l.disposition, (counts.get(l.disposition) ?? 0) + 1);
  const named = ROLES.filter((r) => counts.has(r)).map((r) => `${r} ${counts.get(r)}`);
  const rest = [...counts].filter(([r]) => !(ROLES as readonly string[]).includes(r));
  const others = rest.reduce((sum, [, n]) => sum + n, 0);
  return [...named, ...(others > 0 ? [`other ${others}`] : [])].join(', ') || 'none';
}

/** Working days between the plan's first start and its finish, Monday to Friday. */
function workingDays(plan: GeneratedPlanDto): number {
  const starts = plan.tasks.map((t) => t.startDate.slice(0, 10)).sort();
  const first = starts[0];
  if (!first) return 0;
  let days = 0;
  for (let d = new Date(`${first}T00:00:00Z`); d <= new Date(`${plan.finishDate}T00:00:00Z`); ) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days += 1;
    d = new Date(d.getTime() + 86_400_000);
  }
  return days;
}

function linksOf(plan: GeneratedPlanDto): string {
  const counts = new Map<string, number>();
  for (const t of plan.tasks) {
    const read = parseDependencies(t.dependencies);
    if (read.ok) for (const l of read.value) counts.set(l.type, (counts.get(l.type) ?? 0) + 1);
  }
  return [...counts].map(([type, n]) => `${type} ${n}`).join(', ') || 'none';
}

const correctionsText = (c: CorrectionsNeeded) =>
  c.status === 'no-total' ? '—' : c.status === 'beyond' ? `>${c.steps}` : String(c.steps);

const money = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

function multipart(bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return new Response(form);
}

const { app, ctx, close } = await startBenchApp('bench-estimates');
await sharedIngestion(ctx).warmUp();
const rawParser = await startRawParser();
const ms = (n: number | null) => (n === null ? '—' : n.toFixed(0));

try {
  const agent = new Agent(app);
  await agent.signUpWithCompany({ company: 'Corpus Builders' });
  console.log(
    `Estimate corpus on ${cpus().length} cores (load average ${loadavg()[0]?.toFixed(2)}), ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log(
    [
      'file',
      'read',
      'lines by role',
      'planned',
      'stated',
      'diff %',
      'corrections',
      'tasks',
      'work days',
      'links',
      'read ms',
      'raw parse ms',
      'plan ms',
    ].join(' | '),
  );
  for (const path of corpus()) {
    const fileName = basename(path);
    const bytes = new Uint8Array(readFileSync(path));
    const encoded = multipart(bytes, fileName);
    const t0 = performance.now();
    const parsedRes = await app.inject({
      method: 'POST',
      url: '/api/parse-pdf',
      headers: {
        cookie: `sid=${agent.sessionCookie ?? ''}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    const readMs = performance.now() - t0;
    const rawMs = await rawParser.parseMs(bytes, fileName);
    if (parsedRes.statusCode !== 200) {
      const message = (parsedRes.json() as { message?: string }).message ?? '';
      console.log(
        `${fileName} | refused ${parsedRes.statusCode}: ${message.slice(0, 80)} | | | | | | | | | ${readMs.toFixed(0)} | ${ms(rawMs)} |`,
      );
      continue;
    }
    const parsed = parsedRes.json() as ParsePdfResponse;
    const doc = readEstimate(parsed.content);
    const against = doc.reconciliation?.against?.value ?? null;
    const planned = doc.reconciliation?.plannedTotal ?? doc.itemsTotal;
    const read = doc.reconciliation;
    const compared = read
      ? read.plannedTotal + (against === doc.grandTotal ? read.allowanceTotal + read.chargesTotal : 0)
      : planned;
    const diff = against ? (((compared - against) / against) * 100).toFixed(2) : '—';
    const project = await agent.post('/api/projects', {
      name: fileName.slice(0, 120),
      client: 'Corpus',
      type: 'Commercial',
      budget: '1000000',
      startDate: '2027-03-01',
      endDate: '2028-12-29',
    });
    const projectId = (project.json() as { id: number }).id;
    const t1 = performance.now();
    const res = await agent.post('/api/ai/generate-project-plan', {
      projectId,
      projectType: 'Commercial',
      estimateContent: parsed.content,
      fileName,
    });
    const planMs = performance.now() - t1;
    const status =
      res.statusCode === 200
        ? 'read'
        : `plan ${res.statusCode}: ${((res.json() as { message?: string }).message ?? '').slice(0, 60)}`;
    const plan = res.statusCode === 200 ? (res.json() as GeneratedPlanDto) : null;
    console.log(
      [
        fileName,
        status,
        rolesOf(doc),
        money(compared),
        money(against),
        diff,
        correctionsText(correctionsToReconcile(parsed.content)),
        plan?.tasks.length ?? '—',
        plan ? workingDays(plan) : '—',
        plan ? linksOf(plan) : '—',
        readMs.toFixed(0),
        ms(rawMs),
        planMs.toFixed(0),
      ].join(' | '),
    );
  }
  const recompute = reviewRecompute(2_000, 20);
  console.log(
    `review recompute (2,000 lines): ${recompute.medianMs.toFixed(0)} ms (one frame: 16 ms); median of 20 corrections of one line's role applied to the kept reading (a whole reading: ${recompute.fullReadMs.toFixed(0)} ms), ${recompute.workLines.toLocaleString('en-US')} work lines as read, ${recompute.reconciles ? 'reconciles' : 'does not reconcile'} after the correction`,
  );
} finally {
  await rawParser.close();
  await close();
}
