import type { FastifyBaseLogger } from 'fastify';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import {
  createOcrEngine,
  type ExtractLimits,
  extractText,
  type OcrEngine,
} from '../../providers/extract/index.js';

/** Files read at once per server (each can hold a whole PDF and its pages in memory). */
const CONCURRENT_READS = 2;
/** Uploads allowed to wait for a reader before new ones are answered 503. */
const MAX_WAITING = 20;

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  /** The file's bytes; rejects with a 413 when the upload is over the size limit. */
  read(): Promise<Buffer>;
}

export interface IngestionService {
  parse(file: UploadedFile, log: FastifyBaseLogger): Promise<ParsePdfResponse>;
  /** Stops the OCR workers (the app's onClose). */
  close(): Promise<void>;
}

/** Reading uploaded estimates as text (issue 6 §1); the OCR workers are started on first use. */
export function ingestionService(ctx: AppContext): IngestionService {
  const limits: ExtractLimits = {
    maxBytes: ctx.config.maxUploadBytes,
    maxPdfPages: ctx.config.ingestion.maxPdfPages,
    ocrPageTimeoutMs: ctx.config.ingestion.ocrPageTimeoutMs,
  };
  let ocr: OcrEngine | undefined;
  const ocrEngine = () => {
    ocr ??= createOcrEngine({ workers: ctx.config.ingestion.ocrWorkers });
    return ocr;
  };
  // The OCR engine is only created when a file needs it.
  const lazyOcr = {
    recognize: (image: Uint8Array, options: { timeoutMs: number; label: string }) =>
      ocrEngine().recognize(image, options),
  };

  let reading = 0;
  const waiting: (() => void)[] = [];
  async function turn(): Promise<() => void> {
    if (reading >= CONCURRENT_READS) {
      if (waiting.length >= MAX_WAITING) {
        throw new AppError(
          503,
          'ingestion_busy',
          'Too many files are being read right now; try again in a minute.',
        );
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    reading += 1;
    return () => {
      reading -= 1;
      waiting.shift()?.();
    };
  }

  return {
    async parse(file, log) {
      const bytes = await file.read();
      const release = await turn();
      const started = performance.now();
      try {
        const result = await extractText(
          bytes,
          { fileName: file.fileName, mimeType: file.mimeType },
          limits,
          { ocr: lazyOcr },
        );
        log.info(
          {
            format: result.format,
            pages: result.pages,
            ocr: result.ocr,
            bytes: bytes.byteLength,
            chars: result.content.length,
            ms: Math.round(performance.now() - started),
          },
          'estimate read as text',
        );
        return result;
      } finally {
        release();
      }
    },
    async close() {
      await ocr?.close();
      ocr = undefined;
    },
  };
}
