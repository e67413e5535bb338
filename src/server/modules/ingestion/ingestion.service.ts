import type { FastifyBaseLogger } from 'fastify';
import type { ParsePdfResponse } from '../../../contracts/ai.js';
import type { AppContext } from '../../context.js';
import type { ExtractLimits } from '../../providers/extract/index.js';
import { createOcrEngine, type OcrEngine } from '../../providers/extract/ocr.js';
import { createExtractSandbox, type ExtractSandbox } from '../../providers/extract/sandbox.js';
import { warmUpPdf } from '../../providers/extract/warm-up-pdf.js';

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  /** The file's bytes; rejects with a 413 when the upload is over the size limit. */
  read(): Promise<Buffer>;
}

export interface IngestionService {
  parse(file: UploadedFile, log: FastifyBaseLogger): Promise<ParsePdfResponse>;
  /**
   * Starts a reader process and the text-recognition workers ahead of the first upload, in the
   * background (the app's onReady outside tests does not wait for it); resolves when both are ready.
   */
  warmUp(): Promise<void>;
  /** Stops the reader and OCR workers (the app's onClose). */
  close(): Promise<void>;
}

const perApp = new WeakMap<AppContext, IngestionService>();

/**
 * The app's one reader (its reader processes and OCR workers), shared by every route and job that
 * reads files; whoever closes it (the ingestion routes, when the app closes) lets the next user
 * start a new one.
 */
export function sharedIngestion(ctx: AppContext): IngestionService {
  let service = perApp.get(ctx);
  if (!service) {
    const made = ingestionService(ctx);
    service = {
      ...made,
      async close() {
        if (perApp.get(ctx) === service) perApp.delete(ctx);
        await made.close();
      },
    };
    perApp.set(ctx, service);
  }
  return service;
}

/**
 * Reading uploaded estimates as text: files are read in reader processes, scans are
 * recognised by the shared OCR workers; both are started on first use.
 */
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

  // Files are read in reader processes (memory limit, CPU-time budget); started on first use.
  let sandbox: ExtractSandbox | undefined;
  const reader = () => {
    sandbox ??= createExtractSandbox({ workerScript: ctx.config.ingestion.readerScript });
    return sandbox;
  };

  return {
    async parse(file, log) {
      const bytes = await file.read();
      const started = performance.now();
      const result = await reader().run(
        bytes,
        { fileName: file.fileName, mimeType: file.mimeType },
        limits,
        lazyOcr,
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
    },
    async warmUp() {
      const readOne = async () => {
        await reader().warmUp();
        // One small PDF through the whole path: the first real upload then runs warm.
        await reader().run(
          warmUpPdf(),
          { fileName: 'warm-up.pdf', mimeType: 'application/pdf' },
          limits,
          lazyOcr,
        );
      };
      await Promise.all([readOne(), ocrEngine().warmUp()]);
    },
    async close() {
      await Promise.all([sandbox?.close(), ocr?.close()]);
      sandbox = undefined;
      ocr = undefined;
    },
  };
}
