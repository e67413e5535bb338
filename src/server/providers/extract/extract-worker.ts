/**
 * The extraction process: reads files as text (pdf.js, exceljs, mammoth, word-extractor, csv-parse)
 * in a child process of the server, so a file that makes a parser loop, swell or crash costs this
 * process, which the server stops or replaces, and never the server. Text recognition is asked of
 * the server's OCR engine (its tesseract.js workers are shared by every extraction).
 */
import { AppError } from '../../errors.js';
import { extractText } from './index.js';
import { type FromWorker, serializeError, type ToWorker } from './worker-protocol.js';

const send = process.send?.bind(process);
if (send) {
  let nextRequest = 1;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (err: unknown) => void }>();
  const post = (message: FromWorker) => {
    send(message);
  };
  // The server went away (or closed the channel): nothing is left to do.
  process.on('disconnect', () => process.exit(0));

  process.on('message', (message: ToWorker) => {
    if (message.type === 'warm') {
      // Load the PDF reader ahead of the first upload (most estimates are PDFs).
      import('./pdf.js').then(
        (pdf) => pdf.preload(),
        () => undefined,
      );
      return;
    }
    if (message.type === 'ocr-result') {
      const waiting = pending.get(message.requestId);
      pending.delete(message.requestId);
      if (!waiting) return;
      if (message.error) {
        const { statusCode, code, message: text } = message.error;
        waiting.reject(statusCode && code ? new AppError(statusCode, code, text) : new Error(text));
      } else {
        waiting.resolve(message.text ?? '');
      }
      return;
    }
    const { id, bytes, source, limits } = message;
    const ocr = {
      recognize: (image: Uint8Array, options: { timeoutMs: number; label: string }) =>
        new Promise<string>((resolve, reject) => {
          const requestId = nextRequest++;
          pending.set(requestId, { resolve, reject });
          post({ type: 'ocr', id, requestId, image, ...options });
        }),
    };
    extractText(bytes, source, limits, { ocr }).then(
      (result) => post({ type: 'done', id, result }),
      (err: unknown) => post({ type: 'failed', id, error: serializeError(err) }),
    );
  });
  post({ type: 'ready' });
}
