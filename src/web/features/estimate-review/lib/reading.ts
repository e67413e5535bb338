/**
 * The review's reading: the estimate read by the domain's own reader (`readEstimate`, the code the
 * server plans with) with the user's choices and corrections, beside what each line was as read with
 * no corrections (the "as read" the line's selects offer to go back to). The last estimate's reading
 * before corrections is kept (`estimateReader`), so a correction costs the document's assembly, not a
 * reading of every line. The review runs it in a worker (`reading-client.ts`) so the page never
 * waits on it.
 */
import type { EstimateCorrectionsBody } from '@/contracts/estimate-review';
import {
  type EstimateCorrections,
  type EstimateDocument,
  estimateReader,
  TRADES,
  type Trade,
} from '@/domain/estimate';
import type { AsReadLine, Reading, ReadingOptions } from './reading-types';

const isTrade = (value: string): value is Trade => (TRADES as readonly string[]).includes(value);

/** The contract's corrections in the reader's shape (a trade the reader does not know is left out). */
export function toReaderCorrections(body: EstimateCorrectionsBody): EstimateCorrections {
  const lines: NonNullable<EstimateCorrections['lines']> = {};
  for (const [line, { role, trade }] of Object.entries(body.lines ?? {})) {
    lines[line] = { ...(role ? { role } : {}), ...(trade && isTrade(trade) ? { trade } : {}) };
  }
  return {
    lines,
    sheets: { ...body.sheets },
    optionsAfter: body.optionsAfter ?? null,
    statedTotal: body.statedTotal ?? null,
  };
}

let kept: { content: string; read: ReturnType<typeof estimateReader> } | null = null;

function read(content: string, options: ReadingOptions, corrections?: EstimateCorrections) {
  if (kept?.content !== content) kept = { content, read: estimateReader(content) };
  return kept.read({
    ...(options.projectType ? { projectType: options.projectType } : {}),
    ...(options.fileName ? { fileName: options.fileName } : {}),
    choices: options.choices,
    ...(corrections ? { corrections } : {}),
  });
}

function asReadOf(document: EstimateDocument): AsReadLine[] {
  const items = new Map<number, { trade: Trade; section: string | null }>();
  for (const item of document.items) if (!items.has(item.line)) items.set(item.line, item);
  return (document.lines ?? []).map((line) => {
    const item = items.get(line.line);
    return { ...line, trade: item?.trade ?? null, section: item?.section ?? null };
  });
}

const hasCorrections = (c: EstimateCorrectionsBody) =>
  Object.keys(c.lines ?? {}).length > 0 ||
  Object.keys(c.sheets ?? {}).length > 0 ||
  c.optionsAfter != null ||
  c.statedTotal != null;

/**
 * Reads the estimate as corrected, and as read without the corrections. The uncorrected reading
 * depends on the answers only: `baseline` keeps the last one (by its answers) so that a correction
 * costs one reading, not two.
 */
export function readForReview(
  content: string,
  options: ReadingOptions,
  baseline: { key: string; asRead: AsReadLine[] } | null,
): { reading: Reading; baseline: { key: string; asRead: AsReadLine[] } } {
  const started = performance.now();
  const key = JSON.stringify([options.projectType, options.fileName, options.choices]);
  let base = baseline?.key === key ? baseline : null;
  let document: EstimateDocument;
  if (hasCorrections(options.corrections)) {
    document = read(content, options, toReaderCorrections(options.corrections));
    base ??= { key, asRead: asReadOf(read(content, options)) };
  } else {
    document = read(content, options);
    base = { key, asRead: asReadOf(document) };
  }
  return { reading: { document, asRead: base.asRead, ms: performance.now() - started }, baseline: base };
}
