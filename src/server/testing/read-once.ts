/**
 * The suites that read real estimate files (the reader's own, the text recognition's and the
 * estimate-to-plan one) ask `POST /api/parse-pdf` for many of the same files. The reader is
 * deterministic, so reading the same bytes under the same name again proves nothing new, while the
 * largest workbooks and every scanned image cost many seconds of CPU each time. A file read by one
 * of them is read for real once per test run, by whichever test asks first, and every later asker,
 * in any worker of the run, takes that answer. Only a file read whole (200) is shared: a refusal
 * depends on the asking app's limits, and tests of refusals always ask the endpoint themselves.
 *
 * The answers are kept in a folder the API projects' global setup makes for the run
 * (READS_DIR_ENV); without it (a test file run on its own) every asker reads for itself.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ParsePdfResponse } from '../../contracts/ai.js';

/** Set by the global setup for the test files: the run's folder of shared answers. */
export const READS_DIR_ENV = 'TEST_SHARED_READS_DIR';

/**
 * Makes the run's folder of shared answers and sets {@link READS_DIR_ENV} for the test files;
 * answers the teardown that removes it.
 */
export function prepareSharedReads(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'babe-reads-'));
  process.env[READS_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** What a read answered: the endpoint's status and body. */
export interface ReadReply {
  statusCode: number;
  body: string;
}

/** How often a test waiting for another's read of the same file looks again. */
const POLL_MS = 100;

function keyOf(fileName: string, bytes: Uint8Array): string {
  return createHash('sha256').update(fileName).update('\0').update(bytes).digest('hex');
}

/** Claims the file's read for this caller; false when another caller holds it. */
function claim(lockPath: string): boolean {
  try {
    closeSync(openSync(lockPath, 'wx'));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function parsed(fileName: string, reply: ReadReply): ParsePdfResponse {
  if (reply.statusCode !== 200) throw new Error(`${fileName}: ${reply.statusCode} ${reply.body}`);
  return JSON.parse(reply.body) as ParsePdfResponse;
}

/**
 * What `POST /api/parse-pdf` answers for `bytes` under `fileName`: the run's earlier answer when
 * there is one, else `read()`'s (the caller's own request to the endpoint), kept for later askers
 * when it is a 200. Throws, naming the file, status and body, when the read did not succeed.
 */
export async function readOncePerRun(
  fileName: string,
  bytes: Uint8Array,
  read: () => Promise<ReadReply>,
): Promise<ParsePdfResponse> {
  const dir = process.env[READS_DIR_ENV];
  if (!dir || !existsSync(dir)) return parsed(fileName, await read());
  const key = keyOf(fileName, bytes);
  const answerPath = join(dir, `${key}.json`);
  const lockPath = join(dir, `${key}.lock`);
  for (;;) {
    if (existsSync(answerPath)) return JSON.parse(readFileSync(answerPath, 'utf8')) as ParsePdfResponse;
    if (claim(lockPath)) break;
    // Another test is reading the same file: its answer (or its giving up) is awaited, however long
    // a busy machine makes that read; the test's own time limit bounds the wait.
    await sleep(POLL_MS);
  }
  try {
    // The answer may have been written between the last look and the claim.
    if (existsSync(answerPath)) return JSON.parse(readFileSync(answerPath, 'utf8')) as ParsePdfResponse;
    const answer = parsed(fileName, await read());
    const partial = `${answerPath}.partial`;
    writeFileSync(partial, JSON.stringify(answer));
    renameSync(partial, answerPath);
    return answer;
  } finally {
    rmSync(lockPath, { force: true });
  }
}
