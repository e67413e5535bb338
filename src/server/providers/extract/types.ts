import type { ParsePdfResponse } from '../../../contracts/ai.js';

export type { ParsePdfResponse };

/** What is known about an uploaded file besides its bytes. */
export interface ExtractSource {
  fileName: string;
  /** The type the client declared; only a hint, the content decides. */
  mimeType?: string | undefined;
}

export interface ExtractLimits {
  maxBytes: number;
  maxPdfPages: number;
  /** Time allowed to recognise the text of one page or image. */
  ocrPageTimeoutMs: number;
}

/** Recognises the text of an image (PNG/JPEG bytes); provided by the OCR engine. */
export interface Ocr {
  recognize(image: Uint8Array, options: { timeoutMs: number; label: string }): Promise<string>;
}

/** Everything a format reader may need. */
export interface ExtractContext {
  source: ExtractSource;
  limits: ExtractLimits;
  /** Needed only by images and PDF pages without a text layer. */
  ocr: Ocr;
}
