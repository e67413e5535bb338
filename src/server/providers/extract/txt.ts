import { extractError } from './errors.js';
import { decodeText, hasText } from './text-decode.js';
import type { ExtractContext, ParsePdfResponse } from './types.js';

/** A plain-text file, as it is (UTF-8, else Windows-1252), line ends normalised to `\n`. */
export function extractTxt(bytes: Uint8Array, ctx: ExtractContext): ParsePdfResponse {
  const content = decodeText(bytes);
  if (!hasText(content)) throw extractError('empty', `"${ctx.source.fileName}" has no text.`);
  return { content, pages: 1, ocr: false, format: 'txt', warnings: [] };
}
