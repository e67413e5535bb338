/** Messages between the server and an extraction worker thread (see extract-worker.ts). */
import { AppError } from '../../errors.js';
import type { ExtractLimits, ExtractSource, ParsePdfResponse } from './types.js';

export type ToWorker =
  | { type: 'warm' }
  | { type: 'job'; id: number; bytes: Uint8Array; source: ExtractSource; limits: ExtractLimits }
  | { type: 'ocr-result'; requestId: number; text?: string; error?: SerializedError };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: ParsePdfResponse }
  | { type: 'failed'; id: number; error: SerializedError }
  | { type: 'ocr'; id: number; requestId: number; image: Uint8Array; timeoutMs: number; label: string };

export interface SerializedError {
  statusCode?: number;
  code?: string;
  message: string;
  /** Set for errors that are not the reader's own verdict on the file (a bug, a library failure). */
  unexpected?: boolean;
  stack?: string;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof AppError) return { statusCode: err.statusCode, code: err.code, message: err.message };
  const e = err as { message?: unknown; stack?: unknown };
  return {
    message: typeof e?.message === 'string' ? e.message : String(err),
    unexpected: true,
    ...(typeof e?.stack === 'string' ? { stack: e.stack } : {}),
  };
}
