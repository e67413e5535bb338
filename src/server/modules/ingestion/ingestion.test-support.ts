import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { aiPaths, type ParsePdfResponse } from '../../../contracts/ai.js';
import type { Agent } from '../../testing/harness.js';
import { readOncePerRun } from '../../testing/read-once.js';
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
 * An estimate file read whole through `POST /api/parse-pdf` as the agent, once in the test run: the
 * reader's suites and the estimate-to-plan one read the same files (../../testing/read-once.ts).
 * Throws, naming the file, status and body, when it is not read.
 */
export function readEstimateOnce(
  app: FastifyInstance,
  agent: Agent,
  name: string,
  content: Uint8Array,
): Promise<ParsePdfResponse> {
  return readOncePerRun(name, content, () => parseFile(app, agent, name, content));
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
