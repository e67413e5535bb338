import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { aiPaths, type ParsePdfResponse } from '../../../contracts/ai.js';
import { createExtractSandbox } from '../../providers/extract/sandbox.js';
import type { Agent } from '../../testing/harness.js';
import { multipartBody } from '../documents/documents.test-support.js';

/** For tests: `POST /api/parse-pdf` with one file as the agent (its session cookie). */
export async function parseFile(
  app: FastifyInstance,
  agent: Agent | null,
  name: string,
  content: Uint8Array,
  field = 'file',
  /** The caller's address (default: the agent's own). */
  remoteAddress?: string,
) {
  const { payload, contentType } = await multipartBody([{ name, content, field }]);
  return app.inject({
    method: 'POST',
    url: aiPaths.parsePdf,
    remoteAddress: remoteAddress ?? agent?.remoteAddress ?? '127.0.0.1',
    headers: {
      ...(agent ? { cookie: `sid=${agent.sessionCookie ?? ''}` } : {}),
      'content-type': contentType,
    },
    payload,
  });
}

/**
 * Reads a file with the reader `POST /api/parse-pdf` runs (the same worker process, the default
 * size and page limits) but without its 60 s time budget, which counts wall-clock time: a few real
 * workbooks take 15 s to read on an idle 2-core machine and over a minute on a busy one, and the
 * endpoint then refuses them ("took too long"). For those files only, so their tests don't depend
 * on the machine's load; every other file is read through the endpoint.
 */
export async function readWithoutTimeBudget(
  content: Uint8Array,
  fileName: string,
): Promise<ParsePdfResponse> {
  const sandbox = createExtractSandbox({ workers: 1, timeBudgetMs: 30 * 60_000 });
  try {
    const limits = { maxBytes: 25 * 1024 * 1024, maxPdfPages: 200, ocrPageTimeoutMs: 60_000 };
    const noOcr = {
      recognize: async () => {
        throw new Error(`${fileName}: text recognition is not expected here`);
      },
    };
    return await sandbox.run(content, { fileName }, limits, noOcr);
  } finally {
    await sandbox.close();
  }
}

/** Our own test estimates (written by scripts/make-test-estimates.ts). */
export const ownEstimatesDir = resolve(import.meta.dirname, '../../../../tests/fixtures/estimates');

export function readOwnEstimate(name: string): Buffer {
  return readFileSync(join(ownEstimatesDir, name));
}

interface ExpectedEstimate {
  files: Record<string, string>;
  client: string;
  workTotal: number;
  grandTotal: number;
  keyLines: string[];
  sections: { heading: string; subtotal: number }[];
  items: { description: string; amount: number }[];
}

/** tests/fixtures/estimates/expected.json */
export function ownExpected(): {
  estimates: Record<string, ExpectedEstimate>;
  scannedPage: { file: string; keyLines: string[] };
} {
  return JSON.parse(readFileSync(join(ownEstimatesDir, 'expected.json'), 'utf8'));
}
